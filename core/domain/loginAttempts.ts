/**
 * Login attempts of one key (a username, a client address) over a sliding window. The window is
 * cut into `slotsPerWindow` slots, and a key keeps a count for each of the last window's slots and
 * one slot more. Any span as long as the window lies inside the slots counted, so nobody gets more
 * than the limit in any such span however the attempts are timed (fixed windows let a burst that
 * straddles an edge through twice), and a client held back waits at most a window and a slot.
 */
export const slotsPerWindow = 10;

export interface RecentAttempts {
  /** The newest slot counted: slot n is [n × slotMs, (n + 1) × slotMs) since the epoch. */
  readonly slot: number;
  readonly slotMs: number;
  /** Attempts per slot, newest first: counts[i] is slot `slot - i`. */
  readonly counts: readonly number[];
  /** The slot in which an attempt held back was last told (to the account audit); null: never. */
  readonly toldSlot?: number | null;
}

/** What reserving an attempt found: whether it was counted, and whether its hold is to be told. */
export interface Reservation {
  /** The key's attempts after this one (counted or not). */
  readonly attempts: RecentAttempts;
  /** False: the count was at the limit, so the attempt was held back and not counted. */
  readonly counted: boolean;
  /** Held back, and no hold of this key was told for a window: tell this one. */
  readonly tell: boolean;
}

export const slotMsOf = (windowSeconds: number): number => (windowSeconds * 1000) / slotsPerWindow;

/** The slot `t` falls in. */
export const slotOf = (t: Date, slotMs: number): number => Math.floor(t.getTime() / slotMs);

/**
 * The counts seen from `now`'s slot, newest first, those older than the window and a slot left
 * out. When another process's clock is behind, `now` may be before the newest slot: the newest
 * slot stands for it. Counts kept under another window length count whole in the newest slot,
 * so changing SERVICE_LOGIN_WINDOW_SECONDS frees nobody early.
 */
const seenFrom = (
  r: RecentAttempts | null,
  now: Date,
  slotMs: number,
): { slot: number; counts: number[] } => {
  const at = Math.max(slotOf(now, slotMs), r && r.slotMs === slotMs ? r.slot : 0);
  if (!r) return { slot: at, counts: [0] };
  if (r.slotMs !== slotMs) return { slot: at, counts: [sum(r.counts)] };
  const moved = at - r.slot;
  const counts = [...new Array<number>(Math.min(moved, slotsPerWindow + 1)).fill(0), ...r.counts];
  return { slot: at, counts: counts.slice(0, slotsPerWindow + 1) };
};

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/** One more attempt at `now`. */
export const withAttempt = (r: RecentAttempts | null, now: Date, windowSeconds: number): RecentAttempts => {
  const slotMs = slotMsOf(windowSeconds);
  const { slot, counts } = seenFrom(r, now, slotMs);
  counts[0] = (counts[0] ?? 0) + 1;
  return { slot, slotMs, counts };
};

/**
 * An attempt made at `now` given back (the login succeeded): taken from `now`'s slot, or from the
 * next one that has any when another process put it in a newer one. Nothing when none is left.
 */
export const withoutAttempt = (r: RecentAttempts, now: Date, windowSeconds: number): RecentAttempts => {
  const slotMs = slotMsOf(windowSeconds);
  const { slot, counts } = seenFrom(r, now, slotMs);
  const own = slot - slotOf(now, slotMs);
  for (let i = own < counts.length ? own : -1; i >= 0; i--) {
    if ((counts[i] ?? 0) > 0) {
      counts[i]! -= 1;
      break;
    }
  }
  return { slot, slotMs, counts };
};

/**
 * One more attempt at `now` while fewer than `limit` are counted; at the limit the attempt is held
 * back and not counted, so refused tries never push a key's count (or the wait they are told) up.
 * A hold is told once a window at most: the first held back attempt, then the first one a window
 * after the last told.
 */
export const reserveWithin = (
  r: RecentAttempts | null,
  now: Date,
  windowSeconds: number,
  limit: number,
): Reservation => {
  const slotMs = slotMsOf(windowSeconds);
  const { slot, counts } = seenFrom(r, now, slotMs);
  // A tell under another window length is in other slots: told afresh.
  const told = r && r.slotMs === slotMs ? (r.toldSlot ?? null) : null;
  if (sum(counts) < limit)
    return {
      attempts: { ...withAttempt(r, now, windowSeconds), toldSlot: told },
      counted: true,
      tell: false,
    };
  const tell = told === null || slot - told > slotsPerWindow;
  return { attempts: { slot, slotMs, counts, toldSlot: tell ? slot : told }, counted: false, tell };
};

/** The attempts counted at `now`: every one of the last window, and at most a slot more. */
export const attemptsAt = (r: RecentAttempts, now: Date, windowSeconds: number): number =>
  sum(seenFrom(r, now, slotMsOf(windowSeconds)).counts);

/** When one more attempt will be within `limit`: the start of the first slot where the older slots have left the count. */
export const nextAllowedAt = (r: RecentAttempts, now: Date, windowSeconds: number, limit: number): Date => {
  const slotMs = slotMsOf(windowSeconds);
  const { slot, counts } = seenFrom(r, now, slotMs);
  if (sum(counts) < limit) return now;
  // From slot + j on, the counts at index slotsPerWindow - j + 1 and beyond have left the window.
  for (let j = 1; j <= slotsPerWindow; j++)
    if (sum(counts.slice(0, slotsPerWindow + 1 - j)) < limit) return new Date((slot + j) * slotMs);
  return new Date((slot + slotsPerWindow + 1) * slotMs);
};

/**
 * What runs cost on their backend: one record per attempt that reached a backend, and the sums
 * people plan allocations by (node-hours and CPU-hours per calendar month, profile and outcome).
 * Months are UTC calendar months; a run that spans two is split at the boundary, in proportion to
 * its run time on each side.
 */

export type UsageOutcome = 'completed' | 'failed' | 'cancelled';
/**
 * Where the figures come from: `sacct` (Slurm's accounting, as the job ended), `session` (a DALiuGE
 * session: deployed when we deployed it, ended when a poll saw it end, on the node managers that
 * held its drops), `estimate` (the backend could not say: our own clock and the profile's nodes).
 */
export type UsageSource = 'sacct' | 'session' | 'estimate';

/** What a backend reports of an attempt that ended, beside its outcome. */
export interface RemoteUsage {
  readonly source: 'sacct' | 'session';
  /** The backend's own id of the work (Slurm job id, DIM session id). */
  readonly jobId: string;
  readonly submittedAt: Date | null;
  /** Null when the work never started (cancelled in the queue). */
  readonly startedAt: Date | null;
  /** Null when the backend cannot say; the poll that saw the end fills it. */
  readonly endedAt: Date | null;
  /** Run time as the backend counts it (Slurm's ElapsedRaw); null: from the times. */
  readonly elapsedSeconds: number | null;
  readonly nodes: number;
  readonly cpus: number | null;
  readonly cpuSeconds: number | null;
  readonly maxRssBytes: number | null;
  readonly state: string;
  readonly exitCode: string | null;
}

/** One attempt's usage as it is stored. */
export interface AttemptUsage {
  readonly executionId: string;
  readonly attempt: number;
  readonly projectModule: string;
  readonly profileName: string;
  readonly backend: 'rest_remote' | 'batch_remote';
  readonly outcome: UsageOutcome;
  readonly source: UsageSource;
  readonly jobId: string | null;
  readonly submittedAt: Date | null;
  readonly startedAt: Date | null;
  readonly endedAt: Date;
  /** From submission to start: the cluster's queue, kept apart from run time. */
  readonly queueSeconds: number;
  readonly runSeconds: number;
  readonly nodes: number;
  readonly cpus: number | null;
  readonly nodeSeconds: number;
  readonly cpuSeconds: number | null;
  readonly maxRssBytes: number | null;
  readonly remoteState: string;
  readonly exitCode: string | null;
  /** A batch attempt's wall time (sbatch --time), in minutes; null for a DALiuGE session. */
  readonly limitMinutes: number | null;
  /**
   * Seconds from a worker taking the attempt to its submission (staging, translation, submission
   * and their waits): our time, beside the cluster's queue and run. Null: not known.
   */
  readonly ourSeconds: number | null;
  /** The graph it ran (its file's name); null when not known. */
  readonly graph: string | null;
}

const seconds = (from: Date | null, to: Date | null): number =>
  from && to ? Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000)) : 0;

/** The figures of an attempt that ended, from what its backend reported or, without a report, estimated. */
export const attemptUsage = (a: {
  readonly executionId: string;
  readonly attempt: number;
  readonly projectModule: string;
  readonly profileName: string;
  readonly backend: 'rest_remote' | 'batch_remote';
  readonly outcome: UsageOutcome;
  readonly remoteState: string;
  readonly reported: RemoteUsage | null;
  /**
   * The estimate's inputs: when we submitted, when we saw it start (null: never seen starting, so it
   * counts no run time), the nodes the profile asks for.
   */
  readonly submittedAt: Date | null;
  readonly seenStartedAt: Date | null;
  readonly profileNodes: number;
  readonly limitMinutes: number | null;
  readonly ourSeconds: number | null;
  readonly graph: string | null;
  readonly now: Date;
}): AttemptUsage => {
  const r = a.reported;
  const submittedAt = r?.submittedAt ?? a.submittedAt;
  const startedAt = r ? r.startedAt : a.seenStartedAt;
  const endedAt = r?.endedAt ?? a.now;
  const runSeconds = r?.elapsedSeconds ?? seconds(startedAt, endedAt);
  const nodes = r ? r.nodes : a.profileNodes;
  return {
    executionId: a.executionId,
    attempt: a.attempt,
    projectModule: a.projectModule,
    profileName: a.profileName,
    backend: a.backend,
    outcome: a.outcome,
    source: r?.source ?? 'estimate',
    jobId: r?.jobId ?? null,
    submittedAt,
    startedAt,
    endedAt,
    queueSeconds: startedAt ? seconds(submittedAt, startedAt) : seconds(submittedAt, endedAt),
    runSeconds: startedAt ? runSeconds : 0,
    nodes,
    cpus: r?.cpus ?? null,
    nodeSeconds: startedAt ? runSeconds * nodes : 0,
    cpuSeconds: r?.cpuSeconds ?? null,
    maxRssBytes: r?.maxRssBytes ?? null,
    remoteState: r?.state ?? a.remoteState,
    exitCode: r?.exitCode ?? null,
    limitMinutes: a.limitMinutes,
    ourSeconds: a.ourSeconds,
    graph: a.graph,
  };
};

// ---- Months (UTC) ----

/** The first instant of the UTC calendar month that holds `t`, and of the next one. */
export const monthOf = (t: Date): { start: Date; end: Date } => {
  const y = t.getUTCFullYear();
  const m = t.getUTCMonth();
  return { start: new Date(Date.UTC(y, m, 1)), end: new Date(Date.UTC(y, m + 1, 1)) };
};

/** `YYYY-MM` of the UTC month that holds `t`. */
export const monthKey = (t: Date): string => t.toISOString().slice(0, 7);

/** The first instant of the UTC day that holds `t`, and of the next one. */
export const dayOf = (t: Date): { start: Date; end: Date } => {
  const start = new Date(Math.floor(t.getTime() / 86_400_000) * 86_400_000);
  return { start, end: new Date(start.getTime() + 86_400_000) };
};

/** `YYYY-MM-DD` of the UTC day that holds `t`. */
export const dayKey = (t: Date): string => t.toISOString().slice(0, 10);

/**
 * The share of an attempt's run inside [from, to): its run time is spread evenly between its start
 * and its end, so a run across a month's end counts on each side for the time it ran there. A run
 * that never started counts nothing; one whose start and end coincide counts wholly where it ended.
 */
export const shareWithin = (u: Pick<AttemptUsage, 'startedAt' | 'endedAt'>, from: Date, to: Date): number => {
  if (!u.startedAt) return 0;
  const s = u.startedAt.getTime();
  const e = u.endedAt.getTime();
  if (e <= s) return e >= from.getTime() && e < to.getTime() ? 1 : 0;
  const overlap = Math.min(e, to.getTime()) - Math.max(s, from.getTime());
  return overlap > 0 ? overlap / (e - s) : 0;
};

/** An attempt's run cut at UTC month boundaries: each month it ran in, with its share. */
export const monthsOf = (
  u: Pick<AttemptUsage, 'startedAt' | 'endedAt'>,
): { month: string; share: number }[] => {
  const out: { month: string; share: number }[] = [];
  if (!u.startedAt) return out;
  const first = u.startedAt < u.endedAt ? u.startedAt : u.endedAt;
  for (let m = monthOf(first); m.start <= u.endedAt; m = monthOf(m.end)) {
    const share = shareWithin(u, m.start, m.end);
    if (share > 0) out.push({ month: monthKey(m.start), share });
  }
  return out;
};

// ---- Sums ----

export const usageGroupings = ['month', 'day', 'profile', 'graph', 'state', 'source'] as const;
export type UsageGrouping = (typeof usageGroupings)[number];

export interface UsageTotals {
  readonly runs: number;
  readonly node_hours: number;
  readonly cpu_hours: number;
  /** Node-hours of runs that did not complete (failed or cancelled). */
  readonly badput_node_hours: number;
  readonly queue_hours: number;
  /** Runs whose CPU time no backend reported (a DALiuGE session, an estimate): their CPU-hours are not in cpu_hours. */
  readonly runs_without_cpu: number;
}

export interface UsageGroup extends UsageTotals {
  readonly key: string;
  /** The group's node-hours split by final state (a chart's stacks). */
  readonly node_hours_by_outcome: Readonly<Record<UsageOutcome, number>>;
  /** The group's runs by final state (each a share, as `runs`): a failure rate's parts. */
  readonly runs_by_outcome: Readonly<Record<UsageOutcome, number>>;
  /** The median and the 95th percentile of the run times and queue waits of its runs that started (seconds; null with none). */
  readonly run_seconds: Percentiles | null;
  readonly queue_seconds: Percentiles | null;
  /** The same of the time its runs spent with us before their backend had them (where known). */
  readonly our_seconds: Percentiles | null;
}

export interface Percentiles {
  readonly p50: number;
  readonly p95: number;
}

/** Nearest-rank percentiles of some figures (each run once, whatever its share of the group). */
export const percentiles = (values: readonly number[]): Percentiles | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!;
  return { p50: round(at(0.5), 3), p95: round(at(0.95), 3) };
};

// Six places: a few node-seconds, so a source's share of a short grouped run is not rounded away.
const round = (x: number, places = 6) => Math.round(x * 10 ** places) / 10 ** places;

/**
 * An attempt's part in a sum: `share` of its run inside the range (or month), and `split`, its
 * part of the run's resources (a source of a run of n sources holds 1/n; 1 otherwise).
 */
interface Part {
  readonly u: AttemptUsage;
  readonly share: number;
  readonly split?: number;
}

const sum = (parts: readonly Part[]): UsageTotals => {
  let runs = 0;
  let node = 0;
  let cpu = 0;
  let bad = 0;
  let queue = 0;
  let noCpu = 0;
  for (const { u, share, split = 1 } of parts) {
    // A run counts whole for each of its sources; what it held, by their part of it.
    runs += share;
    node += u.nodeSeconds * share * split;
    if (u.cpuSeconds === null) noCpu += share;
    else cpu += u.cpuSeconds * share * split;
    if (u.outcome !== 'completed') bad += u.nodeSeconds * share * split;
    queue += u.queueSeconds * share;
  }
  return {
    runs: round(runs, 3),
    node_hours: round(node / 3600),
    cpu_hours: round(cpu / 3600),
    badput_node_hours: round(bad / 3600),
    queue_hours: round(queue / 3600),
    runs_without_cpu: round(noCpu, 3),
  };
};

const runsByOutcome = (parts: readonly Part[]): Record<UsageOutcome, number> => {
  const out = { completed: 0, failed: 0, cancelled: 0 };
  for (const { u, share } of parts) out[u.outcome] += share;
  return {
    completed: round(out.completed, 3),
    failed: round(out.failed, 3),
    cancelled: round(out.cancelled, 3),
  };
};

/** A group's runs that started, each once (a run across a day's end is in both days). */
const started = (parts: readonly Part[]) => {
  const seen = new Set<string>();
  return parts.filter(({ u }) => {
    const k = `${u.executionId}:${u.attempt}`;
    if (!u.startedAt || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
};

const byOutcome = (parts: readonly Part[]): Record<UsageOutcome, number> => {
  const out = { completed: 0, failed: 0, cancelled: 0 };
  for (const { u, share, split = 1 } of parts) out[u.outcome] += u.nodeSeconds * share * split;
  return {
    completed: round(out.completed / 3600),
    failed: round(out.failed / 3600),
    cancelled: round(out.cancelled / 3600),
  };
};

/**
 * Usage in [from, to), in groups. Each attempt counts by the share of its run inside the range
 * (and, by month, inside each month); a run that never started counts where it ended, as a run of
 * no node-hours. `runs` is therefore a sum of shares: a run across a month's end counts a part in
 * each month. By month, every month of the range has its group, empty or not. By source, each
 * source of a run (`sourcesOf`, by execution id) is a group: the run counts in each, and its
 * node-, CPU- and badput hours are split equally among them (one allocation served them all, and
 * a DALiuGE graph does not say which drop served which source); a run whose sources are unknown
 * (gone by retention) counts under "(unknown)".
 */
export const summarizeUsage = (
  rows: readonly AttemptUsage[],
  from: Date,
  to: Date,
  by: UsageGrouping,
  sourcesOf: ReadonlyMap<string, readonly string[]> = new Map(),
): { total: UsageTotals; groups: UsageGroup[] } => {
  const inRange: Part[] = [];
  const groups = new Map<string, Part[]>();
  // By month or day, every one of the range is a group, those without runs too (a chart's empty bars).
  const periodOf = by === 'day' ? dayOf : monthOf;
  const keyOf = by === 'day' ? dayKey : monthKey;
  if (by === 'month' || by === 'day')
    for (let m = periodOf(from); m.start < to; m = periodOf(m.end)) groups.set(keyOf(m.start), []);
  const add = (key: string, part: Part) => {
    const g = groups.get(key);
    if (g) g.push(part);
    else groups.set(key, [part]);
  };
  for (const u of rows) {
    const share = u.startedAt ? shareWithin(u, from, to) : u.endedAt >= from && u.endedAt < to ? 1 : 0;
    if (share === 0) continue;
    inRange.push({ u, share });
    if (by === 'profile') add(u.profileName, { u, share });
    else if (by === 'graph') add(u.graph ?? '(unknown)', { u, share });
    else if (by === 'state') add(u.outcome, { u, share });
    else if (by === 'source') {
      const names = sourcesOf.get(u.executionId) ?? [];
      if (names.length === 0) add('(unknown)', { u, share });
      for (const name of names) add(name, { u, share, split: 1 / names.length });
    } else if (!u.startedAt) add(keyOf(u.endedAt), { u, share });
    else {
      const first = u.startedAt < u.endedAt ? u.startedAt : u.endedAt;
      for (
        let m = periodOf(first > from ? first : from);
        m.start < to && m.start <= u.endedAt;
        m = periodOf(m.end)
      ) {
        const within = shareWithin(u, m.start < from ? from : m.start, m.end > to ? to : m.end);
        if (within > 0) add(keyOf(m.start), { u, share: within });
      }
    }
  }
  return {
    total: sum(inRange),
    groups: [...groups.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, parts]) => {
        const ran = started(parts);
        return {
          key,
          ...sum(parts),
          node_hours_by_outcome: byOutcome(parts),
          runs_by_outcome: runsByOutcome(parts),
          run_seconds: percentiles(ran.map(({ u }) => u.runSeconds)),
          queue_seconds: percentiles(ran.map(({ u }) => u.queueSeconds)),
          our_seconds: percentiles(
            parts.flatMap(({ u }) => (u.ourSeconds === null || !u.submittedAt ? [] : [u.ourSeconds])),
          ),
        };
      }),
  };
};

const toHours = (s: number) => round(s / 3600);
const time = (d: Date | null) => (d ? d.toISOString() : null);

/** One attempt's usage as the API shows it. */
export const viewAttemptUsage = (u: AttemptUsage) => ({
  attempt: u.attempt,
  outcome: u.outcome,
  source: u.source,
  backend: u.backend,
  profile_name: u.profileName,
  job_id: u.jobId,
  submitted_at: time(u.submittedAt),
  started_at: time(u.startedAt),
  ended_at: u.endedAt.toISOString(),
  queue_seconds: u.queueSeconds,
  run_seconds: u.runSeconds,
  nodes: u.nodes,
  cpus: u.cpus,
  node_hours: toHours(u.nodeSeconds),
  cpu_hours: u.cpuSeconds === null ? null : toHours(u.cpuSeconds),
  max_rss_bytes: u.maxRssBytes,
  remote_state: u.remoteState,
  exit_code: u.exitCode,
});

/** An execution's attempts' usage and their sum (CPU-hours of the attempts that report them). */
export const executionUsage = (rows: readonly AttemptUsage[]) => ({
  attempts: rows.map(viewAttemptUsage),
  total: {
    node_hours: toHours(rows.reduce((n, u) => n + u.nodeSeconds, 0)),
    cpu_hours: toHours(rows.reduce((n, u) => n + (u.cpuSeconds ?? 0), 0)),
    queue_seconds: rows.reduce((n, u) => n + u.queueSeconds, 0),
    run_seconds: rows.reduce((n, u) => n + u.runSeconds, 0),
  },
});

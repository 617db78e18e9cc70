import { ruleHears } from '../../core/domain/alerting.js';
import type { AlertDelivery, AlertRule, NotificationChannel } from '../../core/domain/alerting.js';
import type { NewEvent, ProvenanceEvent } from '../../core/domain/event.js';
import type { Execution } from '../../core/domain/executionRecord.js';
import type { ProfilePause } from '../../core/domain/profilePause.js';
import type { DeploymentProfile } from '../../core/domain/profile.js';
import type { ProjectConfigVersion } from '../../core/domain/projectVersion.js';
import type { Source } from '../../core/domain/source.js';
import type { AttemptUsage } from '../../core/domain/usage.js';
import type { Random } from '../../core/ports/Random.js';
import { MemoryJobQueue } from './jobQueue.js';

/** A stored artifact: its content drops (null) when retention prunes it. */
export interface StoredArtifact {
  readonly executionId: string;
  readonly attempt: number;
  readonly name: string;
  readonly mediaType: string;
  readonly sha256: string;
  readonly size: number;
  readonly content: string | null;
  readonly createdAt: Date;
  readonly contentPrunedAt: Date | null;
}

/**
 * The tables the memory repositories share, as the PostgreSQL ones share a database: an execution
 * write enqueues a job and marks sources in the same step, a source delete looks at executions.
 * One process, one event loop: a method that does not await in the middle is a transaction.
 * Records are replaced, never mutated, so what a caller was given does not change under it.
 */
export class MemoryStore {
  readonly queue: MemoryJobQueue;
  readonly events: ProvenanceEvent[] = [];
  /** Versions by project, oldest first, and each project's active version. */
  readonly configs = new Map<string, Omit<ProjectConfigVersion, 'active'>[]>();
  readonly activeVersion = new Map<string, number>();
  readonly sources = new Map<
    string,
    Source & { readonly discoveryClaimedAt: Date | null; readonly signatureAt: Date | null }
  >();
  readonly profiles = new Map<string, DeploymentProfile>();
  /** Paused profiles' pauses, by profile id. */
  readonly pauses = new Map<string, ProfilePause>();
  readonly executions = new Map<string, Execution>();
  readonly artifacts: StoredArtifact[] = [];
  /** Attempts' usage by `executionId:attempt`. */
  readonly usage = new Map<string, AttemptUsage>();
  readonly pollTargets = new Map<
    string,
    {
      lastPolledAt: Date;
      prevPolledAt: Date | null;
      lastError: string | null;
      answering: boolean;
      lastAnsweredAt: Date | null;
    }
  >();
  readonly channels = new Map<string, NotificationChannel>();
  readonly rules = new Map<string, { rule: AlertRule; eventKinds: readonly string[] }>();
  /** Rows (event id, rule id) written with each event an enabled rule matches, as PostgreSQL's insert does. */
  readonly outbox: { id: number; eventId: number; ruleId: string }[] = [];
  readonly deliveries = new Map<string, AlertDelivery>();
  private nextEventId = 1;
  private nextOutboxId = 1;

  constructor(random: Random) {
    this.queue = new MemoryJobQueue(random);
  }

  appendEvent(e: NewEvent, now: Date): void {
    const id = this.nextEventId++;
    this.events.push({ ...e, payload: json(e.payload), id, createdAt: now });
    for (const { rule, eventKinds } of this.rules.values())
      if (ruleHears(rule, eventKinds, e))
        this.outbox.push({ id: this.nextOutboxId++, eventId: id, ruleId: rule.id });
  }
}

/** A JSON column's round trip: what PostgreSQL would give back (dates as strings, no undefined). */
export const json = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** Opaque list cursors: a tag and the key of the last item, base64url (as the PostgreSQL adapters do). */
export const encodeCursor = (tag: string, key: unknown): string =>
  Buffer.from(`${tag}:${JSON.stringify(key)}`).toString('base64url');

/** The key inside a cursor of this tag, or undefined when it is not one. */
export const decodeCursor = (tag: string, cursor: string): unknown => {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!text.startsWith(`${tag}:`)) return undefined;
  try {
    return JSON.parse(text.slice(tag.length + 1)) as unknown;
  } catch {
    return undefined;
  }
};

/** A page of `sorted` after the item whose key is `after`, and the cursor for the next one. */
export const pageAfter = <T>(
  sorted: readonly T[],
  isAfter: (item: T) => boolean,
  limit: number,
  cursorOf: (item: T) => string,
): { items: T[]; nextCursor: string | null } => {
  const rest = sorted.filter(isAfter);
  const items = rest.slice(0, limit);
  const last = items[items.length - 1];
  return { items, nextCursor: rest.length > limit && last ? cursorOf(last) : null };
};

const isSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdfff;

/**
 * Code point order, as COLLATE "C" over UTF-8. JavaScript's `<` compares UTF-16 units, which puts a
 * character above U+FFFF (two surrogates, from U+D800) before U+E000 to U+FFFF; here it goes after.
 */
export const byCodePoint = (a: string, b: string): number => {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    if (isSurrogate(x) !== isSurrogate(y)) return isSurrogate(x) ? 1 : -1;
    return x < y ? -1 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
};

/** Whether the job's lease is still this one's (a fenced write commits only then). */
export const leaseHeld = (
  store: MemoryStore,
  fence: { readonly jobId: string; readonly token: number },
): boolean => {
  const j = store.queue.rows.get(fence.jobId);
  return j !== undefined && j.state === 'running' && j.token === fence.token;
};

import type { ClaimedJob, EnqueueRequest, JobState, Lease } from '../../core/domain/job.js';
import type { JobQueue, QueueStats } from '../../core/ports/JobQueue.js';
import type { Random } from '../../core/ports/Random.js';

export interface JobRow {
  id: string;
  kind: string;
  payload: unknown;
  state: JobState;
  idempotencyKey: string | null;
  priority: number;
  attempts: number;
  maxAttempts: number;
  runAt: Date;
  token: number;
  leaseExpiresAt: Date | null;
  lastError: string | null;
  /** Asked for again while it ran: queued again at this time when it completes (see askAgain). */
  rerunAt: Date | null;
  /** When it last changed state, for retention. */
  updatedAt: Date;
}

/** The queue's semantics in memory (one process): the same rules as the PostgreSQL queue. */
export class MemoryJobQueue implements JobQueue {
  readonly rows = new Map<string, JobRow>();
  private tokens = 0;
  constructor(private readonly random: Random) {}

  private live = (r: JobRow) => r.state === 'queued' || r.state === 'running';
  private held = (l: Lease) => {
    const r = this.rows.get(l.jobId);
    return r && r.state === 'running' && r.token === l.token ? r : undefined;
  };

  async enqueue(req: EnqueueRequest, now: Date) {
    return this.enqueueNow(req, now);
  }

  /** Enqueues at once (no await): part of the same step as an execution write. */
  enqueueNow(req: EnqueueRequest, now: Date): { id: string; created: boolean } {
    if (req.idempotencyKey !== undefined) {
      const existing = [...this.rows.values()].find(
        (r) => r.idempotencyKey === req.idempotencyKey && this.live(r),
      );
      if (existing) return { id: existing.id, created: false };
    }
    const id = this.random.uuid();
    this.rows.set(id, {
      id,
      kind: req.kind,
      payload: req.payload,
      state: 'queued',
      idempotencyKey: req.idempotencyKey ?? null,
      priority: req.priority ?? 0,
      attempts: 0,
      maxAttempts: req.maxAttempts ?? 5,
      runAt: req.runAt ?? now,
      token: 0,
      leaseExpiresAt: null,
      lastError: null,
      rerunAt: null,
      updatedAt: now,
    });
    return { id, created: true };
  }

  /**
   * The job holding `key` runs once more after it completes, at `at`, when it is running now and
   * was not already asked: a poll round that has read its target may not see what asked for it.
   */
  askAgain(key: string, at: Date, now: Date): boolean {
    const r = [...this.rows.values()].find((x) => x.idempotencyKey === key && x.state === 'running');
    if (!r || r.rerunAt !== null) return false;
    r.rerunAt = at;
    r.updatedAt = now;
    return true;
  }

  async claim(_workerId: string, kinds: readonly string[], limit: number, leaseSeconds: number, now: Date) {
    const due = [...this.rows.values()]
      .filter((r) => r.state === 'queued' && r.runAt <= now && kinds.includes(r.kind))
      .sort(
        (a, b) =>
          b.priority - a.priority || a.runAt.getTime() - b.runAt.getTime() || a.id.localeCompare(b.id),
      )
      .slice(0, Math.max(0, limit));
    return due.map((r): ClaimedJob => {
      r.state = 'running';
      r.updatedAt = now;
      r.attempts += 1;
      r.token = ++this.tokens;
      r.leaseExpiresAt = new Date(now.getTime() + leaseSeconds * 1000);
      return {
        id: r.id,
        kind: r.kind,
        payload: r.payload,
        attempts: r.attempts,
        maxAttempts: r.maxAttempts,
        idempotencyKey: r.idempotencyKey,
        lease: { jobId: r.id, token: r.token },
        leaseExpiresAt: r.leaseExpiresAt,
      };
    });
  }

  async renew(lease: Lease, leaseSeconds: number, now: Date) {
    const r = this.held(lease);
    if (!r?.leaseExpiresAt || r.leaseExpiresAt <= now) return false;
    r.leaseExpiresAt = new Date(now.getTime() + leaseSeconds * 1000);
    return true;
  }

  async complete(lease: Lease, now: Date) {
    const r = this.held(lease);
    if (!r) return false;
    r.updatedAt = now;
    r.leaseExpiresAt = null;
    if (r.rerunAt === null) r.state = 'succeeded';
    else Object.assign(r, { state: 'queued', runAt: r.rerunAt, attempts: 0, rerunAt: null });
    return true;
  }

  async completeAndClaim(
    leases: readonly Lease[],
    workerId: string,
    kinds: readonly string[],
    limit: number,
    leaseSeconds: number,
    now: Date,
  ) {
    const completed = new Set<string>();
    for (const l of leases) if (await this.complete(l, now)) completed.add(l.jobId);
    const claimed = await this.claim(workerId, kinds, limit, leaseSeconds, now);
    let nextRunAt: Date | null = null;
    if (claimed.length < limit)
      for (const r of this.rows.values())
        if (
          r.state === 'queued' &&
          r.runAt > now &&
          kinds.includes(r.kind) &&
          !(nextRunAt && nextRunAt <= r.runAt)
        )
          nextRunAt = r.runAt;
    return { completed, claimed, nextRunAt };
  }

  async fail(lease: Lease, error: string, retryAt: Date | null, now: Date) {
    const r = this.held(lease);
    if (!r) return false;
    r.updatedAt = now;
    r.lastError = error;
    r.leaseExpiresAt = null;
    if (retryAt === null || r.attempts >= r.maxAttempts) r.state = 'dead';
    else {
      r.state = 'queued';
      r.runAt = retryAt;
    }
    return true;
  }

  async release(lease: Lease, now: Date, runAt: Date = now) {
    const r = this.held(lease);
    if (!r) return false;
    r.state = 'queued';
    r.updatedAt = now;
    r.attempts = Math.max(0, r.attempts - 1);
    r.runAt = runAt;
    r.leaseExpiresAt = null;
    return true;
  }

  async reclaimExpired(now: Date, retryAt: (attempts: number) => Date) {
    let requeued = 0;
    let dead = 0;
    for (const r of this.rows.values()) {
      if (r.state !== 'running' || !r.leaseExpiresAt || r.leaseExpiresAt >= now) continue;
      r.leaseExpiresAt = null;
      r.updatedAt = now;
      r.lastError = 'lease expired: the worker stopped without finishing';
      if (r.attempts >= r.maxAttempts) {
        r.state = 'dead';
        dead++;
      } else {
        r.state = 'queued';
        r.runAt = retryAt(r.attempts);
        requeued++;
      }
    }
    return { requeued, dead };
  }

  async cancel(jobId: string, now: Date) {
    return this.cancelNow(jobId, now);
  }

  /** Cancels at once (no await): part of the same step as an execution write. */
  cancelNow(jobId: string, now: Date): boolean {
    const r = this.rows.get(jobId);
    if (!r || !this.live(r)) return false;
    r.state = 'cancelled';
    r.updatedAt = now;
    r.leaseExpiresAt = null;
    return true;
  }

  async stats(now: Date): Promise<QueueStats> {
    const rows = [...this.rows.values()];
    const queued = rows.filter((r) => r.state === 'queued');
    const oldest = Math.min(...queued.filter((r) => r.runAt <= now).map((r) => r.runAt.getTime()));
    return {
      queued: queued.length,
      running: rows.filter((r) => r.state === 'running').length,
      dead: rows.filter((r) => r.state === 'dead').length,
      oldestQueuedAgeSeconds: Number.isFinite(oldest) ? (now.getTime() - oldest) / 1000 : 0,
    };
  }
}

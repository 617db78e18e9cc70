import { randomUUID as randomUuid } from 'node:crypto';
import type { ClaimedJob, EnqueueRequest, Lease } from '../../core/domain/job.js';
import type { JobQueue, QueueStats } from '../../core/ports/JobQueue.js';
import type { Random } from '../../core/ports/Random.js';
import { type Db, pgp, prepared, type Tx } from './db.js';

/** The channel workers LISTEN on; an enqueue NOTIFYs it (with the job kind) at commit. */
export const jobsChannel = 'surveyor_jobs';

interface ClaimRow {
  id: string;
  kind: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
  idempotency_key: string | null;
  fencing_token: number;
  lease_expires_at: Date;
}

const toClaimed = (r: ClaimRow): ClaimedJob => ({
  id: r.id,
  kind: r.kind,
  payload: r.payload,
  attempts: r.attempts,
  maxAttempts: r.max_attempts,
  idempotencyKey: r.idempotency_key,
  lease: { jobId: r.id, token: r.fencing_token },
  leaseExpiresAt: r.lease_expires_at,
});

// Claims: $1 worker, $2 kinds, $3 now, $4 limit, $5 lease seconds. Defines `claimed`.
const claimCte = `picked AS (
    SELECT id FROM jobs
    WHERE state = 'queued' AND run_at <= $3 AND kind = ANY($2)
    ORDER BY priority DESC, run_at, id
    LIMIT $4
    FOR UPDATE SKIP LOCKED),
  claimed AS (
    UPDATE jobs j SET state = 'running', attempts = j.attempts + 1, lease_owner = $1,
      lease_expires_at = $3::timestamptz + make_interval(secs => $5),
      fencing_token = nextval('jobs_fencing_seq'), updated_at = $3
    FROM picked WHERE j.id = picked.id
    RETURNING j.id, j.kind, j.payload, j.attempts, j.max_attempts, j.idempotency_key, j.fencing_token,
              j.lease_expires_at)`;

/**
 * Adds a job inside the caller's transaction (so it commits with the change that asked for it), or
 * finds the live job holding the same idempotency key. Workers are notified at commit.
 */
export const insertJob = async (
  tx: Tx,
  id: string,
  req: EnqueueRequest,
  now: Date,
): Promise<{ id: string; created: boolean }> => {
  const inserted = await tx.oneOrNone<{ id: string }>(
    `INSERT INTO jobs (id, kind, payload, state, idempotency_key, priority, max_attempts, run_at, created_at, updated_at)
     VALUES ($1, $2, $3, 'queued', $4, $5, $6, $7, $8, $8)
     ON CONFLICT (idempotency_key) WHERE idempotency_key IS NOT NULL AND state IN ('queued', 'running') DO NOTHING
     RETURNING id`,
    [
      id,
      req.kind,
      JSON.stringify(req.payload),
      req.idempotencyKey ?? null,
      req.priority ?? 0,
      req.maxAttempts ?? 5,
      req.runAt ?? now,
      now,
    ],
  );
  if (inserted) {
    await tx.any('SELECT pg_notify($1, $2)', [jobsChannel, req.kind]);
    return { id: inserted.id, created: true };
  }
  const live = await tx.one<{ id: string }>(
    `SELECT id FROM jobs WHERE idempotency_key = $1 AND state IN ('queued', 'running')`,
    [req.idempotencyKey],
  );
  return { id: live.id, created: false };
};

/**
 * A common table expression `jb` that inserts the jobs of a JSON array (`EnqueueRequest`s with an
 * `id`, in order; `only` filters them) at `now`, leaving out any whose idempotency key a live job
 * (or an earlier one of the array) holds; and `notified`, a query that wakes the workers once per
 * kind inserted, for the statement's final SELECT (a volatile call in it always runs).
 */
export const jobsCte = (jobs: string, now: string, only = 'true', runAt = now) => `
  jb AS (
    INSERT INTO jobs (id, kind, payload, state, idempotency_key, priority, max_attempts, run_at, created_at, updated_at)
    SELECT (j->>'id')::uuid, j->>'kind', j->'payload', 'queued', j->>'idempotencyKey',
      coalesce((j->>'priority')::int, 0), coalesce((j->>'maxAttempts')::int, 5),
      coalesce((j->>'runAt')::timestamptz, ${runAt}::timestamptz), ${now}::timestamptz, ${now}::timestamptz
    FROM jsonb_array_elements(${jobs}::jsonb) WITH ORDINALITY AS u(j, n) WHERE ${only} ORDER BY n
    ON CONFLICT (idempotency_key) WHERE idempotency_key IS NOT NULL AND state IN ('queued', 'running') DO NOTHING
    RETURNING id, kind)`;
export const notified = `(SELECT count(*) FROM (SELECT pg_notify('${jobsChannel}', k.kind) FROM (SELECT DISTINCT kind FROM jb) k) w)`;

/** The JSON array `jobsCte` reads: each request with a new id. */
export const jobsJson = (reqs: readonly EnqueueRequest[]) =>
  JSON.stringify(reqs.map((r) => ({ ...r, id: randomUuid() })));

// A write about a held job: it matches only while the job runs under this very token.
const held = `id = $1 AND fencing_token = $2 AND state = 'running'`;

// A held job's success ($3 now): done, or queued again at rerun_at when it was asked for again
// while it ran (its attempts start over). SET reads the row as it was.
const completion = `state = CASE WHEN j.rerun_at IS NULL THEN 'succeeded' ELSE 'queued' END,
  run_at = coalesce(j.rerun_at, j.run_at), attempts = CASE WHEN j.rerun_at IS NULL THEN j.attempts ELSE 0 END,
  finished_at = CASE WHEN j.rerun_at IS NULL THEN $3::timestamptz END, rerun_at = NULL, lease_owner = NULL,
  lease_expires_at = NULL, updated_at = $3`;

// Wakes the workers for the jobs of `cte` (its kind and state columns) that completion queued again.
const wokenFor = (cte: string) =>
  `(SELECT count(*) FROM (SELECT pg_notify('${jobsChannel}', kind) FROM ${cte} WHERE state = 'queued') w)`;

export class PgJobQueue implements JobQueue {
  constructor(
    private readonly db: Db,
    private readonly random: Random,
  ) {}

  async enqueue(req: EnqueueRequest, now: Date): Promise<{ id: string; created: boolean }> {
    return this.db.tx((tx) => insertJob(tx, this.random.uuid(), req, now));
  }

  async claim(workerId: string, kinds: readonly string[], limit: number, leaseSeconds: number, now: Date) {
    if (limit <= 0 || kinds.length === 0) return [];
    const rows = await this.db.any<ClaimRow>(
      new pgp.PreparedStatement({
        name: 'surveyor-claim',
        text: `WITH ${claimCte} SELECT * FROM claimed`,
        values: [workerId, kinds, now, limit, leaseSeconds],
      }),
    );
    return rows.map(toClaimed);
  }

  async completeAndClaim(
    leases: readonly Lease[],
    workerId: string,
    kinds: readonly string[],
    limit: number,
    leaseSeconds: number,
    now: Date,
  ) {
    // Data-modifying CTEs all run; the completed jobs are no longer queued, so none can be picked.
    // A prepared statement: the server plans it once per connection, not once per batch of jobs.
    // The next run_at is looked for only when the claim came back short: the subquery on `done`
    // adds the jobs this statement queued again, which the others (its snapshot) cannot see.
    const r = await this.db.one<{
      completed: string[] | null;
      claimed: (Omit<ClaimRow, 'lease_expires_at'> & { lease_expires_at: string })[] | null;
      next_run_at: Date | null;
    }>(
      new pgp.PreparedStatement({
        name: 'surveyor-complete-and-claim',
        text: `WITH done AS (
         UPDATE jobs j SET ${completion}
         FROM unnest($6::uuid[], $7::bigint[]) AS l(id, token)
         WHERE j.id = l.id AND j.fencing_token = l.token AND j.state = 'running'
         RETURNING j.id, j.kind, j.state, j.run_at),
       ${claimCte}
       SELECT (SELECT array_agg(id) FROM done) AS completed, (SELECT json_agg(claimed) FROM claimed) AS claimed,
         CASE WHEN (SELECT count(*) FROM claimed) < $4 THEN least(
           (SELECT min(run_at) FROM jobs WHERE state = 'queued' AND run_at > $3 AND kind = ANY($2)),
           (SELECT min(run_at) FROM done WHERE state = 'queued' AND run_at > $3 AND kind = ANY($2))) END
           AS next_run_at,
         ${wokenFor('done')} AS woken`,
        values: [
          workerId,
          kinds.length > 0 ? kinds : [''],
          now,
          Math.max(0, limit),
          leaseSeconds,
          leases.map((l) => l.jobId),
          leases.map((l) => l.token),
        ],
      }),
    );
    return {
      completed: new Set(r.completed ?? []),
      claimed: (r.claimed ?? []).map((c) =>
        toClaimed({ ...c, lease_expires_at: new Date(c.lease_expires_at) }),
      ),
      nextRunAt: r.next_run_at,
    };
  }

  async renew(lease: Lease, leaseSeconds: number, now: Date): Promise<boolean> {
    const r = await this.db.result(
      prepared(
        `UPDATE jobs SET lease_expires_at = $3::timestamptz + make_interval(secs => $4), updated_at = $3
       WHERE ${held} AND lease_expires_at > $3`,
        [lease.jobId, lease.token, now, leaseSeconds],
      ),
    );
    return r.rowCount === 1;
  }

  async complete(lease: Lease, now: Date): Promise<boolean> {
    const r = await this.db.oneOrNone<{ woken: number }>(
      `WITH done AS (UPDATE jobs j SET ${completion} WHERE ${held} RETURNING j.kind, j.state)
       SELECT ${wokenFor('done')} AS woken FROM done`,
      [lease.jobId, lease.token, now],
    );
    return r !== null;
  }

  async fail(lease: Lease, error: string, retryAt: Date | null, now: Date): Promise<boolean> {
    const r = await this.db.result(
      `UPDATE jobs SET
         state = CASE WHEN $4::timestamptz IS NULL OR attempts >= max_attempts THEN 'dead' ELSE 'queued' END,
         run_at = COALESCE($4, run_at), last_error = left($3, 4000), lease_owner = NULL, lease_expires_at = NULL,
         finished_at = CASE WHEN $4::timestamptz IS NULL OR attempts >= max_attempts THEN $5::timestamptz END,
         updated_at = $5
       WHERE ${held}`,
      [lease.jobId, lease.token, error, retryAt, now],
    );
    return r.rowCount === 1;
  }

  async release(lease: Lease, now: Date, runAt: Date = now): Promise<boolean> {
    const r = await this.db.result(
      `UPDATE jobs SET state = 'queued', attempts = greatest(0, attempts - 1), lease_owner = NULL,
       lease_expires_at = NULL, run_at = $4, updated_at = $3 WHERE ${held}`,
      [lease.jobId, lease.token, now, runAt],
    );
    if (r.rowCount === 1) await this.db.any('SELECT pg_notify($1, $2)', [jobsChannel, 'released']);
    return r.rowCount === 1;
  }

  async reclaimExpired(now: Date, retryAt: (attempts: number) => Date) {
    return this.db.tx(async (tx) => {
      const expired = await tx.any<{ id: string; attempts: number; max_attempts: number }>(
        `SELECT id, attempts, max_attempts FROM jobs WHERE state = 'running' AND lease_expires_at < $1
         ORDER BY lease_expires_at LIMIT 1000 FOR UPDATE SKIP LOCKED`,
        [now],
      );
      let requeued = 0;
      let dead = 0;
      for (const j of expired) {
        const out = j.attempts >= j.max_attempts;
        await tx.none(
          `UPDATE jobs SET state = $2, run_at = $3, lease_owner = NULL, lease_expires_at = NULL,
             last_error = 'lease expired: the worker stopped without finishing', updated_at = $4,
             finished_at = CASE WHEN $2 = 'dead' THEN $4::timestamptz END
           WHERE id = $1`,
          [j.id, out ? 'dead' : 'queued', out ? now : retryAt(j.attempts), now],
        );
        if (out) dead++;
        else requeued++;
      }
      if (requeued > 0) await tx.any('SELECT pg_notify($1, $2)', [jobsChannel, 'reclaimed']);
      return { requeued, dead };
    });
  }

  async cancel(jobId: string, now: Date): Promise<boolean> {
    const r = await this.db.result(
      `UPDATE jobs SET state = 'cancelled', lease_owner = NULL, lease_expires_at = NULL, finished_at = $2,
       updated_at = $2 WHERE id = $1 AND state IN ('queued', 'running')`,
      [jobId, now],
    );
    return r.rowCount === 1;
  }

  async stats(now: Date): Promise<QueueStats> {
    const r = await this.db.one<{ queued: number; running: number; dead: number; oldest: Date | null }>(
      `SELECT count(*) FILTER (WHERE state = 'queued') AS queued,
              count(*) FILTER (WHERE state = 'running') AS running,
              count(*) FILTER (WHERE state = 'dead') AS dead,
              min(run_at) FILTER (WHERE state = 'queued' AND run_at <= $1) AS oldest
       FROM jobs WHERE state IN ('queued', 'running', 'dead')`,
      [now],
    );
    return {
      queued: r.queued,
      running: r.running,
      dead: r.dead,
      oldestQueuedAgeSeconds: r.oldest ? Math.max(0, (now.getTime() - r.oldest.getTime()) / 1000) : 0,
    };
  }
}

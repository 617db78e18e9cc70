import { type ClaimedJob, type Lease, LeaseLostError, type RetryPolicy } from '../../core/domain/job.js';
import { failureDecision, leaseTimings, retryAt, trustedUntil } from '../../core/domain/jobLifecycle.js';
import type { Clock } from '../../core/ports/Clock.js';
import type { JobHandler, JobLine } from '../../core/ports/JobHandler.js';
import type { JobQueue } from '../../core/ports/JobQueue.js';
import type { Random } from '../../core/ports/Random.js';
import { type Tracer, untraced } from '../../core/ports/Tracer.js';
import type { Logger } from '../../adapters/log/logger.js';
import { jobWork } from '../composition/jobWork.js';

export interface ConsumerOptions {
  readonly workerId: string;
  readonly concurrency: number;
  readonly leaseSeconds: number;
  /** How long an idle consumer waits without a notification before it looks again anyway. */
  readonly idlePollSeconds: number;
  readonly retry: RetryPolicy;
}

export interface ConsumerDeps {
  readonly queue: JobQueue;
  readonly clock: Clock;
  readonly random: Random;
  readonly log: Logger;
  readonly handlers: readonly JobHandler[];
  /** A job about an execution is a span of its trace; any other, a trace of its own. */
  readonly tracer?: Tracer;
  /**
   * Told of each job this worker ran: its kind, how it ended, its seconds, and its line (a run's
   * carries the seconds of its steps). The worker's metrics hear it.
   */
  readonly observe?: (kind: string, outcome: JobOutcome, seconds: number, line: JobLine | undefined) => void;
}

/** How a job this worker ran ended here. */
export type JobOutcome = 'succeeded' | 'failed' | 'deferred' | 'lost';

/**
 * Claims jobs in batches up to its concurrency, runs each under a lease it renews, and records the
 * outcome with the lease's fencing token. Woken by `wake()` (LISTEN/NOTIFY) instead of polling
 * busily. `stop()` stops claiming, lets running jobs finish within the grace period, then aborts
 * and releases what is left.
 */
export class QueueConsumer {
  private running = false;
  private readonly inFlight = new Map<
    string,
    { job: ClaimedJob; abort: AbortController; done: Promise<void> }
  >();
  /** Jobs that succeeded, for the loop to record with its next claim. */
  private readonly finished: {
    lease: Lease;
    recorded: (ok: boolean) => void;
    unrecorded: (err: unknown) => void;
  }[] = [];
  private wakeUp: (() => void) | undefined;
  // A wake-up that came while the loop was busy: the next idle() returns at once instead of losing it.
  private wakePending = false;
  private loopDone: Promise<void> | undefined;
  private reaper: NodeJS.Timeout | undefined;
  private readonly byKind: Map<string, JobHandler>;

  constructor(
    private readonly deps: ConsumerDeps,
    private readonly opts: ConsumerOptions,
  ) {
    this.byKind = new Map(deps.handlers.map((h) => [h.kind, h]));
  }

  get activeJobs(): number {
    return this.inFlight.size;
  }

  /** Called on a queue notification: an idle loop looks for work at once. */
  wake(): void {
    if (this.wakeUp) this.wakeUp();
    else this.wakePending = true;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loopDone = this.loop();
    this.reaper = setInterval(() => void this.reclaim(), leaseTimings(this.opts.leaseSeconds).reapEveryMs);
    this.reaper.unref();
  }

  async stop(graceMs: number): Promise<void> {
    this.running = false;
    if (this.reaper) clearInterval(this.reaper);
    this.wake();
    await this.loopDone;
    const finished = Promise.all([...this.inFlight.values()].map((f) => f.done));
    const timedOut = await Promise.race([
      finished.then(() => false),
      new Promise<boolean>((r) => setTimeout(() => r(true), graceMs).unref()),
    ]);
    if (!timedOut) return;
    const now = this.deps.clock.now();
    for (const f of this.inFlight.values()) {
      f.abort.abort(new Error('worker stopping'));
      const released = await this.deps.queue.release(f.job.lease, now).catch(() => false);
      this.deps.log.warn({ job_id: f.job.id, kind: f.job.kind, released }, 'job released at shutdown');
    }
  }

  private async reclaim(): Promise<void> {
    try {
      const now = this.deps.clock.now();
      const r = await this.deps.queue.reclaimExpired(now, (attempts) => this.retryAt(attempts, now));
      if (r.requeued + r.dead > 0) this.deps.log.warn(r, 'reclaimed jobs whose lease expired');
    } catch (err) {
      this.deps.log.warn({ err }, 'reclaim failed');
    }
  }

  private retryAt(attempts: number, now: Date): Date {
    return retryAt(attempts, this.opts.retry, now, this.deps.random.fraction());
  }

  /**
   * Claims and completes in one statement: the jobs that finished since the last round are
   * recorded and their slots (with any other free ones) refilled at once, so a busy worker sends
   * one round trip per batch of jobs rather than two per job.
   */
  private async loop(): Promise<void> {
    const kinds = [...this.byKind.keys()];
    // Consecutive failed claims (the database is down): wait 1 s doubling to 30 s between tries,
    // so a worker neither spins nor floods the log, and resumes on the first claim that works.
    let failures = 0;
    while (this.running || this.finished.length > 0) {
      const done = this.finished.splice(0);
      const free = this.running ? this.opts.concurrency - this.inFlight.size + done.length : 0;
      let claimed: ClaimedJob[] = [];
      // How long to sleep when idle: until the soonest job ahead is due, never past the idle poll.
      let idleSeconds = this.opts.idlePollSeconds;
      if (free > 0 || done.length > 0) {
        try {
          const r = await this.deps.queue.completeAndClaim(
            done.map((d) => d.lease),
            this.opts.workerId,
            kinds,
            free,
            this.opts.leaseSeconds,
            this.deps.clock.now(),
          );
          for (const d of done) {
            this.inFlight.delete(d.lease.jobId);
            d.recorded(r.completed.has(d.lease.jobId));
          }
          claimed = r.claimed;
          if (r.nextRunAt)
            idleSeconds = Math.min(
              idleSeconds,
              // Timers may fire a few milliseconds early against the wall clock, hence the margin.
              Math.max(0, r.nextRunAt.getTime() - this.deps.clock.now().getTime() + 20) / 1000,
            );
          if (failures > 0) this.deps.log.info({ failures }, 'claims work again');
          failures = 0;
        } catch (err) {
          // The completions were not recorded: their jobs say so; their leases expire and they run again.
          for (const d of done) d.unrecorded(err);
          failures++;
          const waitS = Math.min(30, 2 ** (failures - 1));
          this.deps.log.warn({ err, failures, retry_in_s: waitS }, 'claim failed');
          await this.idle(waitS);
          continue;
        }
      }
      for (const job of claimed) this.run(job);
      if ((claimed.length === 0 || this.inFlight.size >= this.opts.concurrency) && this.finished.length === 0)
        await this.idle(idleSeconds);
    }
  }

  /**
   * Records a job's success: with the loop's next claim while it runs (in one statement with the
   * others that finished), directly once it stopped. Resolves to whether the lease still held.
   */
  private complete(lease: Lease): Promise<boolean> {
    if (!this.running) return this.deps.queue.complete(lease, this.deps.clock.now());
    return new Promise((recorded, unrecorded) => {
      this.finished.push({ lease, recorded, unrecorded });
      this.wake();
    });
  }

  /** Waits for a notification, a finished job, or `seconds` (the idle poll interval by default). */
  private idle(seconds = this.opts.idlePollSeconds): Promise<void> {
    if (this.wakePending) {
      this.wakePending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(), seconds * 1000);
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = undefined;
        resolve();
      };
      this.wakeUp = done;
      if (!this.running) done();
    });
  }

  private run(job: ClaimedJob): void {
    const abort = new AbortController();
    const done = this.execute(job, abort).finally(() => {
      this.inFlight.delete(job.id);
      this.wake();
    });
    this.inFlight.set(job.id, { job, abort, done });
  }

  private async execute(job: ClaimedJob, abort: AbortController): Promise<void> {
    const { queue, clock, log } = this.deps;
    const jlog = log.child({ job_id: job.id, kind: job.kind, attempt: job.attempts });
    // The lease is only as good as its last successful renewal (core/domain/jobLifecycle.ts): past
    // it, this worker stops on its own, even when renewals fail with errors instead of "lost".
    const timings = leaseTimings(this.opts.leaseSeconds);
    const lost = () => {
      if (!abort.signal.aborted) abort.abort(new LeaseLostError(job.lease));
    };
    const untilUntrusted = (renewedAt: Date) =>
      Math.max(0, trustedUntil(renewedAt, this.opts.leaseSeconds).getTime() - clock.now().getTime());
    let deadline = setTimeout(
      lost,
      Math.max(0, job.leaseExpiresAt.getTime() - timings.marginMs - clock.now().getTime()),
    );
    const renew = async (): Promise<boolean> => {
      const sentAt = clock.now();
      const ok = await queue.renew(job.lease, this.opts.leaseSeconds, sentAt);
      if (!ok) lost();
      else if (!abort.signal.aborted) {
        clearTimeout(deadline);
        deadline = setTimeout(lost, untilUntrusted(sentAt));
      }
      return ok;
    };
    const renewer = setInterval(
      () => renew().catch((err: unknown) => jlog.warn({ err }, 'lease renewal failed')),
      timings.renewEveryMs,
    );
    const confirmLease = async () => {
      abort.signal.throwIfAborted();
      if (!(await renew())) throw new LeaseLostError(job.lease);
    };
    const started = performance.now();
    const told = (outcome: JobOutcome, line?: JobLine) =>
      this.deps.observe?.(job.kind, outcome, (performance.now() - started) / 1000, line);
    try {
      const work = jobWork(this.byKind, job);
      const line = await traced(this.deps.tracer ?? untraced, job, () =>
        work({ job, signal: abort.signal, confirmLease }),
      );
      if (abort.signal.aborted) throw abort.signal.reason;
      const ok = await this.complete(job.lease);
      told(ok ? 'succeeded' : 'lost', line);
      if (!ok) jlog.warn('completed, but the lease was lost meanwhile: the outcome was not recorded');
      else jlog.debug('job succeeded');
    } catch (err) {
      if (err instanceof LeaseLostError) {
        told('lost');
        jlog.warn('lease lost: another worker owns this job now');
        return;
      }
      const now = clock.now();
      const f = failureDecision(err, job, this.opts.retry, now, this.deps.random.fraction());
      told(f.deferUntil ? 'deferred' : 'failed');
      if (f.deferUntil) {
        const released = await queue.release(job.lease, now, f.deferUntil).catch(() => false);
        // Every 30 s per held run while a profile is paused: the execution's event told it once.
        jlog.debug({ until: f.deferUntil.toISOString(), released, why: f.message }, 'job deferred');
        return;
      }
      // The loop's next claim, once this job is out of its slots, answers when the retry is due.
      const recorded = await queue.fail(job.lease, f.message, f.retryAt, now).catch(() => false);
      jlog.warn({ err, retry_at: f.retryAt?.toISOString() ?? null, recorded, final: f.final }, 'job failed');
    } finally {
      clearInterval(renewer);
      clearTimeout(deadline);
    }
  }
}

/** Runs a job in its span: in its execution's trace when its payload names one (runs, settles). */
const traced = <T>(tracer: Tracer, job: ClaimedJob, work: () => Promise<T>): Promise<T> => {
  const name = `job ${job.kind}`;
  const attributes = {
    'surveyor.job.kind': job.kind,
    'surveyor.job.id': job.id,
    'surveyor.job.try': job.attempts,
  };
  const id = (job.payload as { execution_id?: unknown } | null)?.execution_id;
  return typeof id === 'string'
    ? tracer.inExecution(id, name, attributes, work)
    : tracer.span(name, attributes, work);
};

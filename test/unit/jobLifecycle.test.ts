// The job lifecycle (core/domain/jobLifecycle.ts) is one set of rules for both runners: the same
// jobs, failing the same way, end the same through the worker's consumer (real timers) and the
// harness's runner (a clock that moves when told); and a lease past its trusted time is lost in
// both, never completed.
import { Writable } from 'node:stream';
import test from 'ava';
import * as t from 'io-ts';
import { createLogger } from '../../adapters/log/logger.js';
import { ManualClock } from '../../adapters/memory/clock.js';
import { MemoryJobQueue } from '../../adapters/memory/jobQueue.js';
import { SequentialRandom } from '../../adapters/memory/random.js';
import { SystemClock } from '../../adapters/system/systemClock.js';
import { DeferredJob, PermanentJobError } from '../../core/domain/job.js';
import { failureDecision, leaseTimings, trustedUntil } from '../../core/domain/jobLifecycle.js';
import { type JobHandler, jobHandler } from '../../core/ports/JobHandler.js';
import { SecretRegistry } from '../../core/redaction.js';
import { jobRunner } from '../../hosts/library/jobRunner.js';
import { QueueConsumer } from '../../hosts/worker/consumer.js';

const retry = { baseSeconds: 0.01, capSeconds: 0.02 };
const quiet = createLogger('silent', new SecretRegistry(), new Writable({ write: (_c, _e, cb) => cb() }));

/**
 * Job `once` fails once then succeeds; `bad` fails permanently; `always` fails every time (2
 * attempts); `later` is deferred once (given back, due at once), then succeeds.
 */
const scripted = (): JobHandler => {
  const tries = new Map<string, number>();
  return jobHandler('k', t.type({ name: t.string }), async ({ name }) => {
    const n = (tries.get(name) ?? 0) + 1;
    tries.set(name, n);
    if (name === 'once' && n === 1) throw new Error('transient: try again');
    if (name === 'bad') throw new PermanentJobError('refused: bad payload');
    if (name === 'always') throw new Error(`still failing (${n})`);
    if (name === 'later' && n === 1) throw new DeferredJob(new Date(0), 'its profile is paused');
  });
};

const enqueueAll = async (queue: MemoryJobQueue, now: Date) => {
  for (const name of ['once', 'bad', 'always', 'fine', 'later'])
    await queue.enqueue({ kind: 'k', payload: { name }, idempotencyKey: name, maxAttempts: 2 }, now);
};

const outcome = (queue: MemoryJobQueue) =>
  Object.fromEntries(
    [...queue.rows.values()].map((r) => [
      (r.payload as { name: string }).name,
      { state: r.state, attempts: r.attempts, lastError: r.lastError },
    ]),
  );
const ended = (queue: MemoryJobQueue) =>
  [...queue.rows.values()].every((r) => ['succeeded', 'dead'].includes(r.state));

test('the same jobs end the same through the worker and through the harness', async (tt) => {
  // The worker's consumer, on real time.
  const randomA = new SequentialRandom();
  const a = new MemoryJobQueue(randomA);
  const consumer = new QueueConsumer(
    { queue: a, clock: new SystemClock(), random: randomA, log: quiet, handlers: [scripted()] },
    { workerId: 'w', concurrency: 2, leaseSeconds: 30, idlePollSeconds: 1, retry },
  );
  await enqueueAll(a, new Date());
  consumer.start();
  const end = Date.now() + 10_000;
  while (!ended(a) && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
  await consumer.stop(1000);

  // The harness's runner, on a clock moved by hand past each backoff.
  const randomB = new SequentialRandom();
  const b = new MemoryJobQueue(randomB);
  const clock = new ManualClock();
  const runner = jobRunner(
    { queue: b, clock, random: randomB, handlers: [scripted()] },
    { leaseSeconds: 30, retry, maxJobs: 100 },
  );
  await enqueueAll(b, clock.now());
  for (let i = 0; i < 10 && !ended(b); i++) {
    await runner.runDue();
    clock.advance(1);
  }

  tt.deepEqual(outcome(a), outcome(b));
  tt.deepEqual(outcome(b), {
    once: { state: 'succeeded', attempts: 2, lastError: 'transient: try again' },
    bad: { state: 'dead', attempts: 1, lastError: 'refused: bad payload' },
    always: { state: 'dead', attempts: 2, lastError: 'still failing (2)' },
    fine: { state: 'succeeded', attempts: 1, lastError: null },
    later: { state: 'succeeded', attempts: 1, lastError: null },
  });
  tt.deepEqual(
    runner.failures.map((f) => [f.error, f.final]),
    [
      ['transient: try again', false],
      ['refused: bad payload', true],
      ['still failing (1)', false],
      ['still failing (2)', true],
    ],
  );
});

test('a lease past its trusted time is lost in the harness too: the job is not completed, and is reclaimed with backoff', async (tt) => {
  const random = new SequentialRandom();
  const queue = new MemoryJobQueue(random);
  const clock = new ManualClock();
  const leaseSeconds = 30;
  let confirmed: unknown = null;
  const slow = jobHandler('slow', t.type({}), async (_p, ctx) => {
    // The work outlasts the lease's trusted time (30 s less the 5 s margin) before it submits.
    clock.advance(26);
    confirmed = await ctx.confirmLease().then(
      () => 'held',
      (err: Error) => err.name,
    );
  });
  const runner = jobRunner({ queue, clock, random, handlers: [slow] }, { leaseSeconds, retry, maxJobs: 10 });
  await queue.enqueue({ kind: 'slow', payload: {} }, clock.now());
  await runner.runDue();
  tt.is(confirmed, 'LeaseLostError');
  const [row] = [...queue.rows.values()];
  tt.is(row?.state, 'running', 'not completed: another runner may own it now');
  clock.advance(10);
  await runner.reclaim(clock.now());
  tt.is(row?.state, 'queued');
  tt.true(row!.runAt > clock.now(), 'due after a backoff, as the worker reclaims');
});

test('the lease rules: renew at a third, reap at a half, trust until the lease less a margin', (tt) => {
  tt.deepEqual(leaseTimings(30), { renewEveryMs: 10_000, reapEveryMs: 15_000, marginMs: 5000 });
  tt.deepEqual(leaseTimings(3), { renewEveryMs: 1000, reapEveryMs: 1500, marginMs: 500 });
  const at = new Date('2026-01-01T00:00:00Z');
  tt.is(trustedUntil(at, 30).toISOString(), '2026-01-01T00:00:25.000Z');
  const now = new Date('2026-01-01T00:00:00Z');
  tt.like(failureDecision(new Error('x'), { attempts: 1, maxAttempts: 3 }, retry, now, 0), {
    message: 'x',
    final: false,
  });
  tt.like(failureDecision(new PermanentJobError('y'), { attempts: 1, maxAttempts: 3 }, retry, now, 0), {
    retryAt: null,
    final: true,
  });
  tt.true(failureDecision('z', { attempts: 3, maxAttempts: 3 }, retry, now, 0).final);
});

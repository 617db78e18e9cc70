// The queue consumer on the memory queue: jobs run once, an idle consumer waking on time, retries
// with backoff to dead, stop's grace period, failing lease renewals stopping a job at its deadline,
// and finished jobs recorded in batches with the next claim.
import { Writable } from 'node:stream';
import test from 'ava';
import * as t from 'io-ts';
import { MemoryJobQueue } from '../../adapters/memory/jobQueue.js';
import { SequentialRandom } from '../../adapters/memory/random.js';
import { createLogger } from '../../adapters/log/logger.js';
import { SystemClock } from '../../adapters/system/systemClock.js';
import { LeaseLostError, PermanentJobError } from '../../core/domain/job.js';
import { type JobHandler, jobHandler, jobKind, jobLine } from '../../core/ports/JobHandler.js';
import { SecretRegistry } from '../../core/redaction.js';
import { type ConsumerDeps, QueueConsumer } from '../../hosts/worker/consumer.js';

const quietLog = createLogger('silent', new SecretRegistry(), new Writable({ write: (_c, _e, cb) => cb() }));
const until = async (cond: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
};

const setup = (
  handlers: JobHandler[],
  concurrency = 2,
  leaseSeconds = 30,
  observe?: ConsumerDeps['observe'],
) => {
  const random = new SequentialRandom();
  const queue = new MemoryJobQueue(random);
  const consumer = new QueueConsumer(
    { queue, clock: new SystemClock(), random, log: quietLog, handlers, ...(observe ? { observe } : {}) },
    {
      workerId: 'w',
      concurrency,
      leaseSeconds,
      idlePollSeconds: 60,
      retry: { baseSeconds: 0.01, capSeconds: 0.02 },
    },
  );
  return { queue, consumer };
};

const handler = <P>(kind: string, codec: t.Type<P, unknown, unknown>, fn: (p: P) => Promise<void>) =>
  jobHandler(kind, codec, fn);

test('jobs run once each, at most `concurrency` at a time, woken without polling', async (tt) => {
  let active = 0;
  let peak = 0;
  const seen: number[] = [];
  const { queue, consumer } = setup(
    [
      handler('k', t.type({ n: t.number }), async ({ n }) => {
        active++;
        peak = Math.max(peak, active);
        await new Promise((r) => setTimeout(r, 20));
        seen.push(n);
        active--;
      }),
    ],
    3,
  );
  consumer.start();
  for (let n = 0; n < 12; n++) await queue.enqueue({ kind: 'k', payload: { n } }, new Date());
  consumer.wake();
  await until(() => seen.length === 12);
  await consumer.stop(1000);
  tt.deepEqual(
    [...seen].sort((a, b) => a - b),
    [...Array(12).keys()],
  );
  tt.true(peak <= 3);
  tt.is((await queue.stats(new Date())).queued, 0);
});

test('an idle consumer wakes when the soonest job ahead is due, without a notification', async (tt) => {
  const ran: number[] = [];
  const { queue, consumer } = setup([
    handler('k', t.unknown, async () => {
      ran.push(Date.now());
    }),
  ]);
  const due = Date.now() + 300;
  await queue.enqueue({ kind: 'k', payload: {}, runAt: new Date(due) }, new Date());
  consumer.start();
  // The idle poll is 60 s and nothing calls wake(): only the claim's next run_at can start it.
  await until(() => ran.length === 1, 3000);
  await consumer.stop(1000);
  tt.true(ran[0]! >= due, 'not before it is due');
  tt.true(ran[0]! < due + 1000, `on time (${ran[0]! - due} ms late)`);
});

test('a failing job is retried with backoff until its attempts run out, then dead', async (tt) => {
  let calls = 0;
  const { queue, consumer } = setup([
    handler('k', t.unknown, async () => {
      calls++;
      throw new Error('transient');
    }),
  ]);
  await queue.enqueue({ kind: 'k', payload: {}, maxAttempts: 3 }, new Date());
  consumer.start();
  await until(() => [...queue.rows.values()][0]?.state === 'dead');
  await consumer.stop(1000);
  tt.is(calls, 3);
  tt.is([...queue.rows.values()][0]?.lastError, 'transient');
});

test('a bad payload or a permanent error goes straight to dead', async (tt) => {
  const { queue, consumer } = setup([
    handler('typed', t.type({ id: t.string }), async () => {}),
    handler('refuses', t.unknown, async () => {
      throw new PermanentJobError('cannot ever work');
    }),
  ]);
  await queue.enqueue({ kind: 'typed', payload: { id: 7 } }, new Date());
  await queue.enqueue({ kind: 'refuses', payload: {} }, new Date());
  consumer.start();
  await until(() => [...queue.rows.values()].every((r) => r.state === 'dead'));
  await consumer.stop(1000);
  const errors = [...queue.rows.values()].map((r) => r.lastError).sort();
  tt.deepEqual(errors, ['bad payload: id: expected string, got number 7', 'cannot ever work']);
  tt.true([...queue.rows.values()].every((r) => r.attempts === 1));
});

test('stop lets running jobs finish within the grace period, else aborts and releases them', async (tt) => {
  let aborted = false;
  const { queue, consumer } = setup([
    handler('slow', t.unknown, (async (_p: unknown, ctx: { signal: AbortSignal }) => {
      await new Promise<void>((resolve) => {
        ctx.signal.addEventListener('abort', () => {
          aborted = true;
          resolve();
        });
      });
    }) as never),
  ]);
  await queue.enqueue({ kind: 'slow', payload: {} }, new Date());
  consumer.start();
  await until(() => consumer.activeJobs === 1);
  await consumer.stop(50);
  tt.true(aborted);
  const row = [...queue.rows.values()][0]!;
  tt.is(row.state, 'queued');
  tt.is(row.attempts, 0, 'a released job keeps its attempts');
});

test('renewals that keep failing with errors stop the job at its local lease deadline', async (tt) => {
  let reason: unknown = null;
  let stoppedAfter = 0;
  const started = Date.now();
  const { queue, consumer } = setup(
    [
      handler('k', t.type({}), (_p) => Promise.resolve()),
      jobHandler(
        'slow',
        t.type({}),
        (_p, ctx) =>
          new Promise<void>((resolve) =>
            ctx.signal.addEventListener('abort', () => {
              reason = ctx.signal.reason;
              stoppedAfter = Date.now() - started;
              resolve();
            }),
          ),
      ),
    ],
    1,
    1.5,
  );
  // The database answers every renewal with an error (a network partition): never "lost", never "ok".
  queue.renew = () => Promise.reject(new Error('connection terminated unexpectedly'));
  await queue.enqueue({ kind: 'slow', payload: {} }, new Date());
  consumer.start();
  tt.teardown(() => consumer.stop(100));
  await until(() => reason !== null, 5000);
  tt.true(reason instanceof LeaseLostError, String(reason));
  tt.true(stoppedAfter < 1500, `stopped ${stoppedAfter} ms after the claim, before the 1.5 s lease ran out`);
});

test('confirmLease renews in the queue and throws once the lease is gone', async (tt) => {
  const outcomes: string[] = [];
  const { queue, consumer } = setup([
    jobHandler('k', t.type({}), async (_p, ctx) => {
      await ctx.confirmLease();
      outcomes.push('held');
      queue.renew = async () => false; // another worker took the job meanwhile
      await ctx.confirmLease().catch((e: unknown) => outcomes.push((e as Error).name));
      outcomes.push(ctx.signal.aborted ? 'aborted' : 'running');
    }),
  ]);
  await queue.enqueue({ kind: 'k', payload: {} }, new Date());
  consumer.start();
  tt.teardown(() => consumer.stop(100));
  await until(() => outcomes.length === 3);
  tt.deepEqual(outcomes, ['held', 'LeaseLostError', 'aborted']);
});

test('finished jobs are recorded with the next claim, several per round trip; stop records the last ones', async (tt) => {
  let ran = 0;
  const { queue, consumer } = setup(
    [
      handler('k', t.type({ n: t.number }), async () => {
        ran++;
      }),
    ],
    4,
  );
  const calls: number[] = [];
  const original = queue.completeAndClaim.bind(queue);
  queue.completeAndClaim = async (leases, ...rest) => {
    calls.push(leases.length);
    return original(leases, ...rest);
  };
  for (let n = 0; n < 40; n++) await queue.enqueue({ kind: 'k', payload: { n } }, new Date());
  consumer.start();
  await until(() => ran === 40);
  await consumer.stop(1000);
  const stats = await queue.stats(new Date());
  tt.is(stats.queued + stats.running, 0, 'every job recorded, none left running');
  tt.is(
    calls.reduce((a, b) => a + b, 0),
    40,
    'each completion sent once',
  );
  tt.true(calls.length <= 40 / 2, `round trips: ${calls.length} for 40 jobs`);
});

test('each job is told to the worker with its kind, how it ended, its seconds and its line', async (tt) => {
  const seen: { kind: string; outcome: string; seconds: number; durations?: object }[] = [];
  const timed = jobKind({
    name: 'timed',
    codec: t.type({}),
    maxAttempts: 1,
    run: async (_deps: null) => jobLine('debug', 'timed done', {}, { stage: 1.5 }),
  });
  const { queue, consumer } = setup(
    [timed.handler(null), jobHandler('bad', t.type({}), () => Promise.reject(new Error('no')))],
    2,
    30,
    (kind, outcome, seconds, line) =>
      seen.push({ kind, outcome, seconds, ...(line?.durations ? { durations: line.durations } : {}) }),
  );
  await queue.enqueue(timed.request({}), new Date());
  await queue.enqueue({ kind: 'bad', payload: {}, maxAttempts: 1 }, new Date());
  consumer.start();
  tt.teardown(() => consumer.stop(100));
  await until(() => seen.length === 2);
  const byKind = Object.fromEntries(seen.map((x) => [x.kind, x]));
  tt.like(byKind['timed'], { outcome: 'succeeded', durations: { stage: 1.5 } });
  tt.like(byKind['bad'], { outcome: 'failed' });
  tt.true(seen.every((x) => x.seconds >= 0 && x.seconds < 5));
});

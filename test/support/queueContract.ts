// One set of queue rules, run against both the PostgreSQL queue and the in-memory one.
import type { ExecutionContext } from 'ava';
import type { JobQueue } from '../../core/ports/JobQueue.js';

export type QueueFactory = () => Promise<{
  queue: JobQueue;
  done: () => Promise<void>;
  /** What an execution write does to the running job holding `key`: asks it to run again at `at`. */
  askAgain: (key: string, at: Date) => Promise<void>;
}>;

const t0 = new Date('2026-05-01T00:00:00Z');
const at = (s: number) => new Date(t0.getTime() + s * 1000);

export const queueContract: Record<string, (t: ExecutionContext, make: QueueFactory) => Promise<void>> = {
  'an idempotency key admits one live job; after it ends, the key is free again': async (t, make) => {
    const { queue, done } = await make();
    t.teardown(done);
    const a = await queue.enqueue({ kind: 'k', payload: { n: 1 }, idempotencyKey: 'exec-1' }, t0);
    const b = await queue.enqueue({ kind: 'k', payload: { n: 2 }, idempotencyKey: 'exec-1' }, t0);
    t.true(a.created);
    t.false(b.created);
    t.is(b.id, a.id);
    const [job] = await queue.claim('w', ['k'], 10, 30, t0);
    t.deepEqual(job!.payload, { n: 1 });
    t.true(await queue.complete(job!.lease, at(1)));
    const c = await queue.enqueue({ kind: 'k', payload: {}, idempotencyKey: 'exec-1' }, at(2));
    t.true(c.created);
  },
  'claims take due jobs of the asked kinds, by priority then age': async (t, make) => {
    const { queue, done } = await make();
    t.teardown(done);
    await queue.enqueue({ kind: 'a', payload: 'old' }, t0);
    await queue.enqueue({ kind: 'a', payload: 'urgent', priority: 5 }, at(1));
    await queue.enqueue({ kind: 'a', payload: 'later', runAt: at(100) }, t0);
    await queue.enqueue({ kind: 'b', payload: 'other kind' }, t0);
    const jobs = await queue.claim('w', ['a'], 10, 30, at(2));
    t.deepEqual(
      jobs.map((j) => j.payload),
      ['urgent', 'old'],
    );
    t.true(jobs.every((j) => j.attempts === 1));
    t.deepEqual(await queue.claim('w', ['a'], 10, 30, at(2)), []);
    t.is((await queue.claim('w', ['a'], 10, 30, at(100)))[0]?.payload, 'later');
  },
  'a lease that expired is reclaimed with a new token; the old holder can write nothing': async (t, make) => {
    const { queue, done } = await make();
    t.teardown(done);
    await queue.enqueue({ kind: 'k', payload: {} }, t0);
    const [first] = await queue.claim('w1', ['k'], 1, 30, t0);
    t.true(await queue.renew(first!.lease, 30, at(10)));
    t.deepEqual(await queue.reclaimExpired(at(39), () => at(39)), { requeued: 0, dead: 0 });
    t.deepEqual(await queue.reclaimExpired(at(41), () => at(41)), { requeued: 1, dead: 0 });
    const [second] = await queue.claim('w2', ['k'], 1, 30, at(41));
    t.not(second!.lease.token, first!.lease.token);
    t.is(second!.attempts, 2);
    t.false(await queue.renew(first!.lease, 30, at(42)));
    t.false(await queue.complete(first!.lease, at(42)));
    t.false(await queue.fail(first!.lease, 'late', null, at(42)));
    t.true(await queue.complete(second!.lease, at(43)));
  },
  'failures retry at the given time until attempts run out, then the job is dead': async (t, make) => {
    const { queue, done } = await make();
    t.teardown(done);
    await queue.enqueue({ kind: 'k', payload: {}, maxAttempts: 2 }, t0);
    const [a] = await queue.claim('w', ['k'], 1, 30, t0);
    t.true(await queue.fail(a!.lease, 'boom 1', at(60), at(1)));
    t.deepEqual(await queue.claim('w', ['k'], 1, 30, at(59)), []);
    const [b] = await queue.claim('w', ['k'], 1, 30, at(60));
    t.is(b!.attempts, 2);
    t.true(await queue.fail(b!.lease, 'boom 2', at(120), at(61)));
    t.deepEqual(await queue.claim('w', ['k'], 1, 30, at(500)), []);
    t.is((await queue.stats(at(500))).dead, 1);
  },
  'a released job is queued again (now, or at the time given) without spending an attempt': async (
    t,
    make,
  ) => {
    const { queue, done } = await make();
    t.teardown(done);
    await queue.enqueue({ kind: 'k', payload: {} }, t0);
    const [a] = await queue.claim('w', ['k'], 1, 30, t0);
    t.true(await queue.release(a!.lease, at(1)));
    const [b] = await queue.claim('w', ['k'], 1, 30, at(1));
    t.is(b!.attempts, 1);
    // Given back until a time (a deferred job): not claimed before it, then claimed, still unspent.
    t.true(await queue.release(b!.lease, at(2), at(30)));
    t.deepEqual(await queue.claim('w', ['k'], 1, 30, at(29)), []);
    const [c] = await queue.claim('w', ['k'], 1, 30, at(30));
    t.is(c!.attempts, 1);
  },
  'an expired job with no attempts left is dead, not requeued': async (t, make) => {
    const { queue, done } = await make();
    t.teardown(done);
    await queue.enqueue({ kind: 'k', payload: {}, maxAttempts: 1 }, t0);
    await queue.claim('w', ['k'], 1, 10, t0);
    t.deepEqual(await queue.reclaimExpired(at(11), () => at(11)), { requeued: 0, dead: 1 });
  },
  'completeAndClaim ends held jobs and claims the next in one step, and writes nothing for a lost lease':
    async (t, make) => {
      const { queue, done } = await make();
      t.teardown(done);
      for (const n of [1, 2, 3, 4]) await queue.enqueue({ kind: 'k', payload: n }, at(n));
      const [first, second] = await queue.claim('w', ['k'], 2, 30, at(5));
      const r = await queue.completeAndClaim([first!.lease, second!.lease], 'w', ['k'], 1, 30, at(6));
      t.deepEqual([...r.completed].sort(), [first!.id, second!.id].sort());
      t.deepEqual(
        r.claimed.map((j) => j.payload),
        [3],
      );
      t.is(r.claimed[0]!.attempts, 1);
      t.true(r.claimed[0]!.leaseExpiresAt.getTime() > at(6).getTime());
      const again = await queue.completeAndClaim(
        [first!.lease, r.claimed[0]!.lease],
        'w',
        ['k'],
        0,
        30,
        at(7),
      );
      t.deepEqual([...again.completed], [r.claimed[0]!.id], 'the first lease is spent');
      t.deepEqual(again.claimed, [], 'a limit of 0 claims nothing');
      const rest = await queue.completeAndClaim([], 'w', ['k'], 5, 30, at(8));
      t.deepEqual(
        rest.claimed.map((j) => j.payload),
        [4],
      );
      t.is((await queue.stats(at(9))).running, 1);
    },
  'a short claim tells when the soonest job of its kinds ahead is due, counting one it queued again': async (
    t,
    make,
  ) => {
    const { queue, done, askAgain } = await make();
    t.teardown(done);
    await queue.enqueue({ kind: 'k', payload: 'now' }, t0);
    await queue.enqueue({ kind: 'k', payload: 'later', runAt: at(50) }, t0);
    await queue.enqueue({ kind: 'k', payload: 'soon', runAt: at(20) }, t0);
    await queue.enqueue({ kind: 'other', payload: 'not mine', runAt: at(5) }, t0);
    const full = await queue.completeAndClaim([], 'w', ['k'], 1, 30, at(1));
    t.deepEqual(
      full.claimed.map((j) => j.payload),
      ['now'],
    );
    t.is(full.nextRunAt, null, 'a claim that filled its limit does not look ahead');
    const short = await queue.completeAndClaim([], 'w', ['k'], 5, 30, at(2));
    t.deepEqual(short.claimed, []);
    t.is(short.nextRunAt?.getTime(), at(20).getTime());
    t.is((await queue.completeAndClaim([], 'w', ['k'], 5, 30, at(60))).claimed.length, 2);
    t.is((await queue.completeAndClaim([], 'w', ['k'], 5, 30, at(61))).nextRunAt, null, 'nothing is ahead');
    // A job asked for again while it runs is queued again by its own completion, due at the spacing.
    const { id } = await queue.enqueue({ kind: 'k', payload: 'round', idempotencyKey: 'round' }, at(62));
    const [round] = await queue.claim('w', ['k'], 1, 30, at(62));
    t.is(round!.id, id);
    await askAgain('round', at(70));
    const after = await queue.completeAndClaim([round!.lease], 'w', ['k'], 5, 30, at(63));
    t.deepEqual([...after.completed], [id]);
    t.is(after.nextRunAt?.getTime(), at(70).getTime());
  },
  'cancel ends a live job; stats count by state and age': async (t, make) => {
    const { queue, done } = await make();
    t.teardown(done);
    const a = await queue.enqueue({ kind: 'k', payload: {} }, t0);
    await queue.enqueue({ kind: 'k', payload: {} }, at(5));
    t.true(await queue.cancel(a.id, at(6)));
    t.false(await queue.cancel(a.id, at(6)));
    const s = await queue.stats(at(15));
    t.is(s.queued, 1);
    t.is(Math.round(s.oldestQueuedAgeSeconds), 10);
  },
};

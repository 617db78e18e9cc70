// The PostgreSQL queue: concurrent claimers never claim one job twice, and an enqueue notifies
// listeners (the shared rules are in support/queueContract.ts).
import test from 'ava';
import { PgJobQueue } from '../../adapters/postgres/jobQueue.js';
import { CryptoRandom } from '../../adapters/system/cryptoRandom.js';
import { freshDatabase } from '../support/db.js';
import { queueContract } from '../support/queueContract.js';

const make = async () => {
  const d = await freshDatabase();
  return {
    queue: new PgJobQueue(d.db, new CryptoRandom()),
    done: d.drop,
    askAgain: async (key: string, at: Date) => {
      await d.db.none(`UPDATE jobs SET rerun_at = $2 WHERE idempotency_key = $1 AND state = 'running'`, [
        key,
        at,
      ]);
    },
  };
};

for (const [name, rule] of Object.entries(queueContract))
  test(`postgres queue: ${name}`, (t) => rule(t, make));

test('concurrent claimers never claim the same job twice', async (t) => {
  const d = await freshDatabase();
  t.teardown(d.drop);
  const queue = new PgJobQueue(d.db, new CryptoRandom());
  const now = new Date();
  for (let i = 0; i < 300; i++) await queue.enqueue({ kind: 'k', payload: { i } }, now);
  const claimed: string[] = [];
  await Promise.all(
    Array.from({ length: 8 }, async (_, w) => {
      for (;;) {
        const jobs = await queue.claim(`w${w}`, ['k'], 7, 60, now);
        if (jobs.length === 0) return;
        claimed.push(...jobs.map((j) => j.id));
      }
    }),
  );
  t.is(claimed.length, 300);
  t.is(new Set(claimed).size, 300);
});

test('an enqueue notifies listeners on the jobs channel', async (t) => {
  const d = await freshDatabase();
  t.teardown(d.drop);
  const conn = await d.db.connect({ direct: true });
  t.teardown(() => conn.done());
  const heard = new Promise<string>((resolve) =>
    conn.client.on('notification', (m) => resolve(m.payload ?? '')),
  );
  await conn.none('LISTEN surveyor_jobs');
  await new PgJobQueue(d.db, new CryptoRandom()).enqueue({ kind: 'stage', payload: {} }, new Date());
  t.is(await heard, 'stage');
});

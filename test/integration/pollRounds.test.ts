// Poll rounds on PostgreSQL: the tick's batch of rounds wakes the workers, and a round that
// changes nothing writes nothing (the target's row keeps its transaction id).
import test from 'ava';
import { PgPollRounds } from '../../adapters/postgres/pollRounds.js';
import { freshDatabase } from '../support/db.js';

const at = (s: number) => new Date(Date.UTC(2026, 10, 23, 12, 0, s));
const round = (target: string) => ({
  target,
  job: { kind: 'execution.poll', payload: { target }, idempotencyKey: `execution.poll:${target}` },
});

test('scheduled rounds wake the workers once; rounds that change nothing leave the row untouched', async (t) => {
  const d = await freshDatabase();
  t.teardown(d.drop);
  const conn = await d.db.connect({ direct: true });
  t.teardown(() => conn.done());
  const heard: string[] = [];
  conn.client.on('notification', (m) => heard.push(m.payload ?? ''));
  await conn.none('LISTEN surveyor_jobs');
  const repo = new PgPollRounds(d.db);
  t.is(await repo.schedulePolls([round('dim:1'), round('dim:2'), round('dim:1')], at(0)), 2);
  t.is(await repo.schedulePolls([round('dim:1')], at(1)), 0, 'its job is live');
  await conn.one('SELECT 1 AS one'); // delivers what was sent before it
  t.deepEqual(heard, ['execution.poll'], 'one notification for the kind');
  const version = () =>
    d.db.one<{ xmin: string; last_polled_at: Date }>(
      'SELECT xmin::text, last_polled_at FROM poll_targets WHERE target = $1',
      ['dim:1'],
    );
  await repo.recordRound('dim:1', at(0), at(0), null, true);
  const first = await version();
  for (let i = 0; i < 5; i++)
    await repo.recordRound('dim:1', new Date(at(0).getTime() + 500), at(1), null, true);
  t.is((await version()).xmin, first.xmin, 'answered again, started on time: no write');
  await repo.recordRound('dim:1', at(5), at(5), null, true);
  t.not((await version()).xmin, first.xmin, 'a late start is recorded');
  t.deepEqual((await version()).last_polled_at, at(5));
});

import test from 'ava';
import { openDb } from '../../adapters/postgres/db.js';
import { PgLeaderLock } from '../../adapters/postgres/leaderLock.js';
import { freshDatabase } from '../support/db.js';

test('one leader at a time; another takes over when it lets go or its connection dies', async (t) => {
  const d = await freshDatabase();
  t.teardown(d.drop);
  const a = new PgLeaderLock(d.db);
  const b = new PgLeaderLock(d.db);
  t.true(await a.tryAcquire());
  t.false(await b.tryAcquire());
  t.true(await a.tryAcquire(), 'the leader stays leader');
  await a.release();
  t.true(await b.tryAcquire());
  t.false(await a.tryAcquire());

  // The leader's connection dies (as when its process is killed): the lock goes with it. Only
  // this test's database: other test files hold advisory locks (migrations) on the same server.
  const other = openDb(d.url, 2);
  await other.any(
    `SELECT pg_terminate_backend(pid) FROM pg_locks
     WHERE locktype = 'advisory' AND granted AND pid <> pg_backend_pid()
       AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
  );
  t.true(await a.tryAcquire());
  t.false(await b.tryAcquire(), 'the old leader notices it lost the lock');
  await a.release();
});

// The scheduler's leader lock on real PostgreSQL: one leader at a time, taken over when it lets go or
// its connection dies, and a follower whose answer never comes giving up within seconds.
import test from 'ava';
import { closeDb, type Db, openDb } from '../../adapters/postgres/db.js';
import { PgLeaderLock } from '../../adapters/postgres/leaderLock.js';
import { freshDatabase } from '../support/db.js';
import { linkProxy } from '../support/linkProxy.js';

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

test('a follower whose answer never comes gives up within seconds and leads once the link is back', async (t) => {
  const d = await freshDatabase();
  t.teardown(d.drop);
  const server = new URL(d.url);
  const proxy = await linkProxy({ host: server.hostname, port: Number(server.port) });
  t.teardown(() => proxy.close());
  const via = new URL(d.url);
  via.hostname = proxy.host;
  via.port = String(proxy.port);
  const proxied = openDb(via.toString(), 2, { connectMs: 3000, statementMs: 30_000 });
  t.teardown(() => closeDb(proxied));
  // Connected, then the link holds every answer for ten minutes (nothing closes it), as a partition
  // that swallowed the server's reset leaves a socket.
  const db = {
    connect: async (o: { direct: true }) => {
      const c = await proxied.connect(o);
      proxy.latency(600_000);
      return c;
    },
  } as unknown as Db;
  const lock = new PgLeaderLock(db);
  const started = Date.now();
  await t.throwsAsync(lock.tryAcquire(), { message: /did not answer/ });
  t.true(Date.now() - started < 15_000, `gave up after ${Date.now() - started} ms`);
  proxy.latency(0);
  t.true(await new PgLeaderLock(proxied).tryAcquire(), 'nothing holds the lock');
});

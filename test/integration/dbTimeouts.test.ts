// Every pooled connection has a statement timeout and a connect timeout, so a stuck statement or a
// database that does not answer cannot hold a request or a job (and its lease) forever.
import { type AddressInfo, createServer, type Socket } from 'node:net';
import test from 'ava';
import { closeDb, openDb } from '../../adapters/postgres/db.js';
import { freshDatabase } from '../support/db.js';

test('a statement running past the timeout is cancelled by the server', async (t) => {
  const d = await freshDatabase({ migrated: false });
  t.teardown(() => d.drop());
  // The same database under another URL spelling, so that openDb makes a pool with these timeouts.
  const db = openDb(`${d.url}?application_name=timeouts`, 2, { connectMs: 5000, statementMs: 300 });
  t.teardown(() => closeDb(db));
  await t.throwsAsync(db.one('SELECT pg_sleep(3)'), {
    message: /canceling statement due to statement timeout/,
  });
  t.deepEqual(await db.one('SELECT 1 AS one'), { one: 1 }, 'the pool goes on');
});

test('a server that never answers is given up after the connect timeout', async (t) => {
  const sockets = new Set<Socket>();
  const silent = createServer((s) => sockets.add(s)); // accepts and says nothing
  await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
  t.teardown(() => {
    for (const s of sockets) s.destroy();
    return new Promise<void>((r) => silent.close(() => r()));
  });
  const port = (silent.address() as AddressInfo).port;
  const db = openDb(`postgres://u:p@127.0.0.1:${port}/x`, 1, { connectMs: 300, statementMs: 1000 });
  t.teardown(() => closeDb(db).catch(() => {}));
  await t.throwsAsync(db.one('SELECT 1'), { message: /timeout/i });
});

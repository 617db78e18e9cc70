// The scheduler leader cut off from PostgreSQL by a network partition (the hosts testbed: two
// scheduler-enabled `surveyor worker` processes in two network namespaces, PostgreSQL reached over
// the bridge). The leader's lock is a session's advisory lock, which PostgreSQL keeps until it
// notices the session's peer is gone: another process must lead within a bound (the leader
// session's keepalives, then one leadership check), not after TCP's default hours; the cut-off
// process stops leading while cut off, and after healing does not lead again: two never lead.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { cleanEnv } from '../support/child.js';
import { freshDatabase } from '../support/db.js';
import { cliIn, hostsCommand, hostsTestbed } from '../support/hosts.js';

test('a leader cut off from the database is replaced within the bound, and after healing leads no more', async (t) => {
  t.timeout(180_000);
  const tb = hostsTestbed();
  const bridge = process.env['HOSTS_DATABASE_HOST'];
  if (!bridge)
    throw new Error(
      'the test database does not listen on the hosts bridge: run under scripts/test, which starts the hosts testbed first',
    );
  const d = await freshDatabase();
  t.teardown(d.drop);
  const dataDir = mkdtempSync(join(tmpdir(), 'surveyor-partition-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const url = new URL(d.url);
  url.hostname = bridge;
  const env = cleanEnv({
    DATABASE_URL: url.toString(),
    SERVICE_DATA_DIR: dataDir,
    SERVICE_METRICS_PORT: '-1',
    SERVICE_SCHEDULER_CHECK_SECONDS: '1',
    SERVICE_LOG_LEVEL: 'debug',
  });
  // Hosts 4 and 5: the hosts testbed's other tests use 1-3 and 6 meanwhile.
  const [h1, h2] = ['svh4', 'svh5'];
  t.true(tb.hosts.has(h1!) && tb.hosts.has(h2!), [...tb.hosts.keys()].join(','));
  const a = cliIn(h1!, ['worker'], env);
  const b = cliIn(h2!, ['worker'], env);
  t.teardown(() => {
    hostsCommand('heal', h1!);
    hostsCommand('heal', h2!);
    for (const w of [a, b]) if (w.child.exitCode === null) w.child.kill('SIGKILL');
  });
  const leaderMsg = /became the scheduler leader/;
  const first = await Promise.race([
    a.waitFor(leaderMsg, 30_000).then(() => a),
    b.waitFor(leaderMsg, 30_000).then(() => b),
  ]);
  const second = first === a ? b : a;
  await second.waitFor(/worker started/, 30_000);
  await new Promise((r) => setTimeout(r, 2000));
  t.notRegex(second.output(), leaderMsg, 'one leader at a time');

  // The partition: the leader's host loses its link, PostgreSQL and all.
  const before = second.output().length;
  const cutFrom = first.output().length;
  t.is(hostsCommand('cut', first.host).code, 0);
  const cutAt = Date.now();
  // The cut-off leader learns it cannot keep the lock, and stops leading while still cut off.
  await first.waitFor(/no longer the scheduler leader/, 30_000, cutFrom);
  t.log(`the cut-off leader stepped down ${((Date.now() - cutAt) / 1000).toFixed(1)} s after the cut`);
  await second.waitFor(leaderMsg, 60_000, before);
  const takeover = (Date.now() - cutAt) / 1000;
  t.log(`the follower led ${takeover.toFixed(1)} s after the leader was cut off`);
  t.true(takeover < 30, `takeover after ${takeover} s`);
  await second.waitFor(/"tick":"maintenance"/, 30_000, before);

  // Healed: the process that was cut off reaches the database again and finds the lock taken.
  const healedFrom = first.output().length;
  t.is(hostsCommand('heal', first.host).code, 0);
  // Five leadership checks (one a second) with the link back.
  await new Promise((r) => setTimeout(r, 5000));
  t.notRegex(first.output().slice(healedFrom), leaderMsg, 'the cut-off process does not lead again');
  t.notRegex(second.output().slice(before), /no longer the scheduler leader/, 'the new leader keeps leading');
});

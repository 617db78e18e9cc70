// Two scheduler-enabled worker processes on one database: only one leads and ticks; when it is
// killed with SIGKILL, the other takes over.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { freshDatabase } from '../support/db.js';
import { cleanEnv, runCli } from '../support/child.js';

test('two schedulers never both lead; a killed leader is replaced', async (t) => {
  const d = await freshDatabase();
  t.teardown(d.drop);
  const dataDir = mkdtempSync(join(tmpdir(), 'surveyor-sched-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = cleanEnv({
    DATABASE_URL: d.url,
    SERVICE_DATA_DIR: dataDir,
    SERVICE_METRICS_PORT: '-1',
    SERVICE_SCHEDULER_CHECK_SECONDS: '1',
    // Ticks that find nothing log at debug: this test watches for them.
    SERVICE_LOG_LEVEL: 'debug',
  });
  const a = runCli(['worker'], env);
  const b = runCli(['worker'], env);
  t.teardown(() => {
    for (const p of [a, b]) if (p.child.exitCode === null) p.child.kill('SIGKILL');
  });
  const leaderMsg = /became the scheduler leader/;
  const first = await Promise.race([a.waitFor(leaderMsg).then(() => a), b.waitFor(leaderMsg).then(() => b)]);
  const second = first === a ? b : a;
  await first.waitFor(/"tick":"maintenance"/);
  // Give the follower several leadership checks: it must stay a follower.
  await second.waitFor(/worker started/);
  await new Promise((r) => setTimeout(r, 3000));
  t.notRegex(second.output(), leaderMsg);
  t.notRegex(second.output(), /"tick":"maintenance"/);

  first.child.kill('SIGKILL');
  const started = Date.now();
  await second.waitFor(leaderMsg, 15_000);
  await second.waitFor(/"tick":"maintenance"/);
  t.log(`takeover after ${Date.now() - started} ms`);

  second.child.kill('SIGTERM');
  t.is(await second.exited(), 0);
});

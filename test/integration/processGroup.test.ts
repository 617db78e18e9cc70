// SERVICE_API_PROCESSES and SERVICE_WORKER_PROCESSES: `surveyor api` and `surveyor worker` as a
// group of processes on one port and one database. Every request answered whichever process took
// it, /metrics summed over the group, a child killed and replaced, one scheduler leader among the
// workers, SIGTERM stopping every process with status 0.
import { execFileSync } from 'node:child_process';
import { get } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { cleanEnv, runCli } from '../support/child.js';
import { freshDatabase } from '../support/db.js';

const childrenOf = (pid: number): number[] => {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
};

const until = async (what: string, ok: () => boolean | Promise<boolean>, ms = 30_000) => {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

/** The sum of a metric's samples whose labels match. */
const sample = (text: string, name: string, labels: RegExp = /.*/) =>
  text
    .split('\n')
    .filter((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `))
    .filter((l) => labels.test(l))
    .reduce((n, l) => n + Number(l.split(' ').pop()), 0);

/** A GET on a connection of its own (a pooled one may be to a process that was killed since): status and body. */
const getFresh = (url: string): Promise<{ status: number; text: string }> =>
  new Promise((resolve, reject) => {
    get(url, { agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        text += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    }).on('error', reject);
  });

const setup = async (t: import('ava').ExecutionContext, extra: Record<string, string>) => {
  const d = await freshDatabase({ migrated: false });
  t.teardown(d.drop);
  const dataDir = mkdtempSync(join(tmpdir(), 'surveyor-group-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  return {
    d,
    env: cleanEnv({
      DATABASE_URL: d.url,
      SERVICE_DATA_DIR: dataDir,
      SERVICE_JWT_SECRET: 'group-test-secret-0123456789abcdef-xyz',
      SERVICE_PORT: '0',
      SERVICE_METRICS_PORT: '0',
      SERVICE_LOG_LEVEL: 'warn',
      SERVICE_SHUTDOWN_GRACE_SECONDS: '10',
      ...extra,
    }),
  };
};

test('two API processes share the port; metrics are the group sum; a killed one is replaced; SIGTERM stops all', async (t) => {
  const { env } = await setup(t, { SERVICE_API_PROCESSES: '2' });
  const group = runCli(['api', '--migrate'], env);
  t.teardown(() => {
    if (group.child.exitCode === null) group.child.kill('SIGKILL');
  });
  const base = (await group.waitFor(/listening on (http:\/\/\S+)\/api\/v2/, 60_000))[1]!;
  const metricsUrl = (await group.waitFor(/metrics \(summed over the group\): (http:\/\/\S+)/))[1]!;
  await until(
    'two API processes',
    () => childrenOf(group.child.pid!).length === 2 && /listening on[\s\S]*listening on/.test(group.output()),
  );
  const first = childrenOf(group.child.pid!);
  for (let i = 0; i < 40; i++) t.is((await getFresh(`${base}/api/v2/health`)).status, 200);
  // Whichever process answered each, the sum counts every one.
  const text = (await getFresh(`${base}/api/v2/metrics`)).text;
  t.is(sample(text, 'surveyor_http_requests_total', /route="\/health",status="200"/), 40);
  t.is(sample((await getFresh(metricsUrl)).text, 'surveyor_http_requests_total', /route="\/health"/), 40);
  // A process that dies is replaced; the port keeps answering meanwhile.
  process.kill(first[0]!, 'SIGKILL');
  for (let i = 0; i < 10; i++) t.is((await getFresh(`${base}/api/v2/health`)).status, 200);
  await until('a new process in its place', () => {
    const now = childrenOf(group.child.pid!);
    return now.length === 2 && !now.includes(first[0]!);
  });
  // Stopped once the new process serves (a process still starting under load can take longer to
  // stop than the group's grace), and it serves the same port.
  await until(
    'the new process listening',
    () => (group.output().match(/listening on http/g) ?? []).length === 3,
    60_000,
  );
  t.deepEqual(
    [...new Set([...group.output().matchAll(/listening on (http:\/\/\S+)\/api\/v2/g)].map((m) => m[1]))],
    [base],
  );
  group.child.kill('SIGTERM');
  t.is(await group.exited(30_000), 0, group.output());
  t.deepEqual(childrenOf(group.child.pid!), []);
  t.false(/"level":(50|60)/.test(group.output()), group.output());
});

test('two worker processes: one scheduler leader among them, both registered as live workers', async (t) => {
  const { d, env } = await setup(t, { SERVICE_WORKER_PROCESSES: '2', SERVICE_SCHEDULER_CHECK_SECONDS: '1' });
  const group = runCli(['worker', '--migrate'], env);
  t.teardown(() => {
    if (group.child.exitCode === null) group.child.kill('SIGKILL');
  });
  const metricsUrl = (await group.waitFor(/metrics \(summed over the group\): (http:\/\/\S+)/, 60_000))[1]!;
  await until('two worker processes', () => childrenOf(group.child.pid!).length === 2);
  // Each registered as a worker of its own, by its own pid.
  await until('two live workers', async () => {
    // The children migrate the database as they start: the table may not be there yet.
    const rows = await d.db.any<{ pid: number }>('SELECT pid FROM workers').catch(() => []);
    const pids = childrenOf(group.child.pid!);
    return rows.length === 2 && rows.every((r) => pids.includes(r.pid));
  });
  let text = '';
  await until(
    'a scheduler leader',
    async () => {
      text = (await getFresh(metricsUrl)).text;
      return sample(text, 'surveyor_scheduler_leader') === 1;
    },
    30_000,
  );
  // Held a few more seconds: never two.
  for (let i = 0; i < 5; i++) {
    await new Promise((r) => setTimeout(r, 1000));
    t.is(sample((await getFresh(metricsUrl)).text, 'surveyor_scheduler_leader'), 1);
  }
  group.child.kill('SIGTERM');
  t.is(await group.exited(30_000), 0, group.output());
  t.deepEqual(childrenOf(group.child.pid!), []);
});

test('drained worker processes of a group exit and are not replaced; the group stops when none is left', async (t) => {
  const { d, env } = await setup(t, { SERVICE_WORKER_PROCESSES: '2', SERVICE_WORKER_HEARTBEAT_SECONDS: '1' });
  const group = runCli(['worker', '--migrate'], env);
  t.teardown(() => {
    if (group.child.exitCode === null) group.child.kill('SIGKILL');
  });
  await until(
    'two live workers',
    async () => {
      const rows = await d.db.any<{ pid: number }>('SELECT pid FROM workers').catch(() => []);
      return rows.length === 2;
    },
    60_000,
  );
  // What POST /workers/{id}/drain records (integration/cliWorkers drains through the API).
  const drain = (pid: number) =>
    d.db.none(`UPDATE workers SET drain_requested_at = now(), drain_requested_by = 'test' WHERE pid = $1`, [
      pid,
    ]);
  const [first, second] = childrenOf(group.child.pid!);
  await drain(first!);
  await until('the drained process gone', () => !childrenOf(group.child.pid!).includes(first!));
  // Not replaced: the group keeps one process for a while.
  await new Promise((r) => setTimeout(r, 3000));
  t.deepEqual(childrenOf(group.child.pid!), [second]);
  t.deepEqual(
    (await d.db.any<{ pid: number }>('SELECT pid FROM workers')).map((r) => r.pid),
    [second],
    'the drained one deregistered',
  );
  await drain(second!);
  t.is(await group.exited(30_000), 0, group.output());
  t.false(/"level":(50|60)/.test(group.output()), group.output());
});

test('a bad process count is refused with the rule', async (t) => {
  const { env } = await setup(t, { SERVICE_API_PROCESSES: '0' });
  const r = runCli(['api'], env);
  t.is(await r.exited(30_000), 2, r.output());
  t.regex(r.output(), /SERVICE_API_PROCESSES.*must be auto or a whole number from 1 to 64/);
});

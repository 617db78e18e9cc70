// PostgreSQL stopped under a running API and worker (its own embedded cluster, really stopped and
// started again): requests answer 503 `unavailable` in the documented error shape with
// Retry-After, /ready names the database, liveness stays up; the worker's claims back off (1 s
// doubling) instead of spinning; after the restart both resume, and what was stored before is
// there once; a dependency_down rule on the database reports the outage once it answers again.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { closeDb, type Db, openDb } from '../../adapters/postgres/db.js';
import { type EmbeddedDatabase, openEmbedded } from '../../adapters/postgres/embedded.js';
import { migrate } from '../../adapters/postgres/migrator.js';
import { startWorker, type WorkerHandle } from '../../hosts/worker/worker.js';
import { startReceiver } from '../support/alertPeers.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { freePort } from '../support/ports.js';
import { prepareProject } from '../support/project.js';

let dir: string;
let port: number;
let pg: EmbeddedDatabase;
let db: Db;
let api: TestApi;
let worker: WorkerHandle;

test.before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'surveyor-outage-'));
  port = await freePort();
  pg = await openEmbedded({ dataDir: dir, port });
  db = openDb(pg.url, 5, { connectMs: 2000, statementMs: 10_000 });
  await migrate(db);
  api = await startTestApi(
    {
      SERVICE_WORKER_IDLE_POLL_SECONDS: '1',
      SERVICE_WORKER_HEARTBEAT_SECONDS: '1',
      SERVICE_ALERT_TICK_SECONDS: '1',
      SERVICE_SCHEDULER_CHECK_SECONDS: '1',
    },
    { url: pg.url, db },
  );
  worker = await startWorker(api.container);
});
test.after.always(async () => {
  await worker?.stop(2000);
  await api?.close();
  if (db) await closeDb(db);
  await pg?.release();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const until = async (what: string, ok: () => Promise<boolean>, ms = 30_000) => {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

test.serial(
  'while PostgreSQL is down: 503 with Retry-After, /ready says why, claims back off; all resumes after',
  async (t) => {
    const p = await prepareProject(api, ['HIPASSJ0600']);
    const receiver = await startReceiver('outage-signing-secret-0123456789');
    t.teardown(() => receiver.close());
    const channel = await api.call('POST', '/notification-channels', {
      token: p.adminToken,
      body: {
        kind: 'webhook',
        name: 'outage-hook',
        url: receiver.url,
        signing_secret: 'outage-signing-secret-0123456789',
      },
    });
    t.is(channel.status, 201, channel.text);
    const rule = await api.call('POST', '/alert-rules', {
      token: p.adminToken,
      body: {
        kind: 'dependency_down',
        name: 'database-down',
        dependencies: ['database'],
        minutes: 0,
        channels: [(channel.body as { id: string }).id],
      },
    });
    t.is(rule.status, 201, rule.text);
    const body = { project_module: 'wallaby_hires', sources: [{ source_identifier: 'HIPASSJ0601' }] };
    t.is((await api.call('GET', '/sources?project_module=wallaby_hires', { token: p.token })).status, 200);

    // Counted from before the stop: the worker's first failed claim can come while it is stopping.
    const logsBefore = api.logs.length;
    await pg.release();
    for (const [method, path, init] of [
      ['GET', '/auth/me', {}],
      ['GET', '/sources?project_module=wallaby_hires', {}],
      ['POST', '/sources/bulk', { body }],
    ] as const) {
      const r = await api.call(method, path, { token: p.token, ...init });
      t.is(r.status, 503, `${method} ${path}: ${r.text}`);
      const err = (
        r.body as {
          error: { code: string; message: string; details: Record<string, unknown>; request_id: string };
        }
      ).error;
      t.is(err.code, 'unavailable');
      t.is(err.details['dependency'], 'database');
      t.truthy(err.request_id);
      t.is(r.headers.get('retry-after'), '5');
    }
    const ready = await api.call('GET', '/ready');
    t.is(ready.status, 503);
    t.regex(ready.text, /database/);
    t.is((await api.call('GET', '/health')).status, 200, 'the process itself is alive');

    // The worker waits longer after each failed claim: no spinning, no flood of errors.
    await new Promise((r) => setTimeout(r, 4500));
    const waits = api.logs
      .slice(logsBefore)
      .filter((l) => l.includes('"claim failed"'))
      .map((l) => (JSON.parse(l) as { retry_in_s: number }).retry_in_s);
    t.true(waits.length >= 2 && waits.length <= 4, `claims tried ${waits.length} times in 4.5 s: ${waits}`);
    t.deepEqual(waits.slice(0, 3), [1, 2, 4].slice(0, Math.min(3, waits.length)));

    pg = await openEmbedded({ dataDir: dir, port });
    await until(
      'the API to answer again',
      async () => (await api.call('GET', '/auth/me', { token: p.token })).status === 200,
    );
    const bulk = await api.call('POST', '/sources/bulk', { token: p.token, body });
    t.is(bulk.status, 200, bulk.text);
    const list = await api.call('GET', '/sources?project_module=wallaby_hires', { token: p.token });
    t.deepEqual(
      (list.body as { items: { source_identifier: string }[] }).items.map((s) => s.source_identifier),
      ['HIPASSJ0600', 'HIPASSJ0601'],
      'what was stored before is there, once',
    );
    // The worker claims again: a discovery asked for now is done.
    const ack = await api.call('POST', '/sources/discover', {
      token: p.token,
      body: { project_module: 'wallaby_hires', source_identifiers: ['HIPASSJ0601'] },
    });
    t.is(ack.status, 202, ack.text);
    const id = (bulk.body as { items: { uuid: string }[] }).items[0]!.uuid;
    await until('the discovery to run', async () => {
      const s = await api.call('GET', `/sources/${id}/status`, { token: p.token });
      return (s.body as { discovery_state: string }).discovery_state === 'done';
    });
    t.true(api.logs.some((l) => l.includes('claims work again')));
    // The outage is told once the database answers again: when it began and ended, and why.
    await until('the outage alert', async () => receiver.received.length > 0);
    const alert = receiver.received[0]!;
    t.true(alert.signatureOk);
    t.regex(String(alert.body['subject']), /database did not answer from \S+ to \S+ \(\d+ min\)/);
    t.regex(String(alert.body['text']), /first error: /);
    await new Promise((r) => setTimeout(r, 2500));
    t.is(receiver.received.length, 1, 'told once');
  },
);

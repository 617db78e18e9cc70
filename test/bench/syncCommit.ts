// What synchronous commit costs the service: executions created through the API (each one
// transaction with its event) one at a time and eight at a time, on a Debian PostgreSQL primary
// with a streaming standby on this machine, with commits waiting for the standby
// (synchronous_standby_names = '*') and not, both servers flushing to this machine's disk (fsync
// on). The standby is on loopback: this is the floor of the cost; a standby in another building
// adds its round trip to every commit.
// Usage: node dist/test/bench/syncCommit.js [creations]   (scripts/bench sync-commit)
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeDb, openDb } from '../../adapters/postgres/db.js';
import { migrate } from '../../adapters/postgres/migrator.js';
import { startTestApi } from '../support/api.js';
import { startArchivingCluster } from '../support/archivingCluster.js';
import { freePort } from '../support/ports.js';
import { prepareProject } from '../support/project.js';
import { quantile } from './quantile.js';

const creations = Number(process.argv[2] ?? 400);
const owner = 'surveyor_app';
const work = mkdtempSync(join(tmpdir(), 'surveyor-bench-sync-'));
chmodSync(work, 0o755);
const primary = await startArchivingCluster(join(work, 'pg'), await freePort(), { fsync: true });
try {
  await primary.sql('postgres', `CREATE ROLE ${owner} LOGIN NOSUPERUSER`);
  await primary.sql('postgres', `CREATE DATABASE live OWNER ${owner}`);
  const url = primary.url('live', owner);
  const db = openDb(url, 10);
  await migrate(db);
  const standby = await primary.standby(join(work, 'standby'), await freePort());
  const api = await startTestApi({ SERVICE_LOG_LEVEL: 'warn' }, { url, db });
  const p = await prepareProject(api, ['HIPASSJ0005+01']);
  const create = async () => {
    const t0 = performance.now();
    const r = await api.call('POST', '/executions', {
      token: p.token,
      body: {
        project_module: p.module,
        archive_name: 'casda',
        sources: [{ source_identifier: 'HIPASSJ0005+01' }],
      },
    });
    if (r.status !== 201) throw new Error(`create: ${r.status} ${r.text}`);
    return performance.now() - t0;
  };
  const measure = async (parallel: number) => {
    const ms: number[] = [];
    const t0 = performance.now();
    for (let i = 0; i < creations; i += parallel)
      ms.push(...(await Promise.all(Array.from({ length: Math.min(parallel, creations - i) }, create))));
    return {
      perSecond: creations / ((performance.now() - t0) / 1000),
      p50: quantile(ms, 0.5),
      p95: quantile(ms, 0.95),
    };
  };
  const rows: string[][] = [];
  // Warm: the API's first answers load code and plans.
  for (let i = 0; i < 20; i++) await create();
  // Each mode twice, alternating, so that neither gains from the other's warm-up.
  for (const sync of [false, true, false, true]) {
    await primary.synchronous(sync);
    for (const parallel of [1, 8]) {
      const m = await measure(parallel);
      rows.push([
        sync ? "synchronous (standby '*')" : 'asynchronous',
        String(parallel),
        m.perSecond.toFixed(0),
        m.p50.toFixed(1),
        m.p95.toFixed(1),
      ]);
    }
  }
  const head = ['commit', 'at once', 'creates/s', 'p50 ms', 'p95 ms'];
  const width = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(width[i]!)).join('  ');
  process.stdout.write(
    `executions created through the API, ${creations} per row, PostgreSQL ${primary.version}\n${[head, ...rows].map(line).join('\n')}\n`,
  );
  await api.close();
  await closeDb(db);
  standby.stop();
} finally {
  primary.stop();
  rmSync(work, { recursive: true, force: true });
}

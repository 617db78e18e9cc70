// The execution tick at scale: N sources (all ready and unprocessed), 5,000 executions in flight
// across 20 backend targets and P pending executions asked to run. For each size, 20 consecutive
// ticks (automation creates and admits up to runs_per_tick each time): SQL statements per tick
// (the most of any tick) and p50/p95 of the tick's time. Asserts nothing.
// Run: scripts/bench tick [sizes], sizes as sources/pending[/held], e.g. 100000/500 (default: the
// table); held: sources whose automation retry rule holds them, each with 3 failed runs.
// SURVEYOR_BENCH_SQL=1 prints each statement of the first tick of each size.
import type { Db } from '../../adapters/postgres/db.js';
import { executionTick } from '../../core/usecases/executions/executionTick.js';
import { executionDeps, TYPES } from '../../hosts/composition/composition.js';
import { startTestApi } from '../support/api.js';
import { prepareProject } from '../support/project.js';
import { sqlWatch } from './sqlWatch.js';
import { quantile } from './quantile.js';

const sizes = (
  process.argv.length > 2
    ? process.argv.slice(2)
    : ['10000/500', '100000/500', '100000/5000', '100000/500/10000', '1000000/500', '1000000/5000']
).map((a) => {
  const [s, p, h] = a.split('/').map(Number);
  return { sources: s!, pending: p ?? 500, held: h ?? 0 };
});
const inFlight = 5000;
const ticks = 20;

const watch = sqlWatch();
const slow: string[] = [];
const showStatements = (on: boolean) => {
  watch.onAnswer = on
    ? ({ sql, ms }) => {
        console.log(`  ${ms.toFixed(1).padStart(6)} ms  ${sql.slice(0, 100)}`);
        // Reads slower than 10 ms are explained after the tick (EXPLAIN ANALYZE runs what it explains).
        // A prepared read ($1) cannot be explained without its values: its time is printed alone.
        if (ms > 10 && !/\b(INSERT|UPDATE|DELETE)\b/.test(sql) && !/\$\d/.test(sql)) slow.push(sql);
      }
    : null;
};

const api = await startTestApi({ SERVICE_LOG_LEVEL: 'warn' });
try {
  // Automation on, under its default caps (runs_per_tick 50, concurrent_runs raised to allow them).
  const p = await prepareProject(api, ['HIPASSJ9999+99']);
  const yaml = (await import('../support/examples.js')).wallabyYaml
    .replace('deployment_profile_name: slurm-remote', 'deployment_profile_name: mock-dim')
    .replace('concurrent_runs: 10', 'concurrent_runs: 100000');
  await api.uploadConfig(yaml, p.adminToken);
  const db = api.container.get<Db>(TYPES.Db);
  const profile = await db.one<{ row: unknown }>(
    `SELECT to_jsonb(p) - 'is_default' AS row FROM deployment_profiles p WHERE name = 'mock-dim'`,
  );
  console.log(
    `${inFlight} executions running on 20 targets in every row; ${ticks} consecutive ticks per row`,
  );
  console.log(
    '| sources | pending | held | load (s) | statements per tick (most) | p50 (ms) | p95 (ms) | created per tick | admitted per tick |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const size of sizes) {
    const t0 = performance.now();
    await db.none(
      'TRUNCATE executions, sources, jobs, provenance_events, alert_outbox, poll_targets CASCADE',
    );
    await db.none(
      `INSERT INTO sources (id, project_module, source_identifier, enabled, discovery_state, discovered_at, config_version,
         metadata, discovery_flags, signature, created_at, updated_at)
       SELECT gen_random_uuid(), 'wallaby_hires', 'HIPASSB' || g, true, 'done', now() - make_interval(secs => g), 1,
         '{"datasets": [{"sbid": "1"}], "queries": {}, "vars": {}}', '{"ra_dec_vsys_complete": true}', 'sig-' || g, now(), now()
       FROM generate_series(1, $1) g`,
      [size.sources],
    );
    await db.none(
      `WITH s AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM sources LIMIT $1)
       INSERT INTO executions (id, project_module, config_version, profile_snapshot, archive_name, source_ids, state, attempt,
         do_stage, do_submit, execute_requested_at, scheduler_job_id, backend_target, submitted_at, created_by, created_at, updated_at)
       SELECT gen_random_uuid(), 'wallaby_hires', 2, $2::jsonb || '{"deployment": {"kind": "rest_remote"}}', 'casda', ARRAY[s.id],
         CASE WHEN s.n <= $3 THEN 'running' ELSE 'pending' END, 1, true, true, now() - interval '1 hour',
         CASE WHEN s.n <= $3 THEN 'session-' || s.n END,
         CASE WHEN s.n <= $3 THEN 'mock-dim:dim' || (s.n % 20) || ':8001' END,
         CASE WHEN s.n <= $3 THEN now() END, 'bench', now(), now()
       FROM s`,
      [inFlight + size.pending, JSON.stringify(profile.row), inFlight],
    );
    // Held: the last sources by id (the runs above take the first), each failed three times by
    // automation on the active version: what its retry rule reads on every tick.
    await db.none(
      `WITH s AS (SELECT id FROM sources ORDER BY id DESC LIMIT $1)
       INSERT INTO executions (id, project_module, config_version, profile_snapshot, archive_name, source_ids, state, attempt,
         do_stage, do_submit, execute_requested_at, finished_at, created_by, created_at, updated_at)
       SELECT gen_random_uuid(), 'wallaby_hires', 2, $2::jsonb || '{"deployment": {"kind": "rest_remote"}}', 'casda', ARRAY[s.id],
         'failed', 1, true, true, now() - interval '3 hours', now() - make_interval(hours => g), 'scheduler', now() - interval '3 hours', now()
       FROM s, generate_series(1, 3) g`,
      [size.held, JSON.stringify(profile.row)],
    );
    await db.none('VACUUM ANALYZE');
    const load = (performance.now() - t0) / 1000;
    // A new tick per row: the leader's memory starts empty, as after a takeover.
    const tick = executionTick(executionDeps(api.container), {
      everySeconds: 1,
      admissionScan: 500,
      pollMinSeconds: { rest_remote: 1, batch_remote: 1 },
    });
    const times: number[] = [];
    let most = 0;
    let created = 0;
    let admitted = 0;
    for (let i = 0; i < ticks; i++) {
      watch.statements = 0;
      showStatements(i === 0 && process.env['SURVEYOR_BENCH_SQL'] !== undefined);
      const start = performance.now();
      const r = (await tick.run(new Date())).counts;
      times.push(performance.now() - start);
      most = Math.max(most, watch.statements);
      created += r['created'] ?? 0;
      admitted += r['admitted'] ?? 0;
    }
    showStatements(false);
    for (const q of slow.splice(0)) {
      const plan = await db.any<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${q}`);
      console.log(plan.map((r) => `    ${r['QUERY PLAN']}`).join('\n'));
    }
    console.log(
      `| ${size.sources.toLocaleString('en')} | ${size.pending.toLocaleString('en')} | ${size.held.toLocaleString('en')} | ${load.toFixed(1)} | ${most} | ${quantile(times, 0.5).toFixed(0)} | ${quantile(times, 0.95).toFixed(0)} | ${(created / ticks).toFixed(0)} | ${(admitted / ticks).toFixed(0)} |`,
    );
  }
} finally {
  await api.close();
}

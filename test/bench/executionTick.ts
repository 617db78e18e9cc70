// One execution tick at scale: 100,000 sources (all ready and unprocessed) and 5,000 executions
// in flight across 20 backend targets, plus 500 pending executions asked to run. Prints the tick's
// time and how many SQL statements it sent, for a cold and a warm tick; asserts nothing.
// Run: scripts/bench tick [sources] [in-flight]
import { type Db, pgp } from '../../adapters/postgres/db.js';
import { executionTick } from '../../core/usecases/pipeline/executionTick.js';
import { executionDeps, TYPES } from '../../hosts/shared/composition.js';
import { startTestApi } from '../support/api.js';
import { prepareProject } from '../support/project.js';

const sources = Number(process.argv[2] ?? 100_000);
const inFlight = Number(process.argv[3] ?? 5000);
const pending = 500;

// Every statement any pooled client sends is counted (BEGIN and COMMIT included).
let statements = 0;
const client = pgp.pg.Client.prototype;
const original = client.query;
client.query = function (this: unknown, ...args: unknown[]) {
  statements++;
  return (original as (...a: unknown[]) => unknown).apply(this, args);
} as typeof original;

const api = await startTestApi({ SERVICE_LOG_LEVEL: 'warn' });
try {
  // Automation on, under its default caps (runs_per_tick 50, concurrent_runs raised to allow them).
  const p = await prepareProject(api, ['HIPASSJ9999+99']);
  const yaml = (await import('../support/examples.js')).wallabyYaml
    .replace('deployment_profile_name: slurm-remote', 'deployment_profile_name: mock-dim')
    .replace('concurrent_runs: 10', 'concurrent_runs: 100000');
  await api.uploadConfig(yaml, p.adminToken);
  const db = api.container.get<Db>(TYPES.Db);
  const t0 = performance.now();
  await db.none(
    `INSERT INTO sources (id, project_module, source_identifier, enabled, discovery_state, discovered_at, config_version,
       metadata, discovery_flags, signature, created_at, updated_at)
     SELECT gen_random_uuid(), 'wallaby_hires', 'HIPASSB' || g, true, 'done', now() - make_interval(secs => g), 1,
       '{"datasets": [{"sbid": "1"}], "queries": {}, "vars": {}}', '{"ra_dec_vsys_complete": true}', 'sig-' || g, now(), now()
     FROM generate_series(1, $1) g`,
    [sources],
  );
  const template = await db
    .one<{ profile_snapshot: unknown; config_version: number }>(
      `SELECT profile_snapshot, config_version FROM executions LIMIT 0`,
    )
    .catch(() => null);
  void template;
  const profile = await db.one<{ row: unknown }>(
    `SELECT to_jsonb(p) - 'is_default' AS row FROM deployment_profiles p WHERE name = 'mock-dim'`,
  );
  await db.none(
    `WITH s AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM sources WHERE source_identifier LIKE 'HIPASSB%' LIMIT $1)
     INSERT INTO executions (id, project_module, config_version, profile_snapshot, archive_name, source_ids, state, attempt,
       do_stage, do_submit, execute_requested_at, scheduler_job_id, backend_target, submitted_at, created_by, created_at, updated_at)
     SELECT gen_random_uuid(), 'wallaby_hires', 2, $2::jsonb || '{"deployment": {"kind": "rest_remote"}}', 'casda', ARRAY[s.id],
       CASE WHEN s.n <= $3 THEN 'running' ELSE 'pending' END, 1, true, true, now(),
       CASE WHEN s.n <= $3 THEN 'session-' || s.n END,
       CASE WHEN s.n <= $3 THEN 'mock-dim:dim' || (s.n % 20) || ':8001' END,
       CASE WHEN s.n <= $3 THEN now() END, 'bench', now(), now()
     FROM s`,
    [inFlight + pending, JSON.stringify(profile.row), inFlight],
  );
  await db.none('ANALYZE');
  console.log(
    `data: ${sources} sources, ${inFlight} running on 20 targets, ${pending} pending, loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const tick = executionTick(executionDeps(api.container), {
    everySeconds: 1,
    admissionScan: 500,
    pollMinSeconds: { rest_remote: 1, batch_remote: 1 },
  });
  console.log('| tick | time (ms) | SQL statements | created | admitted | held back | poll jobs |');
  console.log('|---|---|---|---|---|---|---|');
  for (const label of ['cold', 'warm']) {
    statements = 0;
    const start = performance.now();
    const r = (await tick.run(new Date())).counts;
    const ms = performance.now() - start;
    console.log(
      `| ${label} | ${ms.toFixed(0)} | ${statements} | ${r['created']} | ${r['admitted']} | ${r['held_back']} | ${r['poll_jobs']} |`,
    );
  }
} finally {
  await api.close();
}

// Retention (issue 14, fault 9): nothing the service accumulates was ever pruned. Executions run
// for real through the mock backend, then their rows are aged as years of use would age them; a
// dry run reports exactly what a prune removes and removes nothing, and the prune keeps whatever
// a live or unsettled execution still needs. `surveyor purge --dry-run` prints the same counts.
import test from 'ava';
import type { Db } from '../../adapters/postgres/db.js';
import type { RetentionPolicy } from '../../core/domain/retention.js';
import type { MaintenanceRepository } from '../../core/ports/MaintenanceRepository.js';
import { purge } from '../../core/usecases/maintenance/purge.js';
import { TYPES } from '../../hosts/composition/composition.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { cleanEnv, runCli } from '../support/child.js';
import { checkResponse } from '../support/openapiCheck.js';
import { freshDatabase, type TestDatabase } from '../support/db.js';
import { graphDir, manualWallabyYaml, prepareProject } from '../support/project.js';
import { runThrough } from '../support/runThrough.js';

let d: TestDatabase;
let api: TestApi;
let p: Awaited<ReturnType<typeof prepareProject>>;
const ids = ['HIPASSJ0500', 'HIPASSJ0501', 'HIPASSJ0502', 'HIPASSJ0503'];
test.before(async () => {
  d = await freshDatabase();
  api = await startTestApi({ SERVICE_GRAPH_DIR: graphDir, SERVICE_MOCK_STEP_MS: '10' }, d);
  p = await prepareProject(api, ids);
});
test.after.always(async () => {
  await api?.close();
  await d?.drop();
});

const policy: RetentionPolicy = {
  eventsDays: 365,
  accountEventsDays: 0,
  executionsDays: 365,
  artifactsDays: 30,
  finishedJobsDays: 30,
  deadJobsDays: 90,
  configVersionsKept: 2,
  alertDeliveriesDays: 0,
};
const db = () => api.container.get<Db>(TYPES.Db);
const maintenance = () => api.container.get<MaintenanceRepository>(TYPES.Maintenance);

const ran = (identifier: string, end: 'completed' | 'running') =>
  runThrough(api, p, identifier, end === 'completed' ? 'ended' : 'submitted');

const daysAgo = (n: number) => new Date(Date.now() - n * 86400_000);
const count = async (sql: string, params: unknown[] = []) =>
  (await db().one<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params)).n;
/** Every row the prune could touch, to show a dry run changes none. */
const snapshot = async () => ({
  executions: await count('executions'),
  artifacts: await count('execution_artifacts WHERE content IS NOT NULL'),
  events: await count('provenance_events'),
  configs: await count('project_configs'),
  jobs: await count('jobs'),
});

let old: string;
let unsettled: string;
let recent: string;
let live: string;
test.serial.before(async () => {
  old = await ran(ids[0]!, 'completed');
  unsettled = await ran(ids[1]!, 'completed');
  recent = await ran(ids[2]!, 'completed');
  live = await ran(ids[3]!, 'running');
  // Two years pass for `old` and `unsettled` (the latter failed while its job's end was never
  // confirmed), `recent` ended five days ago, and every artifact was made forty days ago.
  await db().none(`UPDATE executions SET finished_at = $2, updated_at = $2 WHERE id = ANY($1::uuid[])`, [
    [old, unsettled],
    daysAgo(730),
  ]);
  await db().none(
    `UPDATE executions SET state = 'failed', run_record = run_record || '{"remote_terminal": false}'
     WHERE id = $1`,
    [unsettled],
  );
  await db().none(`UPDATE executions SET finished_at = $2, updated_at = $2 WHERE id = $1`, [
    recent,
    daysAgo(5),
  ]);
  await db().none('UPDATE execution_artifacts SET created_at = $1', [daysAgo(40)]);
  // Every event is two years old: those of stored executions stay with them.
  await db().none('UPDATE provenance_events SET created_at = $1', [daysAgo(730)]);
  // Four more configuration versions (v2..v5, v5 active); the executions pinned v1.
  for (let v = 2; v <= 5; v++)
    await api.uploadConfig(`${manualWallabyYaml}\n# revision ${v}\n`, p.adminToken);
  // Queue jobs: one dead for 100 days, one dead for 50; the executions' own jobs finished today.
  await db().none(
    `INSERT INTO jobs (id, kind, payload, state, run_at, created_at, updated_at, finished_at) VALUES
     ('40000000-0000-4000-8000-000000000001', 'k', '{}', 'dead', $1, $1, $1, $1),
     ('40000000-0000-4000-8000-000000000002', 'k', '{}', 'dead', $2, $2, $2, $2)`,
    [daysAgo(100), daysAgo(50)],
  );
});

test.serial('a dry run reports what a prune removes and removes nothing', async (t) => {
  const before = await snapshot();

  const dry = await maintenance().prune(new Date(), policy, { dryRun: true });
  t.deepEqual(await snapshot(), before, 'the dry run rolled everything back');
  const out = runCli(
    ['purge', '--dry-run'],
    cleanEnv({
      DATABASE_URL: d.url,
      SERVICE_JWT_SECRET: 'integration-test-secret-0123456789abcdef',
      SERVICE_RETENTION_EVENTS_DAYS: '365',
      SERVICE_RETENTION_EXECUTIONS_DAYS: '365',
      SERVICE_RETENTION_CONFIG_VERSIONS: '2',
    }),
  );
  t.is(await out.exited(), 0, out.output());
  t.regex(out.output(), new RegExp(`executions\\s+${dry.executions}\\s+ended over 365 days ago`));
  t.regex(out.output(), new RegExp(`configuration versions\\s+${dry.configVersions}\\s`));
  t.regex(
    out.output(),
    /kept: 1 ended execution\(s\) past their limit whose remote work is not known to have ended/,
  );
  t.regex(out.output(), /nothing was deleted \(dry run\)/);
  t.deepEqual(await snapshot(), before, 'the CLI dry run deleted nothing');

  const r = await maintenance().prune(new Date(), policy);
  t.deepEqual(r, dry, 'the prune removed exactly what the dry run reported');
  t.like(r, { executions: 1, configVersions: 2, deadJobs: 1, finishedJobs: 0 });
});

test.serial('the prune keeps what live and unsettled executions need', async (t) => {
  const exists = async (id: string) => (await count('executions WHERE id = $1', [id])) === 1;
  t.false(await exists(old), 'the old settled execution is gone');
  t.is(await count('execution_artifacts WHERE execution_id = $1', [old]), 0, 'with its artifacts');
  t.is(await count(`provenance_events WHERE subject_id = $1`, [old]), 0, 'and its two-year-old events');
  t.true(await exists(unsettled), 'an execution whose remote end is unconfirmed is never deleted');
  t.true(await exists(recent));
  t.true(await exists(live));

  const stored = async (id: string) =>
    count('execution_artifacts WHERE execution_id = $1 AND content IS NOT NULL', [id]);
  t.is(await stored(recent), 0, "an ended execution's forty-day-old artifact contents are dropped");
  t.true((await stored(live)) > 0, 'a running attempt keeps its artifacts, however old');
  const ledger = await api.call('GET', `/executions/${recent}/ledger-snapshot`, { token: p.token });
  t.deepEqual(checkResponse('/executions/{id}/ledger-snapshot', 'GET', ledger.status, ledger.body), []);
  const artifacts = (ledger.body as { artifacts: { sha256: string; content_pruned_at: string | null }[] })
    .artifacts;
  t.true(artifacts.length > 0);
  for (const a of artifacts) {
    t.regex(a.sha256, /^[0-9a-f]{64}$/, 'the ledger keeps the digest');
    t.truthy(a.content_pruned_at, 'and says when the content went');
  }
  t.true(
    (await count(`provenance_events WHERE subject_id = $1`, [recent])) > 0,
    "a stored execution's events stay with it, however old",
  );
  t.is(await count(`provenance_events WHERE subject_type = 'project'`), 4, 'only the four new uploads stay');

  t.deepEqual(
    (await db().any<{ version: number }>('SELECT version FROM project_configs ORDER BY version')).map(
      (x) => x.version,
    ),
    [1, 4, 5],
    'the pinned version and the newest two stay',
  );
  t.deepEqual(
    (await db().any<{ id: string }>(`SELECT id FROM jobs WHERE kind = 'k'`)).map((x) => x.id),
    ['40000000-0000-4000-8000-000000000002'],
    'the dead job of 50 days stays',
  );
  t.is(await maintenance().heldUnsettled(new Date(), policy), 1);
});

test.serial('a second prune finds nothing; 0 keeps a kind forever', async (t) => {
  const again = await purge({ maintenance: maintenance(), clock: { now: () => new Date() } }, policy, {
    dryRun: false,
  });
  t.like(again.counts, { events: 0, executions: 0, artifacts: 0, configVersions: 0, deadJobs: 0 });
  t.is(again.heldUnsettled, 1);
  // The unsettled execution settles: with executions kept forever it still stays.
  await db().none(
    `UPDATE executions SET run_record = run_record || '{"remote_terminal": true}' WHERE id = $1`,
    [unsettled],
  );
  const forever = await maintenance().prune(new Date(), { ...policy, executionsDays: 0 });
  t.is(forever.executions, 0);
  const settled = await maintenance().prune(new Date(), policy);
  t.is(settled.executions, 1, 'once settled it goes');
});

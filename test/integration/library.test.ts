// The library entry on a real database: createSurveyor with a worker in process runs upload, register,
// discover and execute to completion, replays an idempotent request and refuses a retry.
import * as E from 'fp-ts/lib/Either.js';
import test from 'ava';
import { createSurveyor, type Surveyor } from '../../hosts/library/index.js';
import { freshDatabase, type TestDatabase } from '../support/db.js';
import { wallabyYaml } from '../support/examples.js';
import { graphDir } from '../support/project.js';
import { until } from '../support/until.js';

// The example polls every 60 s; a test waits for seconds, not minutes.
const quickYaml = wallabyYaml.replace('poll_interval_seconds: 60', 'poll_interval_seconds: 1');
const admin = { username: 'lib-admin', role: 'admin' as const };

let d: TestDatabase;
let s: Surveyor;
test.before(async () => {
  d = await freshDatabase({ migrated: false });
  s = await createSurveyor({
    database: { url: d.url },
    settings: {
      SERVICE_JWT_SECRET: 'library-test-secret-library-test-secret',
      SERVICE_EXECUTION_TICK_SECONDS: '1',
      SERVICE_REST_POLL_MIN_SECONDS: '1',
      SERVICE_SCHEDULER_CHECK_SECONDS: '1',
      SERVICE_GRAPH_DIR: graphDir,
    },
  });
});
test.after.always(async () => {
  await s?.close(2000);
  await d?.drop();
});

const right = <T>(r: E.Either<{ message: string }, T>): T => {
  if (E.isLeft(r)) throw new Error(r.left.message);
  return r.right;
};

test('an embedder runs a whole flow through createSurveyor: upload, register, discover, execute to completion, retry refused', async (t) => {
  t.not(quickYaml, wallabyYaml);
  const user = right(
    await s.users.create({
      username: 'lib-admin',
      email: 'lib-admin@example.org',
      role: 'admin',
      password: 'library-password-123456',
    }),
  );
  t.is(user.role, 'admin');
  const uploaded = right(await s.projects.upload(quickYaml, admin));
  t.true(uploaded.created);
  const again = right(await s.projects.upload(quickYaml, admin));
  t.false(again.created, 'the same content is no new version');

  right(
    await s.profiles.create(
      {
        name: 'mock-rest',
        is_default: true,
        translation: {},
        deployment: { kind: 'rest_remote', deploy_host: 'dim.example.org' },
      },
      admin,
    ),
  );
  const module = uploaded.version.project_module;
  const reg = right(
    await s.sources.registerMany(module, [{ source_identifier: 'HIPASSJ0001-23' }], admin.username),
  );
  t.is(reg.created, 1);
  const sourceId = (reg.items[0] as { uuid: string }).uuid;
  right(await s.sources.discover(module, ['HIPASSJ0001-23']));
  await until(
    'the source discovered and ready',
    async () => {
      const st = await s.sources.status(sourceId);
      return E.isRight(st) && st.right.ready;
    },
    20_000,
  );

  const created = right(
    await s.executions.create(
      { project_module: module, archive_name: 'casda', sources: [{ source_identifier: 'HIPASSJ0001-23' }] },
      { by: admin.username, idempotencyKey: 'lib-1' },
    ),
  );
  t.true(created.created);
  const replay = right(
    await s.executions.create(
      { project_module: module, archive_name: 'casda', sources: [{ source_identifier: 'HIPASSJ0001-23' }] },
      { by: admin.username, idempotencyKey: 'lib-1' },
    ),
  );
  t.false(replay.created);
  t.is(replay.execution.uuid, created.execution.uuid);
  const id = created.execution.uuid;
  right(await s.executions.execute(id, {}, admin.username));
  await until(
    'the execution completed',
    async () => right(await s.executions.get(id)).state === 'completed',
    60_000,
  ).catch(async (err) => {
    t.log(JSON.stringify(await s.executions.events(id)));
    throw err;
  });

  const summary = right(await s.executions.summary(id));
  t.truthy(summary);
  const listed = right(await s.executions.list({ projectModule: module }));
  t.deepEqual(
    listed.items.map((e) => e.uuid),
    [id],
  );
  const retry = await s.executions.retry(id, admin);
  t.true(E.isLeft(retry) && retry.left.code === 'conflict', 'a completed execution is not retried');
  const missing = await s.executions.get('00000000-0000-4000-8000-000000000000');
  t.true(E.isLeft(missing) && missing.left.code === 'not_found');
});

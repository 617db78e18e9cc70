// A worker process killed with SIGKILL in the middle of an execution's run: its job is reclaimed
// when the lease expires and another worker process completes the execution, exactly once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import type { ExecutionRepository } from '../../core/ports/ExecutionRepository.js';
import type { EventLog } from '../../core/ports/EventLog.js';
import type { Db } from '../../adapters/postgres/db.js';
import { TYPES } from '../../hosts/composition/composition.js';
import type { Config } from '../../schema/environment.js';
import { startTestApi } from '../support/api.js';
import { fastWorkerEnv, runCli } from '../support/child.js';
import { graphDir, prepareProject } from '../support/project.js';
import { until } from '../support/until.js';

test('a SIGKILLed worker’s run is reclaimed and completed exactly once', async (t) => {
  const api = await startTestApi({ SERVICE_GRAPH_DIR: graphDir });
  t.teardown(() => api.close());
  const dataDir = mkdtempSync(join(tmpdir(), 'surveyor-crash-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  // MOCKSLOWSTAGE: staging takes SERVICE_MOCK_STEP_MS per dataset, long enough to kill the worker in it.
  const p = await prepareProject(api, ['HIPASSJ0200MOCKSLOWSTAGE']);
  const id = await p.execute('HIPASSJ0200MOCKSLOWSTAGE');
  const env = fastWorkerEnv(api.container.get<Config>(TYPES.Config).DATABASE_URL!, dataDir, {
    SERVICE_GRAPH_DIR: graphDir,
    SERVICE_MOCK_STEP_MS: '1500',
  });
  const executions = api.container.get<ExecutionRepository>(TYPES.Executions);

  const a = runCli(['worker'], env);
  t.teardown(() => {
    if (a.child.exitCode === null) a.child.kill('SIGKILL');
  });
  await until('worker A to stage', async () => (await executions.get(id))!.state === 'staging');
  a.child.kill('SIGKILL');
  await a.exited();

  const b = runCli(['worker'], env);
  t.teardown(() => {
    if (b.child.exitCode === null) b.child.kill('SIGKILL');
  });
  await until('the execution to end', async () =>
    ['completed', 'failed', 'cancelled'].includes((await executions.get(id))!.state),
  );
  const e = (await executions.get(id))!;
  t.is(e.state, 'completed', e.error ?? '');
  await b.waitFor(/reclaimed jobs whose lease expired/);

  const kinds = (
    await api.container
      .get<EventLog>(TYPES.Events)
      .read({ kind: 'subject', subjectType: 'execution', subjectId: id }, 500, null)
  ).items.map((x) => x.kind);
  for (const k of [
    'execution.staging',
    'execution.staged',
    'execution.translated',
    'execution.submitted',
    'execution.completed',
  ])
    t.is(kinds.filter((x) => x === k).length, 1, `${k} once in ${kinds.join(', ')}`);
  const job = await api.container
    .get<Db>(TYPES.Db)
    .one<{ state: string; attempts: number }>(
      `SELECT state, attempts FROM jobs WHERE kind = 'execution.run' AND payload->>'execution_id' = $1`,
      [id],
    );
  t.deepEqual(job, { state: 'succeeded', attempts: 2 });
  b.child.kill('SIGTERM');
  t.is(await b.exited(), 0);
});

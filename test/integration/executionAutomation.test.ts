// The execution tick's automation: ready sources whose signature was not processed become
// executions, asked to run and queued; a source held by an unfinished execution is not taken twice.
import test from 'ava';
import type { ExecutionFigures } from '../../core/ports/ExecutionFigures.js';
import { executionTick } from '../../core/usecases/executions/executionTick.js';
import { executionDeps, TYPES } from '../../hosts/composition/composition.js';
import { startTestApi } from '../support/api.js';
import { wallabyYaml } from '../support/examples.js';
import { prepareProject } from '../support/project.js';

test('automation turns ready, unprocessed sources into queued executions, once', async (t) => {
  const api = await startTestApi();
  t.teardown(() => api.close());
  const p = await prepareProject(api, ['HIPASSJ0400+01', 'HIPASSJ0401+01', 'HIPASSJ0402NODATA']);
  await api.uploadConfig(
    wallabyYaml.replace('deployment_profile_name: slurm-remote', 'deployment_profile_name: mock-dim'),
    p.token,
  );
  const tick = executionTick(executionDeps(api.container), {
    everySeconds: 1,
    admissionScan: 100,
    pollMinSeconds: { rest_remote: 1, batch_remote: 1 },
  });
  const first = (await tick.run(new Date())).counts;
  t.like(first, { created: 2, held_back: 0 }, 'the source without datasets is not ready');
  const counts = await api.container.get<ExecutionFigures>(TYPES.ExecutionFigures).countsByState();
  t.deepEqual(
    counts.map((c) => [c.state, c.count]),
    [['queued', 2]],
  );
  t.like(
    (await tick.run(new Date())).counts,
    { created: 0 },
    'sources held by unfinished executions are not taken again',
  );
});

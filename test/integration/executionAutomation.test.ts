// The execution tick's automation: ready sources whose signature was not processed become
// executions, asked to run and queued; a source held by an unfinished execution is not taken twice.
import test from 'ava';
import type { ExecutionFigures } from '../../core/ports/ExecutionFigures.js';
import type { ExecutionRepository } from '../../core/ports/ExecutionRepository.js';
import type { Execution } from '../../core/domain/executionRecord.js';
import { executionTick } from '../../core/usecases/executions/executionTick.js';
import { discoverBatch } from '../../core/usecases/discovery/discoverBatch.js';
import { discoveryDeps, executionDeps, TYPES } from '../../hosts/composition/composition.js';
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

test('a spent budget stops automation, said once; what it made first waits with budget_exhausted', async (t) => {
  const api = await startTestApi();
  t.teardown(() => api.close());
  const p = await prepareProject(api, ['HIPASSJ0400+01', 'HIPASSJ0401+01']);
  // mock-dim's estimate: 1 partition × 60 s × 40 rounds = 2400 node-seconds, past 0.5 node-hours.
  const budget = '\nbudget:\n  limit: 0.5\n  unit: node_hours\n';
  await api.uploadConfig(
    `${wallabyYaml.replace('deployment_profile_name: slurm-remote', 'deployment_profile_name: mock-dim').trimEnd()}\n${budget}`,
    p.token,
  );
  const tick = executionTick(executionDeps(api.container), {
    everySeconds: 1,
    admissionScan: 100,
    pollMinSeconds: { rest_remote: 1, batch_remote: 1 },
  });
  const first = await tick.run(new Date());
  // Made and asked to run, then held by the scan: each would go past the budget on its own.
  t.like(first.counts, { created: 2, admitted: 0, held_back: 2 });
  const executions = api.container.get<ExecutionRepository>(TYPES.Executions);
  const made = (await executions.list({ projectModule: 'wallaby_hires' }, 10, null)) as {
    items: readonly Execution[];
  };
  t.is(made.items.length, 2);
  const status = await api.call('GET', `/executions/${made.items[0]!.id}/status`, { token: p.token });
  t.regex(
    (status.body as { blocked_by: string[] }).blocked_by.join('\n'),
    /^budget_exhausted: 0 node-hours used this month and 0 estimated for runs in flight; this run may take 0.6667 more, past the budget of 0.5/m,
  );
  // Spend the budget: one of them ran (its usage recorded with its end), then a new source is ready.
  const now = new Date();
  const ran = made.items[1]!;
  t.is(
    await executions.write(
      {
        id: ran.id,
        expect: ['pending'],
        change: { state: 'failed', finishedAt: now },
        events: [],
        usage: {
          executionId: ran.id,
          attempt: 1,
          projectModule: 'wallaby_hires',
          profileName: 'mock-dim',
          backend: 'rest_remote',
          outcome: 'failed',
          source: 'session',
          jobId: 's',
          submittedAt: new Date(now.getTime() - 3600_000),
          startedAt: new Date(now.getTime() - 3600_000),
          endedAt: now,
          queueSeconds: 0,
          runSeconds: 3600,
          nodes: 1,
          cpus: null,
          nodeSeconds: 3600,
          limitMinutes: null,
          cpuSeconds: null,
          maxRssBytes: null,
          remoteState: 'failed',
          exitCode: null,
          ourSeconds: null,
          graph: null,
        },
      },
      now,
    ),
    'ok',
  );
  // (The failed run's source now waits: automation's retry rule, core/domain/automationRetry.ts.)
  const added = await api.call('POST', '/sources/bulk', {
    token: p.token,
    body: { project_module: 'wallaby_hires', sources: [{ source_identifier: 'HIPASSJ0402+01' }] },
  });
  await discoverBatch(discoveryDeps(api.container), {
    project_module: 'wallaby_hires',
    source_ids: (added.body as { items: { uuid: string }[] }).items.map((i) => i.uuid),
  });
  const blockedEvents = async () =>
    (
      (await api.call('GET', '/projects/wallaby_hires/events?limit=500', { token: p.token })).body as {
        items: { kind: string; payload: { reason: string } }[];
      }
    ).items.filter((e) => e.kind === 'automation.blocked');
  const second = await tick.run(new Date());
  t.is(second.counts['created'], 0);
  t.regex(
    second.warnings.join('\n'),
    /budget_exhausted: the budget of 0.5 node-hours for \d{4}-\d{2} is used or committed/,
  );
  await tick.run(new Date());
  const events = await blockedEvents();
  t.is(events.length, 1, 'said once');
  t.regex(events[0]!.payload.reason, /raise budget.limit in a new configuration version/);
  // The usage route shows the month's figures and the failed hour as badput.
  const usage = (await api.call('GET', '/projects/wallaby_hires/usage?by=state', { token: p.token }))
    .body as {
    total: { node_hours: number; badput_node_hours: number };
    budget: { used: number; budget: number };
  };
  t.like(usage.total, { node_hours: 1, badput_node_hours: 1 });
  t.like(usage.budget, { used: 1, budget: 0.5 });
});

// The batch_remote backend against the real Slurm testbed (scripts/testbed/slurm) reached over
// real SSH, with the real DALiuGE translator: the partitioned graph, the manifest and the job
// script go up in one command, sbatch submits, squeue and sacct poll, and DALiuGE runs the graph inside
// the job. Upstream's HelloWorld completes; a bash command that exits 3 ends failed long before
// the wall time, naming its drop; a long sleep is cancelled with scancel. A profile's partition,
// qos, memory, constraint and cpus reach Slurm; a partition Slurm does not have fails with its words.
import { readFileSync } from 'node:fs';
import test from 'ava';
import { artifactShas, reproduceNow, runRecordOf } from '../support/api.js';
import { jsonChanges } from '../../core/domain/jsonChanges.js';
import type { ArtifactStore } from '../../core/ports/ArtifactStore.js';
import { TYPES } from '../../hosts/composition/composition.js';
import { bashCommand, withoutUnrollStamps, yamlWithGraph } from '../support/daliuge.js';
import { type Execution, executionStatus } from '../support/executionStatus.js';
import { type SlurmSuite, startSlurmSuite } from '../support/slurmSuite.js';
import { traceOf } from '../support/traces.js';
import {
  sacctByName,
  sacctFieldsByName,
  testbedDeployment,
  sacctSettled,
  slurmLocal,
  untilTrue,
} from '../support/slurm.js';

let tb: SlurmSuite['tb'];
let api: SlurmSuite['api'];
let p: SlurmSuite['p'];
let graphs: SlurmSuite['graphs'];
const ids = ['HIPASSJ1303+07', 'HIPASSJ1318-21', 'HIPASSJ1321-31'];

let suite: SlurmSuite | undefined;
test.before(async () => {
  suite = await startSlurmSuite(ids, (g) =>
    yamlWithGraph('HelloWorld-simple.graph', g.sha['HelloWorld-simple.graph']!, ' []'),
  );
  ({ tb, api, p, graphs } = suite);
});
test.after.always(async () => {
  await suite?.stop();
});

// api and p are set in test.before.
const { untilState } = executionStatus(
  () => api,
  () => p.token,
  150_000,
);

const useGraph = (path: string, patches: string) =>
  api.uploadConfig(yamlWithGraph(path, graphs.sha[path]!, patches), p.adminToken);

const jobIdOf = (e: Execution) => String(e['scheduler_job_id']).split('/').pop()!;

interface AttemptUsage {
  attempt: number;
  outcome: string;
  source: string;
  job_id: string | null;
  started_at: string | null;
  queue_seconds: number;
  run_seconds: number;
  nodes: number;
  cpus: number | null;
  node_hours: number;
  cpu_hours: number | null;
  max_rss_bytes: number | null;
  remote_state: string;
  exit_code: string | null;
}

/** The execution summary's usage of each attempt. */
const usageOf = async (id: string): Promise<AttemptUsage[]> => {
  const r = await api.call('GET', `/executions/${id}/summary`, { token: p.token });
  return (r.body as { usage: { attempts: AttemptUsage[] } }).usage.attempts;
};

/** What sacct itself (read here, as root, not through surveyor) says of a job name. */
const sacctUsage = (name: string) => {
  const [row] = sacctFieldsByName(name, [
    'JobIDRaw',
    'State',
    'ElapsedRaw',
    'AllocNodes',
    'AllocCPUS',
    'CPUTimeRAW',
  ]);
  const [job, state, elapsed, nodes, cpus, cpu] = row!;
  return {
    job,
    state: state!.split(' ')[0],
    elapsed: Number(elapsed),
    nodes: Number(nodes),
    cpus: Number(cpus),
    cpu: Number(cpu),
  };
};

/** The summary's usage of an attempt is sacct's, field for field. */
const sameAsSacct = (
  t: { like: (a: unknown, b: object) => void },
  u: AttemptUsage | undefined,
  name: string,
) => {
  const s = sacctUsage(name);
  t.like(u, {
    source: 'sacct',
    job_id: s.job,
    remote_state: s.state,
    run_seconds: s.elapsed,
    nodes: s.nodes,
    cpus: s.cpus,
    node_hours: Math.round(((s.elapsed * s.nodes) / 3600) * 1e6) / 1e6,
    cpu_hours: Math.round((s.cpu / 3600) * 1e6) / 1e6,
  });
};

let completed = '';
test.serial('HelloWorld runs in a Slurm job and the execution completes', async (t) => {
  const id = await p.execute(ids[0]!, { do_stage: false });
  completed = id;
  const e = await untilState(t, id, ['completed', 'failed', 'cancelled']);
  t.is(e.state, 'completed', String(e['error']));
  const name = `surveyor-${id}-a1`;
  const job = jobIdOf(e);
  t.is(e['scheduler_job_id'], `batch:${tb.user}@${tb.host}:${tb.port}/${job}`);
  const dir = `${tb.home}/dlg/workspace/${name}`;
  t.is(e['batch_session_dir'], dir);
  t.is(e['batch_login_node'], tb.host);
  t.is(e['batch_remote_user'], tb.user);
  // Slurm itself says the job with the deterministic name completed, once.
  t.deepEqual(await sacctSettled(name), [{ id: job, state: 'COMPLETED' }]);
  // The job recorded how DALiuGE's session ended, and ran the graph: HelloWorld wrote its file.
  const status = JSON.parse(readFileSync(`${dir}/surveyor-status.json`, 'utf8')) as Record<string, unknown>;
  t.is(status['state'], 'finished');
  t.is(status['session_id'], name);
  t.is(status['slurm_job_id'], job);
  // The helper found the graph's one output (the file HelloWorld writes) written, and the run's
  // output verification (required in the example) took its report.
  t.like(status['outputs'], { count: 1, incomplete_count: 0, incomplete: [] });
  t.like(e.run_record['outputs'], { required: true, checked: true, count: 1, incomplete_count: 0 });
  t.true(readFileSync(`${dir}/job.sh`, 'utf8').includes(`#SBATCH --account=${tb.account}`));
  const manifest = JSON.parse(readFileSync(`${dir}/manifest.json`, 'utf8')) as Record<string, unknown>;
  t.is(manifest['execution_id'] ?? (manifest['execution'] as Record<string, unknown>)?.['id'], id);
  const sub = e.run_record['submission'] as Record<string, unknown>;
  t.is(sub['backend'], 'slurm');
  t.is(sub['job_name'], name);
  // What the job used, as the poll round that saw it end read it from sacct.
  const [usage] = await usageOf(id);
  sameAsSacct(t, usage, name);
  t.like(usage, { attempt: 1, outcome: 'completed', exit_code: '0:0' });
  t.true(usage!.run_seconds > 0 && usage!.queue_seconds >= 0, JSON.stringify(usage));
  t.true((usage!.max_rss_bytes ?? 0) > 1024 * 1024, `MaxRSS of the job's steps: ${usage!.max_rss_bytes}`);
  // Its trace (the traces testbed): the SSH commands of the submission under the submit step.
  await suite!.traces!.flush();
  const spans = await traceOf(suite!.traces!.receiver, id.replace(/-/g, ''), (s) =>
    s.some((x) => x.operationName === 'ended'),
  );
  const submit = spans.find((s) => s.operationName === 'submit')!;
  const ssh = spans
    .filter((s) => s.operationName.startsWith('ssh '))
    .sort((a, b) => a.startTime - b.startTime);
  t.deepEqual(
    ssh.map((s) => s.operationName),
    ['ssh find', 'ssh stage', 'ssh submit'],
    'the look-up of the deterministic name (nothing is submitted twice), the job files, sbatch: one command each',
  );
  for (const s of ssh) {
    t.is(s.references[0]?.spanID, submit.spanID, `${s.operationName} under submit`);
    t.like(Object.fromEntries(s.tags.map((x) => [x.key, x.value])), {
      'server.address': tb.host,
      'surveyor.ssh.exit_code': 0,
      'surveyor.execution_id': id,
    });
  }
});

test.serial(
  'reproduced in a Slurm job of its own, the run builds the same manifest and graphs',
  async (t) => {
    const copy = await reproduceNow(api, p.token, completed);
    const e = await untilState(t, copy, ['completed', 'failed', 'cancelled']);
    t.is(e.state, 'completed', String(e['error']));
    t.deepEqual(await sacctSettled(`surveyor-${copy}-a1`), [{ id: jobIdOf(e), state: 'COMPLETED' }]);
    const runless = (path: string) => {
      const {
        execution_id: _e,
        attempt: _a,
        ...rest
      } = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
      return rest;
    };
    const dirOf = (id: string) => `${tb.home}/dlg/workspace/surveyor-${id}-a1`;
    t.deepEqual(runless(`${dirOf(copy)}/manifest.json`), runless(`${dirOf(completed)}/manifest.json`));
    const [a, b] = [await artifactShas(api, p.token, completed), await artifactShas(api, p.token, copy)];
    t.is(b['manifest.json'] === a['manifest.json'], false, 'the manifests name their own runs');
    t.is(b['logical.graph'], a['logical.graph'], 'the patched graph, byte for byte');
    t.is(
      (await runRecordOf(api, p.token, copy))['manifest_content_sha256'],
      (await runRecordOf(api, p.token, completed))['manifest_content_sha256'],
      'the same manifest content digest',
    );
    // The translated graph: the same but for the second each translation stamped on its oids.
    const artifacts = api.container.get<ArtifactStore>(TYPES.Artifacts);
    const graphOf = async (id: string) =>
      JSON.parse(withoutUnrollStamps((await artifacts.artifact(id, 1, 'translated.json'))!)) as unknown;
    t.deepEqual(jsonChanges(await graphOf(completed), await graphOf(copy), 20).changes, []);
    t.like(e.run_record['reproduces'], { execution_id: completed, with_current: [] });
  },
);

test.serial('a failing graph ends the job and the execution failed long before the wall time', async (t) => {
  await useGraph('BashCommand.graph', bashCommand('echo about to fail; exit 3'));
  const started = Date.now();
  const id = await p.execute(ids[1]!, { do_stage: false });
  const e = await untilState(t, id, ['completed', 'failed', 'cancelled']);
  const took = (Date.now() - started) / 1000;
  t.is(e.state, 'failed');
  t.true(took < 150, `ended after ${took} s; the wall time is 600 s`);
  const name = `surveyor-${id}-a1`;
  // Slurm says FAILED (the job script exits 1 for a failed graph), not TIMEOUT.
  t.deepEqual(
    (await sacctSettled(name)).map((j) => j.state),
    ['FAILED'],
  );
  t.regex(String(e['error']), /Slurm ended the job FAILED.*drop\(s\) in error/);
  const failed = e.run_record['failed_drops'] as string[];
  t.true(Array.isArray(failed) && failed.length >= 1, JSON.stringify(e.run_record));
  const status = JSON.parse(readFileSync(`${tb.home}/dlg/workspace/${name}/surveyor-status.json`, 'utf8'));
  t.is(status.state, 'failed');
  t.deepEqual(status.errored_drops, failed);
  const [usage] = await usageOf(id);
  sameAsSacct(t, usage, name);
  t.like(usage, { outcome: 'failed', exit_code: '1:0' });
});

test.serial('a running job is cancelled with scancel and the execution ends cancelled', async (t) => {
  await useGraph('BashCommand.graph', bashCommand('sleep 600'));
  const id = await p.execute(ids[2]!, { do_stage: false });
  const running = await untilState(t, id, ['running', 'failed', 'completed']);
  t.is(running.state, 'running', String(running['error']));
  const name = `surveyor-${id}-a1`;
  const end = Date.now() + 60_000;
  while (!sacctByName(name).some((j) => j.state === 'RUNNING')) {
    if (Date.now() > end) throw new Error('the job never ran');
    await new Promise((r) => setTimeout(r, 500));
  }
  const c = await api.call('POST', `/executions/${id}/cancel`, { token: p.token, body: {} });
  t.is(c.status, 202, c.text);
  // Up to 150 s: the testbed tracks processes by parentage, and a node manager that escaped it holds
  // the step's output open until Slurm gives up on it (60 s); the epilog then clears it.
  const e = await untilState(t, id, ['cancelled', 'failed', 'completed'], 150_000);
  t.is(e.state, 'cancelled', String(e['error']));
  await untilTrue('sacct to say CANCELLED', () => sacctByName(name)[0]?.state === 'CANCELLED', 30_000);
  t.deepEqual(
    sacctByName(name).map((j) => j.state),
    ['CANCELLED'],
  );
  const [usage] = await usageOf(id);
  sameAsSacct(t, usage, name);
  t.like(usage, { outcome: 'cancelled' });
  t.true(usage!.run_seconds > 0, 'it ran before it was cancelled');

  // Its retry submits what attempt 1 translated, stamps and all: the translator is not asked again.
  t.is((await api.call('POST', `/executions/${id}/retry`, { token: p.token })).status, 202);
  const again = await untilState(t, id, ['running', 'failed', 'completed']);
  t.is(again.state, 'running', String(again['error']));
  const artifacts = api.container.get<ArtifactStore>(TYPES.Artifacts);
  t.is(
    await artifacts.artifact(id, 2, 'translated.json'),
    await artifacts.artifact(id, 1, 'translated.json'),
  );
  const events = (await api.call('GET', `/executions/${id}/events?limit=100`, { token: p.token })).body as {
    items: { kind: string; payload: Record<string, unknown> }[];
  };
  t.like(events.items.find((x) => x.kind === 'execution.translation_reused')?.payload, {
    attempt: 2,
    from_attempt: 1,
  });
  t.is((await api.call('POST', `/executions/${id}/cancel`, { token: p.token, body: {} })).status, 202);
  t.is((await untilState(t, id, ['cancelled', 'failed', 'completed'], 60_000)).state, 'cancelled');
});

/** Creates a batch profile on the testbed with `extra` fields; executions name it. */
const batchProfile = async (name: string, extra: Record<string, unknown>) => {
  const r = await api.call('POST', '/deployment-profiles', {
    token: p.adminToken,
    body: {
      name,
      project_module: 'wallaby_hires',
      translation: { algo: 'metis', num_par: 1, num_islands: 1 },
      deployment: testbedDeployment(tb, extra),
    },
  });
  if (r.status !== 201) throw new Error(`profile: ${r.text}`);
};

test.serial("a profile's partition, qos, memory, constraint and cpus reach Slurm", async (t) => {
  await useGraph('HelloWorld-simple.graph', ' []');
  await batchProfile('slurm-resources', {
    partition: 'long',
    qos: 'normal',
    memory: '100M',
    constraint: 'surveyor',
    cpus_per_task: 2,
  });
  const id = await p.execute(ids[0]!, { do_stage: false }, { deployment_profile_name: 'slurm-resources' });
  const e = await untilState(t, id, ['completed', 'failed', 'cancelled']);
  t.is(e.state, 'completed', String(e['error']));
  const name = `surveyor-${id}-a1`;
  const [job] = await sacctSettled(name);
  // What Slurm itself recorded for the job, not what we sent.
  const [partition, qos, reqMem, constraints, cpus] = slurmLocal('sacct', [
    '--noheader',
    '--parsable2',
    '--allocations',
    `--jobs=${job!.id}`,
    '--format=Partition,QOS,ReqMem,Constraints,ReqCPUS',
  ])
    .trim()
    .split('|');
  t.deepEqual(
    { partition, qos, reqMem, constraints, cpus },
    {
      partition: 'long',
      qos: 'normal',
      reqMem: '100M',
      constraints: 'surveyor',
      cpus: '2',
    },
  );
  const sub = e.run_record['submission'] as Record<string, unknown>;
  t.deepEqual(sub['sbatch_options'], [
    '--partition=long',
    '--qos=normal',
    '--mem=100M',
    '--constraint=surveyor',
    '--cpus-per-task=2',
  ]);
});

test.serial(
  "a partition Slurm does not have fails the execution with sbatch's words, and no job",
  async (t) => {
    await batchProfile('slurm-nopart', { partition: 'nosuch' });
    const id = await p.execute(ids[1]!, { do_stage: false }, { deployment_profile_name: 'slurm-nopart' });
    const e = await untilState(t, id, ['completed', 'failed', 'cancelled']);
    t.is(e.state, 'failed');
    t.regex(String(e['error']), /sbatch on .* refused the job: .*invalid partition/i);
    t.is(e.run_record['remote_terminal'], true);
    t.deepEqual(sacctByName(`surveyor-${id}-a1`), []);
  },
);

test.serial("the project's usage is the sum of what sacct reports for its jobs", async (t) => {
  // Every attempt of every execution of the suite (the refused one never reached Slurm).
  const list = (await api.call('GET', '/executions?limit=500', { token: p.token })).body as {
    items: { uuid: string; attempt: number }[];
  };
  const names = list.items.flatMap((x) =>
    Array.from({ length: x.attempt }, (_, i) => `surveyor-${x.uuid}-a${i + 1}`),
  );
  const jobs = names.flatMap((n) => (sacctFieldsByName(n, ['JobIDRaw']).length > 0 ? [sacctUsage(n)] : []));
  t.true(jobs.length >= 5, `jobs: ${jobs.length}`);
  const nodeHours = jobs.reduce((n, j) => n + j.elapsed * j.nodes, 0) / 3600;
  const cpuHours = jobs.reduce((n, j) => n + j.cpu, 0) / 3600;
  const byState = (await api.call('GET', '/projects/wallaby_hires/usage?by=state', { token: p.token }))
    .body as {
    total: { runs: number; node_hours: number; cpu_hours: number; badput_node_hours: number };
    groups: { key: string; runs: number; node_hours: number }[];
  };
  t.is(byState.total.runs, jobs.length);
  t.true(
    Math.abs(byState.total.node_hours - nodeHours) < 1e-3,
    `${byState.total.node_hours} vs sacct ${nodeHours}`,
  );
  t.true(
    Math.abs(byState.total.cpu_hours - cpuHours) < 1e-3,
    `${byState.total.cpu_hours} vs sacct ${cpuHours}`,
  );
  const completed = jobs.filter((j) => j.state === 'COMPLETED');
  const badput = (nodeHours * 3600 - completed.reduce((n, j) => n + j.elapsed * j.nodes, 0)) / 3600;
  t.true(
    Math.abs(byState.total.badput_node_hours - badput) < 1e-3,
    `badput ${byState.total.badput_node_hours} vs ${badput}`,
  );
  t.deepEqual(
    byState.groups.map((g) => g.key),
    ['cancelled', 'completed', 'failed'],
  );
  // The Prometheus counters say the same, by project, profile and outcome.
  const metrics = (await api.call('GET', '/metrics', { token: p.token })).text;
  const counted = [
    ...metrics.matchAll(
      /^surveyor_usage_node_seconds_total\{[^}]*project_module="wallaby_hires"[^}]*\} (\S+)$/gm,
    ),
  ].reduce((n, m) => n + Number(m[1]), 0);
  t.true(Math.abs(counted / 3600 - nodeHours) < 1e-3, `counter ${counted} s vs sacct ${nodeHours} h`);
});

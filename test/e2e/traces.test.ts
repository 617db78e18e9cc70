// Traces against a real OTLP receiver (Jaeger from scripts/testbed/traces): an execution discovered
// on the real archive testbed, staged through datalink and async SODA, translated and deployed on
// the real DALiuGE testbed, is one trace whose id is the execution's, from the API requests through
// the queue's run job and its steps to every outbound call and the poll's end, each span naming the
// execution and none carrying a secret.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import test from 'ava';
import { startTraces } from '../../hosts/composition/traces.js';
import { TYPES } from '../../hosts/composition/composition.js';
import { startWorker, type WorkerHandle } from '../../hosts/worker/worker.js';
import type { Config } from '../../schema/environment.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { type ArchiveTestbed, archiveEnv, archiveTestbedOrError } from '../support/archive.js';
import { type DaliugeTestbed, daliugeTestbed } from '../support/daliuge.js';
import { executionStatus } from '../support/executionStatus.js';
import { graphDir, prepareProject } from '../support/project.js';
import { type JaegerSpan, tracesTestbed, traceOf } from '../support/traces.js';
import { until } from '../support/until.js';

const module = 'wallaby_hires_testbed';
let tb: ArchiveTestbed;
let dlg: DaliugeTestbed;
let api: TestApi;
let worker: WorkerHandle;
let traces: ReturnType<typeof startTraces>;
let work: string;
const receiver = tracesTestbed();

test.before(async () => {
  const found = archiveTestbedOrError();
  if (found instanceof Error) throw found;
  tb = found;
  dlg = daliugeTestbed();
  work = mkdtempSync(join(tmpdir(), 'surveyor-traces-'));
  api = await startTestApi({
    SERVICE_USE_REAL_BACKENDS: 'true',
    SERVICE_TRANSLATOR_URL: dlg.tmUrl,
    SERVICE_GRAPH_DIR: graphDir,
    ...archiveEnv(tb, join(work, 'staging')),
    SERVICE_STAGING_MIN_FREE_BYTES: '1048576',
    SERVICE_EXECUTION_TICK_SECONDS: '1',
    SERVICE_SCHEDULER_CHECK_SECONDS: '1',
    SERVICE_REST_POLL_MIN_SECONDS: '1',
    SERVICE_WORKER_IDLE_POLL_SECONDS: '1',
    SERVICE_OTLP_TRACES_URL: receiver.otlpUrl,
  });
  traces = startTraces(api.container.get<Config>(TYPES.Config), 'traces-test');
  worker = await startWorker(api.container);
});
test.after.always(async () => {
  await worker?.stop(2000);
  await traces?.shutdown();
  await api?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

const tagOf = (s: JaegerSpan, key: string) => s.tags.find((x) => x.key === key)?.value;
const parentOf = (s: JaegerSpan) => s.references.find((r) => r.refType === 'CHILD_OF')?.spanID;

test.serial(
  'one execution is one trace: requests, the run job, its steps in order, every outbound call, the end',
  async (t) => {
    const p = await prepareProject(
      api,
      ['HIPASSJ1318-21'],
      tb.projectYaml.replace('poll_interval_seconds: 60', 'poll_interval_seconds: 1'),
      {
        translation: { algo: 'metis', num_par: 1, num_islands: 1 },
        deployment: { kind: 'rest_remote', deploy_host: dlg.dimHost, deploy_port: dlg.dimPort },
      },
      module,
    );
    await until('discovery', async () => {
      const s = await api.call('GET', `/sources/${p.ids['HIPASSJ1318-21']}/status`, { token: p.token });
      return (s.body as { ready: boolean }).ready;
    });
    const id = await p.execute('HIPASSJ1318-21', { do_stage: true });
    const { untilState } = executionStatus(
      () => api,
      () => p.token,
      120_000,
    );
    const e = await untilState(t, id, ['completed', 'failed']);
    t.is(e.state, 'completed', String(e['error']));
    // Sent in batches: everything ended by now is sent by a flush.
    await traces?.shutdown();
    traces = null;

    const hex = id.replace(/-/g, '');
    const spans = await traceOf(receiver, hex, (s) => s.some((x) => x.operationName === 'ended'));
    const names = spans.map((s) => s.operationName);
    t.log(`${spans.length} spans: ${[...new Set(names)].join(', ')}`);
    for (const s of spans) {
      t.is(s.traceID, hex, `${s.operationName} is in the execution's trace`);
      t.is(tagOf(s, 'surveyor.execution_id'), id, `${s.operationName} names the execution`);
    }
    // The root: made with the execution, its id the second half of the execution's.
    const root = spans.filter((s) => s.operationName === 'execution');
    t.is(root.length, 1);
    t.is(root[0]!.spanID, hex.slice(16));
    t.is(parentOf(root[0]!), undefined);
    const one = (name: string) => {
      const found = spans.filter((s) => s.operationName === name);
      t.is(found.length, 1, `one ${name} span`);
      return found[0]!;
    };
    const create = one('POST /api/v2/executions');
    const execute = one('POST /api/v2/executions/{id}/execute');
    const run = one('job execution.run');
    const [stage, translate, submit] = [one('stage'), one('translate'), one('submit')];
    const ended = one('ended');
    for (const s of [create, execute, run, ended])
      t.is(parentOf(s), root[0]!.spanID, `${s.operationName} under the root`);
    for (const s of [stage, translate, submit])
      t.is(parentOf(s), run.spanID, `${s.operationName} under the run job`);
    // In the order they ran. The SDK anchors each span's times to the wall clock when the span
    // starts (Date.now, whole milliseconds), so one span's end read as start + duration may pass
    // the next one's start by up to a millisecond or so (CI saw 1 µs, then more). The steps
    // themselves last far longer.
    const ends = (s: JaegerSpan) => s.startTime + s.duration - 2000;
    t.true(create.startTime <= execute.startTime);
    t.true(execute.startTime <= run.startTime);
    t.true(ends(stage) <= translate.startTime, 'stage ends before translate starts');
    t.true(
      ends(translate) <= submit.startTime,
      `translate ends before submit starts (${translate.startTime}+${translate.duration}, ${submit.startTime})`,
    );
    t.true(submit.startTime <= ended.startTime);
    t.is(tagOf(ended, 'surveyor.state'), 'completed');
    // Every outbound call under the step that made it.
    const under = (step: JaegerSpan, name: RegExp) =>
      spans.filter((s) => name.test(s.operationName) && descends(spans, s, step.spanID));
    t.true(under(stage, /^(GET|POST) archive$/).length >= 2, 'datalink and SODA under stage');
    t.is(under(stage, /^download$/).length, 2, 'both files downloaded under stage');
    t.true(under(translate, /^POST translator$/).length >= 1, 'the translator under translate');
    t.true(under(submit, /^(POST|GET) island_manager$/).length >= 1, 'the island manager under submit');
    for (const d of under(stage, /^download$/)) t.true(Number(tagOf(d, 'surveyor.bytes')) > 0);
    // No secret in any attribute: not the archive's password, no credentials, no query.
    const password = readFileSync(tb.passwordFile, 'utf8').trim();
    for (const s of spans)
      for (const tag of s.tags) {
        const v = String(tag.value);
        t.false(v.includes(password), `${s.operationName} ${tag.key}`);
        t.false(/Basic |Bearer |\?/.test(v) && tag.key.startsWith('url'), `${s.operationName} ${tag.key}`);
      }
    // The poll rounds are traces of their own (one round serves many executions): only their
    // verdicts are in the execution's.
    t.false(names.includes('job execution.poll'));
  },
);

/** Whether `s` is under the span `ancestor` in `spans`. */
const descends = (spans: readonly JaegerSpan[], s: JaegerSpan, ancestor: string): boolean => {
  const byId = new Map(spans.map((x) => [x.spanID, x]));
  for (let p = parentOf(s); p !== undefined; p = parentOf(byId.get(p)!)) {
    if (p === ancestor) return true;
    if (!byId.has(p)) return false;
  }
  return false;
};

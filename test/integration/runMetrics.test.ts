// What runs did, as Prometheus metrics people graph: runs ended by project, profile and outcome,
// and histograms of how long runs ran and waited in a queue, read from the usage the database
// keeps (so every process reports the same figures), parsed as a scraper parses them.
import { createRequire } from 'node:module';
import test from 'ava';
import { startTestApi, type TestApi } from '../support/api.js';
import { graphDir, prepareProject } from '../support/project.js';
import { runThrough } from '../support/runThrough.js';

interface Family {
  readonly name: string;
  readonly type: string;
  readonly metrics: readonly { readonly labels?: Record<string, string>; readonly value?: string }[];
}
const parse = createRequire(import.meta.url)('parse-prometheus-text-format') as (text: string) => Family[];

let api: TestApi;
let p: Awaited<ReturnType<typeof prepareProject>>;
test.before(async () => {
  api = await startTestApi({ SERVICE_GRAPH_DIR: graphDir, SERVICE_MOCK_STEP_MS: '10' });
  p = await prepareProject(api, ['HIPASSJ0001-23', 'HIPASSJ0301MOCKFAIL']);
});
test.after.always(async () => {
  await api?.close();
});

const scrape = async (token?: string) => (await api.call('GET', '/metrics', token ? { token } : {})).text;

/** A histogram's series of one label value, from the text (the parser keeps only a histogram's buckets). */
const histogramOf = (text: string, name: string, label: string) => {
  const value = (suffix: string, more = '') =>
    text
      .split('\n')
      .filter((l) => l.startsWith(`${name}_${suffix}{`) && l.includes(label) && l.includes(more))
      .map((l) => Number(l.slice(l.lastIndexOf(' ') + 1)));
  const buckets = text
    .split('\n')
    .filter((l) => l.startsWith(`${name}_bucket{`) && l.includes(label))
    .map((l) => Number(l.slice(l.lastIndexOf(' ') + 1)));
  return { count: value('count')[0], buckets, inf: value('bucket', 'le="+Inf"')[0] };
};
const family = (fs: readonly Family[], name: string) => fs.find((f) => f.name === name);

test.serial('runs ended count by outcome and profile; run time and queue wait are histograms', async (t) => {
  await runThrough(api, p, 'HIPASSJ0001-23', 'ended');
  await runThrough(api, p, 'HIPASSJ0301MOCKFAIL', 'ended');
  const text = await scrape(p.token);
  const fs = parse(text);
  const ended = family(fs, 'surveyor_runs_ended_total');
  t.is(ended?.type, 'COUNTER');
  const byOutcome = Object.fromEntries(
    (ended?.metrics ?? [])
      .filter((m) => m.labels?.['project_module'] === p.module)
      .map((m) => [m.labels?.['outcome'], Number(m.value)]),
  );
  t.deepEqual(byOutcome, { completed: 1, failed: 1 });
  t.true((ended?.metrics ?? []).every((m) => m.labels?.['profile'] !== undefined));
  for (const name of ['surveyor_run_duration_seconds', 'surveyor_run_queue_wait_seconds']) {
    const h = family(fs, name);
    t.is(h?.type, 'HISTOGRAM', name);
    const island = histogramOf(text, name, 'backend="rest_remote"');
    t.is(island.count, 2, `${name}: both runs`);
    t.true(island.buckets.length >= 11, name);
    for (let i = 1; i < island.buckets.length; i++)
      t.true(island.buckets[i]! >= island.buckets[i - 1]!, `${name}: buckets only grow with le`);
    t.is(island.inf, 2, `${name}: the +Inf bucket holds both`);
  }
  // Families naming a project or a profile are for readers: not shown without a token.
  const anonymous = parse(await scrape());
  t.is(family(anonymous, 'surveyor_runs_ended_total'), undefined);
  t.truthy(family(anonymous, 'surveyor_run_duration_seconds'), 'by backend kind only: public');
});

test.serial(
  "usage by graph gives each graph's runs and failures, and each run's time with us before its backend had it",
  async (t) => {
    // Runs of the first test, read through the API as the console's usage page reads them.
    const r = await api.call('GET', `/projects/${p.module}/usage?by=graph`, { token: p.token });
    t.is(r.status, 200, r.text);
    const groups = (
      r.body as {
        groups: {
          key: string;
          runs: number;
          runs_by_outcome: Record<string, number>;
          our_seconds: { p50: number } | null;
        }[];
      }
    ).groups;
    t.is(groups.length, 1, JSON.stringify(groups));
    t.like(groups[0], {
      key: 'wallaby-hires_test-pipeline-nodownloads.graph',
      runs: 2,
      runs_by_outcome: { completed: 1, failed: 1 },
    });
    t.true(
      (groups[0]!.our_seconds?.p50 ?? -1) >= 0,
      'a worker took each run and submitted it: our time is known',
    );
    const day = await api.call('GET', `/projects/${p.module}/usage?by=day`, { token: p.token });
    const days = (day.body as { groups: { runs: number; our_seconds: unknown }[] }).groups.filter(
      (g) => g.runs > 0,
    );
    t.true(days.length >= 1 && days.every((g) => g.our_seconds !== null));
  },
);

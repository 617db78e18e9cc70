// What runs used, from the CLI: by state and by source, as a table and as JSON, a batch profile's
// walltime under job_duration_minutes: auto, by month and by day with the empty ones left out, and
// refused groupings and ranges.
import test from 'ava';
import { cliCoverage } from '../support/cliCoverage.js';
import { cliProject, cliReadySources, cliSession } from '../support/cliSession.js';

const s = cliSession(test, { loggedIn: true, worker: true });
const { cli, json } = s;
test.serial.before(async () => {
  await cliProject(s);
  await cliReadySources(s, ['HIPASSJ0001-23', 'HIPASSJ0301MOCKFAIL']);
  // One run that completes and one that fails, each watched to its end.
  for (const [source, exit] of [
    ['HIPASSJ0001-23', 0],
    ['HIPASSJ0301MOCKFAIL', 10],
  ] as const) {
    const { uuid } = await json<{ uuid: string }>(['exec', 'create', 'wallaby_hires', source]);
    await cli(['exec', 'execute', uuid]);
    const watched = await cli(['exec', 'watch', uuid, '--interval', '1']);
    if (watched.code !== exit) throw new Error(`${source}: ${watched.out}`);
  }
});

test.serial('usage by state and by source, a walltime from auto, refusals', async (t) => {
  // What the runs used: one completed attempt, the failing one's one or two (its retry may have
  // ended by now); the mock reports nothing, so each is an estimate.
  const usage = await cli(['usage', '--project', 'wallaby_hires', '--by', 'state']);
  t.is(usage.code, 0, usage.out);
  t.regex(usage.out, /^PROJECT\s+STATE\s+RUNS\s+NODE-H\s+CPU-H\s+BADPUT NODE-H\s+QUEUE-H$/m);
  t.regex(usage.out, /^wallaby_hires\s+completed\s+1\s/m);
  const failedRuns = Number(/^wallaby_hires\s+failed\s+(\d+)\s/m.exec(usage.out)?.[1]);
  t.true(failedRuns === 1 || failedRuns === 2, usage.out);
  t.regex(usage.out, new RegExp(`^wallaby_hires\\s+total\\s+${failedRuns + 1}\\s`, 'm'));
  // No mock run reports CPU time: no figure, not a zero marked as partial.
  t.regex(usage.out, /^wallaby_hires\s+completed\s+1\s+\S+\s+-\s/m);
  t.regex(usage.out, /^- no run reports CPU time/m);
  t.false(usage.out.includes('some runs report no CPU time'), usage.out);
  // By month (the default) and by day, only the months and days with runs, and how many were left out.
  const byMonth = await cli(['usage', '--project', 'wallaby_hires']);
  const thisMonth = new Date().toISOString().slice(0, 7);
  t.deepEqual(
    byMonth.out
      .split('\n')
      .filter((l) => /^wallaby_hires\s+\d{4}-\d\d\s/.test(l))
      .map((l) => l.split(/\s+/)[1]),
    [thisMonth],
    byMonth.out,
  );
  t.regex(byMonth.out, /^\(11 months with no run left out\)$/m);
  const byDay = await cli(['usage', '--project', 'wallaby_hires', '--by', 'day']);
  t.is(byDay.code, 0, byDay.out);
  t.regex(byDay.out, /^PROJECT\s+DAY\s+RUNS/m);
  t.regex(byDay.out, new RegExp(`^wallaby_hires\\s+${new Date().toISOString().slice(0, 10)}\\s+`, 'm'));
  t.regex(byDay.out, /^\(29 days with no run left out\)$/m);
  const longDays = await cli(['usage', '--project', 'wallaby_hires', '--by', 'day', '--from', '2020-01']);
  t.is(longDays.code, 1, longDays.out);
  t.regex(longDays.out, /by day, a range covers at most 366 days/);
  // A batch profile's wall time: what auto gives one source now, and why (no runs of it yet).
  const batchProfile = await s.api.call('POST', '/deployment-profiles', {
    token: await s.api.tokenFor('cli-walltime-admin', 'admin'),
    body: {
      name: 'cli-slurm',
      project_module: 'wallaby_hires',
      translation: { algo: 'metis', num_par: 1, num_islands: 1 },
      deployment: {
        kind: 'batch_remote',
        login_node: 'login.example.org',
        account: 'acct',
        home_dir: '/home/a',
        log_dir: '/home/a/log',
        dlg_root: '/home/a/dlg',
        job_duration_minutes: 'auto',
        job_duration_fallback_minutes: 25,
      },
    },
  });
  t.is(batchProfile.status, 201, batchProfile.text);
  t.regex(
    (await cli(['usage', '--project', 'wallaby_hires'])).out,
    /^wallaby_hires walltime on cli-slurm \(job_duration_minutes: auto\): auto gives one source 25 min, job_duration_fallback_minutes: 0 completed runs, 3 needed$/m,
  );
  const asJson = await json<{ by: string; total: { runs: number } }>([
    'usage',
    '--project',
    'wallaby_hires',
    '--by',
    'state',
  ]);
  t.is(asJson.by, 'state');
  t.true(asJson.total.runs >= 2);
  const every = await json<{ project_module: string }[]>(['usage']);
  t.deepEqual(
    every.map((u) => u.project_module),
    ['wallaby_hires'],
  );
  // By source: each source of those runs is a row of its own.
  const bySource = await cli(['usage', '--project', 'wallaby_hires', '--by', 'source']);
  t.is(bySource.code, 0, bySource.out);
  t.regex(bySource.out, /^PROJECT\s+SOURCE\s+RUNS\s+NODE-H/m);
  t.regex(bySource.out, /^wallaby_hires\s+HIPASSJ\S+\s+[12]\s/m);
  const wrong = await cli(['usage', '--by', 'week']);
  t.is(wrong.code, 2, wrong.out);
  const badRange = await cli(['usage', '--project', 'wallaby_hires', '--from', '2026-02-30']);
  t.is(badRange.code, 1, badRange.out);
  t.regex(badRange.out, /from/);
});

cliCoverage(test, s, 'cliUsage');

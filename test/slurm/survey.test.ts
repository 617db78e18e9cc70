// A survey, shortened for CI (scripts/bench survey runs it larger): 240 sources of the archive
// testbed, discovered there by TAP (DaCHS; those without a catalogue row are not ready, as at
// CASDA), run by automation 30 to an execution (one graph, one Slurm job each) on the facility's
// partition and QOS, then 16 more one to an execution, side by side. Each run stages its sources'
// files from the testbed (datalink, then async SODA: one archive job for the run's datasets).
// Every source ends in exactly one completed execution, every execution has exactly one Slurm job
// (sacct's word, by the attempt's name) and one archive job, nothing fails for a limit, and the
// figures are printed. Accounting holds per source: by source, each source
// counts its one run, and the sources' shares of sacct's node-hours add up to the runs'. (About
// three minutes: DALiuGE starting in 24 jobs.)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { archiveEnv, archiveProject, archiveTargets, archiveTestbed } from '../support/archive.js';
import { bashCommand, yamlWithGraph } from '../support/daliuge.js';
import { type SlurmSuite, startSlurmSuite } from '../support/slurmSuite.js';
import { runSurveyPhase, type SurveyFigures, surveyTable } from '../support/survey.js';

let suite: SlurmSuite | undefined;
let archive: ReturnType<typeof archiveProject>;
let targets: string[] = [];
const staging = mkdtempSync(join(tmpdir(), 'surveyor-survey-staging-'));
test.before(async () => {
  const tb = archiveTestbed();
  archive = archiveProject(tb);
  targets = await archiveTargets(tb, 256);
  suite = await startSlurmSuite(
    [],
    (g) => yamlWithGraph('BashCommand.graph', g.sha['BashCommand.graph']!, bashCommand('sleep 1')),
    archiveEnv(tb, staging),
  );
});
test.after.always(async () => {
  await suite?.stop();
  rmSync(staging, { recursive: true, force: true });
});

test.serial('a survey on the facility: grouped and one per source, each source run once', async (t) => {
  t.timeout(900_000);
  const phases: SurveyFigures[] = [];
  for (const [label, ids, perExecution] of [
    ['grouped', targets.slice(0, 240), 30],
    ['one per source', targets.slice(240), 1],
  ] as const) {
    const f = await runSurveyPhase(
      suite!,
      { label, identifiers: ids, perExecution, sleepSeconds: 5, timeoutMs: 420_000, archive },
      (line) => t.log(line),
    );
    phases.push(f);
    t.true(f.sources >= ids.length * 0.9, `${label}: ${f.sources} of ${ids.length} sources ready`);
    t.is(f.completed, f.executions, `${label}: every execution completed`);
    t.is(f.executions, Math.ceil(f.sources / perExecution), `${label}: ${perExecution} sources to a run`);
    t.is(f.sourcesRunTwice, 0, `${label}: no source in two executions`);
    t.is(f.executionsNotOneJob, 0, `${label}: one Slurm job per execution`);
    t.is(f.jobs, f.executions, `${label}: no job submitted twice`);
    t.is(f.archiveJobs, f.executions, `${label}: one archive job stages a run's files`);
    t.true(f.stagedFiles >= f.sources, `${label}: ${f.stagedFiles} files staged for ${f.sources} sources`);
    // One connection serves the whole survey (the pool may open one more after an idle close).
    t.true(f.sshLogins <= 2, `${label}: ${f.sshLogins} SSH logins`);
  }
  for (const line of surveyTable(phases)) t.log(line);

  const { api, p } = suite!;
  const u = await api.call('GET', `/projects/${archive.module}/usage?by=source`, { token: p.token });
  t.is(u.status, 200, u.text);
  const usage = u.body as {
    total: { node_hours: number };
    groups: { key: string; runs: number; node_hours: number }[];
  };
  t.is(
    usage.groups.length,
    phases.reduce((n, f) => n + f.sources, 0),
    'a group for each source run',
  );
  for (const g of usage.groups) {
    t.true(targets.includes(g.key), `${g.key}: a source of the survey`);
    t.is(g.runs, 1, `${g.key}: one run in its usage`);
    t.true(g.node_hours > 0, `${g.key}: a share of its run's node-hours`);
  }
  const shares = usage.groups.reduce((n, g) => n + g.node_hours, 0);
  t.true(
    Math.abs(shares - usage.total.node_hours) < 1e-4 * usage.groups.length,
    `the sources' shares (${shares}) add up to the runs' node-hours (${usage.total.node_hours})`,
  );
});

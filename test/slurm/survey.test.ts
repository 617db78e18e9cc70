// A survey, shortened for CI (scripts/bench survey runs it larger): 240 sources run by automation,
// 30 to an execution (one graph, one Slurm job each) on the facility's partition and QOS, then 16
// more one to an execution, side by side. Every source ends in exactly one completed execution,
// every execution has exactly one Slurm job (sacct's word, by the attempt's name), nothing fails
// for a limit, and the figures are printed. (About three minutes: DALiuGE starting in 24 jobs.)
import test from 'ava';
import { bashCommand, yamlWithGraph } from '../support/daliuge.js';
import { type SlurmSuite, startSlurmSuite } from '../support/slurmSuite.js';
import { runSurveyPhase, type SurveyFigures, surveyTable } from '../support/survey.js';

let suite: SlurmSuite | undefined;
test.before(async () => {
  suite = await startSlurmSuite([], (g) =>
    yamlWithGraph('BashCommand.graph', g.sha['BashCommand.graph']!, bashCommand('sleep 1')),
  );
});
test.after.always(async () => {
  await suite?.stop();
});

const identifiers = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `HIPASSJ${prefix}${String(i).padStart(3, '0')}+01`);

test.serial('a survey on the facility: grouped and one per source, each source run once', async (t) => {
  t.timeout(900_000);
  const phases: SurveyFigures[] = [];
  for (const [label, ids, perExecution] of [
    ['grouped', identifiers('2', 240), 30],
    ['one per source', identifiers('3', 16), 1],
  ] as const) {
    const f = await runSurveyPhase(
      suite!,
      { label, identifiers: ids, perExecution, sleepSeconds: 5, timeoutMs: 420_000 },
      (line) => t.log(line),
    );
    phases.push(f);
    t.is(f.completed, f.executions, `${label}: every execution completed`);
    t.is(f.executions, Math.ceil(ids.length / perExecution), `${label}: ${perExecution} sources to a run`);
    t.is(f.sourcesRunTwice, 0, `${label}: no source in two executions`);
    t.is(f.executionsNotOneJob, 0, `${label}: one Slurm job per execution`);
    t.is(f.jobs, f.executions, `${label}: no job submitted twice`);
    // One connection serves the whole survey (the pool may open one more after an idle close).
    t.true(f.sshLogins <= 2, `${label}: ${f.sshLogins} SSH logins`);
  }
  for (const line of surveyTable(phases)) t.log(line);
});

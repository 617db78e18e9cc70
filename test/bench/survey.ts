// A survey end to end on the Slurm testbed's facility (test/support/survey.ts): sources of the
// archive testbed (discovered there by TAP, on DaCHS) run by automation grouped to an execution,
// then sources one to an execution, the figures side by side. Each phase's sources are
// discovered before automation is turned on, and its time to drain counts from then. Each run
// stages its sources' files from the testbed (datalink, async SODA). Asserts nothing.
// Run: scripts/bench survey [grouped sources[/per execution], default 2000/100] [one-per-source sources, default 100] [sleep seconds, default 5]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { archiveEnv, archiveProject, archiveTargets, archiveTestbed } from '../support/archive.js';
import { startSlurmSuite } from '../support/slurmSuite.js';
import { bashCommand, yamlWithGraph } from '../support/daliuge.js';
import { runSurveyPhase, type SurveyFigures, surveyTable } from '../support/survey.js';

const [grouped, perExecution] = (process.argv[2] ?? '2000/100').split('/').map(Number) as [number, number?];
const single = Number(process.argv[3] ?? '100');
const sleepSeconds = Number(process.argv[4] ?? '5');
const say = (line: string) =>
  process.stdout.write(`[survey ${new Date().toISOString().slice(11, 19)}] ${line}\n`);

const tb = archiveTestbed();
const archive = archiveProject(tb);
const targets = await archiveTargets(tb, grouped + single);
const staging = mkdtempSync(join(tmpdir(), 'surveyor-bench-staging-'));
const suite = await startSlurmSuite(
  [],
  (g) => yamlWithGraph('BashCommand.graph', g.sha['BashCommand.graph']!, bashCommand('sleep 1')),
  // The sources' discovery outlasts the default access token.
  {
    ...archiveEnv(tb, staging),
    SERVICE_ACCESS_TOKEN_TTL_SECONDS: '86400',
  },
  { traced: false },
);
const phases: SurveyFigures[] = [];
try {
  for (const [label, ids, per] of [
    ['grouped', targets.slice(0, grouped), perExecution ?? 100],
    ['one per source', targets.slice(grouped), 1],
  ] as const)
    if (ids.length > 0)
      phases.push(
        await runSurveyPhase(
          suite,
          {
            label,
            identifiers: ids,
            perExecution: per,
            sleepSeconds,
            timeoutMs: 3 * 3600_000,
            archive,
            // A survey's usual state: discovery ran on its own schedule, ahead of the runs.
            discoveredAhead: true,
          },
          say,
        ),
      );
} finally {
  await suite.stop();
  rmSync(staging, { recursive: true, force: true });
}
for (const line of surveyTable(phases)) process.stdout.write(`${line}\n`);
process.exit(0);

// Output verification (issue 14, fault 7): `output_verification` was accepted and ignored. A
// graph's outputs are its data drops that nothing consumes; the island manager's drop states say
// which were written. The batch job's helper (Python, on the cluster) applies the same rule as the
// REST backend (TypeScript, here): both are run on the same graph and drop states and must agree.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { outputDropOids, outputReport } from '../../adapters/daliuge/sessionFacts.js';
import { graphFileName, jobHelperScript } from '../../adapters/slurm/jobHelper.js';
import { outputInventory, verifyOutputs } from '../../core/domain/outputVerification.js';
import type { OutputReport } from '../../core/domain/remote.js';

const graph = [
  { oid: 'app', categoryType: 'Application', outputs: [{ mid: 'x' }] },
  { oid: 'mid', categoryType: 'Data', producers: [{ app: 'x' }], consumers: ['app2'] },
  { oid: 'app2', categoryType: 'Application', inputs: ['mid'], outputs: ['image', 'weights'] },
  { oid: 'image', categoryType: 'Data', producers: ['app2'], consumers: [] },
  { oid: 'weights', categoryType: 'Data', producers: ['app2'] },
  { oid: 'streamed', categoryType: 'Data', streamingConsumers: [{ app2: 'y' }] },
  { reprodata: { lg_blockhash: 'x' } },
];
// image written; weights skipped (a branch not taken); the rest completed.
const states = {
  app: { status: 2, execStatus: 2 },
  mid: { status: 2 },
  app2: { status: 2, execStatus: 2 },
  image: { status: 2 },
  weights: { status: 7 },
  streamed: { status: 2 },
};

test('outputs are the data drops nothing consumes; those not written are named with their state', (t) => {
  t.deepEqual(outputDropOids(graph), ['image', 'weights']);
  t.deepEqual(outputReport(outputDropOids(graph), states), {
    count: 2,
    incomplete: [{ oid: 'weights', state: 'skipped' }],
    incompleteCount: 1,
  });
  const expired = outputReport(['image'], { image: { status: 4 } });
  t.is(expired.incompleteCount, 0, 'expired after completing is written');
  t.deepEqual(outputReport(['image'], {}).incomplete, [{ oid: 'image', state: 'not reported' }]);
  t.deepEqual(outputReport(['image'], { image: { status: 5 } }).incomplete, [
    { oid: 'image', state: 'deleted' },
  ]);
});

test("the batch job's helper finds the same outputs from its graph file and the monitor's dump", (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'surveyor-helper-'));
  const logs = join(dir, 'logs');
  mkdirSync(logs);
  writeFileSync(join(dir, 'surveyor-job.py'), jobHelperScript);
  writeFileSync(join(dir, graphFileName), JSON.stringify(['test.pgt.graph', graph]));
  writeFileSync(join(logs, 'status-monitoring.json'), `${JSON.stringify({ gs: states })}\n`);
  const status = join(dir, 'surveyor-status.json');
  // `finish` with DALiuGE's exit code 0: the graph finished (no drop in error).
  execFileSync('python3', [join(dir, 'surveyor-job.py'), 'finish', 'sess', logs, status, '0']);
  const doc = JSON.parse(readFileSync(status, 'utf8')) as { state: string; outputs: Record<string, unknown> };
  t.is(doc.state, 'finished');
  const r = outputReport(outputDropOids(graph), states);
  t.deepEqual(doc.outputs, { count: r.count, incomplete: r.incomplete, incomplete_count: r.incompleteCount });
  rmSync(dir, { recursive: true, force: true });
});

const finished = (outputs?: OutputReport) => ({
  kind: 'finished' as const,
  remoteState: 'finished',
  ...(outputs ? { outputs } : {}),
});
const report = (incomplete: string[], count = 2): OutputReport => ({
  count,
  incomplete: incomplete.map((oid) => ({ oid, state: 'skipped' })),
  incompleteCount: incomplete.length,
});

test('required: a missing output fails the run with the list; unknown or no outputs fail too', (t) => {
  const required = { required: true, inventory_schema: 'wallaby-hires-output-inventory/v1' };
  t.is(verifyOutputs(finished(report([])), required).kind, 'finished');
  const missing = verifyOutputs(finished(report(['weights'])), required);
  t.like(missing, { kind: 'failed', failedDrops: ['weights'] });
  t.regex((missing as { reason: string }).reason, /1 of its 2 outputs did not complete: weights \(skipped\)/);
  t.regex((verifyOutputs(finished(), required) as { reason: string }).reason, /could not be checked/);
  t.regex(
    (verifyOutputs(finished(report([], 0)), required) as { reason: string }).reason,
    /without any output/,
  );
  t.deepEqual(outputInventory(required, report(['weights'])), {
    schema: 'wallaby-hires-output-inventory/v1',
    required: true,
    checked: true,
    count: 2,
    incomplete_count: 1,
    incomplete: [{ oid: 'weights', state: 'skipped' }],
  });
});

test('not required: the run completes and its inventory says what was missing', (t) => {
  const optional = { required: false };
  t.is(verifyOutputs(finished(report(['weights'])), optional).kind, 'finished');
  t.is(verifyOutputs(finished(), optional).kind, 'finished');
  t.like(outputInventory(optional, undefined), { schema: null, checked: false, count: null });
});

// Output verification (issue 14, fault 7): `output_verification` was accepted and ignored. A
// graph's outputs are its data drops that nothing consumes; the island manager's drop states say
// which were written. The batch job's helper (Python, on the cluster) applies the same rule as the
// REST backend (TypeScript, here): both are run on the same graph and drop states and must agree.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { outputDropOids, outputReport } from '../../adapters/daliuge/sessionFacts.js';
import { graphFileName, jobHelperScript } from '../../adapters/slurm/jobHelper.js';
import { outputInventory, verifyOutputs } from '../../core/domain/outputVerification.js';
import type { OutputReport } from '../../core/domain/backendStates.js';

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

test('outputs are the data drops nothing consumes; skipped and freed ones are counted, the others named with their state', (t) => {
  t.deepEqual(outputDropOids(graph), ['image', 'weights']);
  t.deepEqual(outputReport(outputDropOids(graph), states), {
    count: 2,
    incomplete: [],
    incompleteCount: 0,
    skippedCount: 1,
    freedCount: 0,
  });
  // DALiuGE reaches EXPIRED and DELETED only from COMPLETED: written, then freed.
  t.like(outputReport(['image'], { image: { status: 4 } }), { incompleteCount: 0, freedCount: 1 });
  t.like(outputReport(['image'], { image: { status: 5 } }), { incompleteCount: 0, freedCount: 1 });
  t.deepEqual(outputReport(['image'], {}).incomplete, [{ oid: 'image', state: 'not reported' }]);
  for (const [code, name] of [
    [0, 'initialized'],
    [1, 'writing'],
    [3, 'error'],
    [6, 'cancelled'],
  ] as const)
    t.deepEqual(outputReport(['image'], { image: { status: code } }).incomplete, [
      { oid: 'image', state: name },
    ]);
});

test("the batch job's helper finds the same outputs from its graph file and the monitor's dump", (t) => {
  // Every drop state an output can end in, on both sides.
  const outs = ['o0', 'o1', 'o2', 'o3', 'o4', 'o5', 'o6', 'o7', 'o8'];
  const wide = [...graph, ...outs.map((oid) => ({ oid, categoryType: 'Data', producers: ['app2'] }))];
  const wideStates = {
    ...states,
    ...Object.fromEntries(outs.slice(0, 8).map((oid, code) => [oid, { status: code }])),
  };
  const dir = mkdtempSync(join(tmpdir(), 'surveyor-helper-'));
  const logs = join(dir, 'logs');
  mkdirSync(logs);
  writeFileSync(join(dir, 'surveyor-job.py'), jobHelperScript);
  writeFileSync(join(dir, graphFileName), JSON.stringify(['test.pgt.graph', wide]));
  writeFileSync(join(logs, 'status-monitoring.json'), `${JSON.stringify({ gs: wideStates })}\n`);
  const status = join(dir, 'surveyor-status.json');
  // `finish` with DALiuGE's exit code 0; o3 is in error, so the helper records failed (exit 1).
  const run = spawnSync('python3', [join(dir, 'surveyor-job.py'), 'finish', 'sess', logs, status, '0']);
  t.is(run.status, 1, String(run.stderr));
  const doc = JSON.parse(readFileSync(status, 'utf8')) as { state: string; outputs: Record<string, unknown> };
  t.is(doc.state, 'failed');
  const r = outputReport(outputDropOids(wide), wideStates);
  t.deepEqual(doc.outputs, {
    count: r.count,
    incomplete: r.incomplete,
    incomplete_count: r.incompleteCount,
    skipped_count: r.skippedCount,
    freed_count: r.freedCount,
  });
  t.like(r, { count: 11, incompleteCount: 5, skippedCount: 2, freedCount: 2 });
  rmSync(dir, { recursive: true, force: true });
});

/**
 * The helper's `watch` against an island manager whose session has finished but which no longer
 * answers for the drops' states (DALiuGE stops its REST server as a finished session ends: found
 * on the Slurm testbed), while "DALiuGE" (a sleep) lives `aliveSeconds`; then `finish`, as the job
 * script runs it, with the monitor's dump. Returns the status file.
 */
const watchAsDaliugeStops = async (aliveSeconds: number) => {
  const dir = mkdtempSync(join(tmpdir(), 'surveyor-helper-'));
  const logs = join(dir, 'logs');
  mkdirSync(join(logs, '127.0.0.1'), { recursive: true });
  writeFileSync(join(logs, '127.0.0.1', 'nodes.txt'), '127.0.0.1\n');
  writeFileSync(join(dir, 'surveyor-job.py'), jobHelperScript);
  writeFileSync(join(dir, graphFileName), JSON.stringify(['test.pgt.graph', graph]));
  const im = createServer((req, res) => {
    if (req.url === '/api/sessions') res.end(JSON.stringify([{ sessionId: 'sess', status: { n1: 4 } }]));
    else req.socket.destroy();
  });
  im.listen(0, '127.0.0.1');
  await once(im, 'listening');
  const dlg = spawn('sleep', [String(aliveSeconds)]);
  const dlgExited = once(dlg, 'exit');
  const status = join(dir, 'surveyor-status.json');
  const helper = (mode: string, arg: string) =>
    spawn('python3', [join(dir, 'surveyor-job.py'), mode, 'sess', logs, status, arg], {
      env: { ...process.env, SURVEYOR_DIM_PORT: String((im.address() as AddressInfo).port) },
    });
  const watched = once(helper('watch', String(dlg.pid)), 'exit');
  await dlgExited;
  writeFileSync(join(logs, 'status-monitoring.json'), `${JSON.stringify({ gs: states })}\n`);
  await once(helper('finish', '0'), 'exit');
  await watched;
  im.close();
  const doc = JSON.parse(readFileSync(status, 'utf8')) as Record<string, unknown>;
  rmSync(dir, { recursive: true, force: true });
  return doc;
};

test("a finished session whose drop states the island manager no longer gives: the helper takes them from the monitor's dump", async (t) => {
  const doc = await watchAsDaliugeStops(3);
  t.like(doc, { state: 'finished', source: 'monitor dump' });
  t.like(doc['outputs'], { count: 2, incomplete_count: 0, skipped_count: 1 });
});

test('a finished session whose DALiuGE stays up without giving drop states is recorded after a few tries, outputs unknown', async (t) => {
  t.timeout(30_000);
  const doc = await watchAsDaliugeStops(9);
  t.like(doc, { state: 'finished', source: 'island manager', outputs: null });
});

const finished = (outputs?: OutputReport) => ({
  kind: 'finished' as const,
  remoteState: 'finished',
  ...(outputs ? { outputs } : {}),
});
const report = (incomplete: string[], count = 2): OutputReport => ({
  count,
  incomplete: incomplete.map((oid) => ({ oid, state: 'never written' })),
  incompleteCount: incomplete.length,
});

test('required: a missing output fails the run with the list; unknown or no outputs fail too', (t) => {
  const required = { required: true, inventory_schema: 'wallaby-hires-output-inventory/v1' };
  t.is(verifyOutputs(finished(report([])), required).kind, 'finished');
  const missing = verifyOutputs(finished(report(['weights'])), required);
  t.like(missing, { kind: 'failed', failedDrops: ['weights'] });
  t.regex(
    (missing as { reason: string }).reason,
    /1 of its 2 outputs did not complete: weights \(never written\)/,
  );
  // A branch not taken: its output skipped, the other written: the run passes.
  t.is(verifyOutputs(finished({ ...report([]), skippedCount: 1 }), required).kind, 'finished');
  // Every output skipped: nothing was produced.
  t.regex(
    (verifyOutputs(finished({ ...report([]), skippedCount: 2 }), required) as { reason: string }).reason,
    /every one of its 2 outputs was skipped/,
  );
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
    incomplete: [{ oid: 'weights', state: 'never written' }],
    skipped_count: null,
    freed_count: null,
  });
});

test('not required: the run completes and its inventory says what was missing', (t) => {
  const optional = { required: false };
  t.is(verifyOutputs(finished(report(['weights'])), optional).kind, 'finished');
  t.is(verifyOutputs(finished(), optional).kind, 'finished');
  t.like(outputInventory(optional, undefined), { schema: null, checked: false, count: null });
});

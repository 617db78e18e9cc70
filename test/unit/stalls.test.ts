// A running session that makes no progress: the rule (core/domain/stalls.ts) over the progress
// a `graph/status` answer gives (adapters/daliuge/sessionFacts.ts), on states as DALiuGE 6.6
// reports them (drops: `status`; applications: `status` and `execStatus`).
import { spawnSync } from 'node:child_process';
import test from 'ava';
import { jobHelperScript } from '../../adapters/slurm/jobHelper.js';
import { statusLine } from '../../hosts/cli/commands/client/execWatch.js';
import { progressOf } from '../../adapters/daliuge/sessionFacts.js';
import type { SessionProgress } from '../../core/domain/backendStates.js';
import {
  defaultStallLimits,
  judgeProgress,
  type RecordedProgress,
  stallLimitsOf,
  stallText,
} from '../../core/domain/stalls.js';

// A Bash application running `sleep`, its input completed, its output not written yet.
const sleeping = {
  '1_in_0': { status: 2 },
  '1_app_0': { status: 0, execStatus: 1 },
  '1_out_0': { status: 0 },
};

test('progress: running applications and drops being written, the waiting ones, a digest of every state', (t) => {
  const p = progressOf(sleeping)!;
  t.deepEqual(
    { ...p, digest: p.digest.length },
    { digest: 32, drops: 3, running: ['1_app_0'], runningCount: 1, waitingCount: 1 },
  );
  // The same states in another order: the same digest. One drop further on: another.
  const reordered = Object.fromEntries(Object.entries(sleeping).reverse());
  t.is(progressOf(reordered)!.digest, p.digest);
  t.not(progressOf({ ...sleeping, '1_out_0': { status: 1 } })!.digest, p.digest);
  t.not(progressOf({ ...sleeping, '1_app_0': { status: 0, execStatus: 2 } })!.digest, p.digest);
  const writing = progressOf({ ...sleeping, '1_out_0': { status: 1 } })!;
  t.deepEqual(writing.running, ['1_app_0', '1_out_0']);
  t.is(progressOf([1, 2]), null);
  t.is(progressOf('Internal Server Error'), null);
});

test("the Slurm job's helper compiles, and gives the same progress as the REST backend's rule", (t) => {
  // The helper's progress() on the same states, run by the python3 that Slurm jobs run it with.
  const r = spawnSync(
    'python3',
    [
      '-c',
      'import json, sys; ns = {"__name__": "helper"}; exec(compile(sys.argv[1], "surveyor-job.py", "exec"), ns); print(json.dumps(ns["progress"](json.loads(sys.argv[2]))))',
      jobHelperScript,
      JSON.stringify(sleeping),
    ],
    { encoding: 'utf8' },
  );
  t.is(r.status, 0, r.stderr);
  const rest = progressOf(sleeping)!;
  t.deepEqual(JSON.parse(r.stdout), {
    digest: rest.digest,
    drops: rest.drops,
    running: rest.running,
    running_count: rest.runningCount,
    waiting_count: rest.waitingCount,
  });
});

const seen = (digest: string, runningCount = 1): SessionProgress => ({
  digest,
  drops: 11,
  running: runningCount ? ['1_app_0'] : [],
  runningCount,
  waitingCount: 3,
});
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 26, 12, minutes));
const limits = { warnMinutes: 30, idleFailMinutes: 20, failMinutes: 0 };

test('a new digest is progress; the same one is judged by how long it has stood', (t) => {
  const first = judgeProgress(null, seen('a'), limits, at(0));
  t.is(first.kind, 'progressed');
  const kept = (first as { record: RecordedProgress }).record;
  t.is(kept.changed_at, at(0).toISOString());
  t.deepEqual(judgeProgress(kept, seen('a'), limits, at(29)), { kind: 'unchanged' });
  // Applications run: the warning at 30 minutes, once, and no failure however long it stands.
  const warned = judgeProgress(kept, seen('a'), limits, at(30));
  t.like(warned, { kind: 'warn', minutes: 30, record: { changed_at: at(0).toISOString() } });
  const after = (warned as { record: RecordedProgress }).record;
  t.deepEqual(judgeProgress(after, seen('a'), limits, at(59)), { kind: 'unchanged' });
  t.deepEqual(judgeProgress(after, seen('a'), limits, new Date(at(0).getTime() + 864e5)), {
    kind: 'unchanged',
  });
  // A drop moves on: the clock starts again, and a later stall warns again.
  const moved = judgeProgress(after, seen('b'), limits, at(50));
  t.like(moved, { kind: 'progressed', record: { digest: 'b', changed_at: at(50).toISOString() } });
  t.is((moved as { record: RecordedProgress }).record.warned_at, undefined);
});

test('nothing running: failed at idle_fail_minutes; stall_fail_minutes fails even while applications run', (t) => {
  const kept = (judgeProgress(null, seen('a', 0), limits, at(0)) as { record: RecordedProgress }).record;
  t.deepEqual(judgeProgress(kept, seen('a', 0), limits, at(19)), { kind: 'unchanged' });
  t.like(judgeProgress(kept, seen('a', 0), limits, at(20)), { kind: 'fail', minutes: 20, idle: true });
  // Running: not failed by the idle limit; failed by stall_fail_minutes when it is set.
  t.is(judgeProgress(kept, seen('a', 1), limits, at(25)).kind, 'unchanged');
  t.like(judgeProgress(kept, seen('a', 1), { ...limits, failMinutes: 25 }, at(25)), {
    kind: 'fail',
    idle: false,
  });
  // 0 turns a limit off.
  const off = { warnMinutes: 0, idleFailMinutes: 0, failMinutes: 0 };
  t.deepEqual(judgeProgress(kept, seen('a', 0), off, at(59)), { kind: 'unchanged' });
});

test('the reason names the drops running, or says that nothing runs', (t) => {
  const record = (running: string[], count: number): RecordedProgress => ({
    digest: 'a',
    changed_at: at(0).toISOString(),
    drops: 11,
    running,
    running_count: count,
    waiting_count: 3,
  });
  t.is(
    stallText(7, record(['1_app_0'], 1), (oid) => `Run command (${oid})`),
    'no progress for 7 minutes; last drops running: Run command (1_app_0)',
  );
  t.is(stallText(1, record(['x', 'y'], 9)), 'no progress for 1 minute; last drops running: x, y and 7 more');
  t.is(
    stallText(20, record([], 0)),
    'no progress for 20 minutes; last drops running: none (nothing runs or is being written; 3 of 11 drops have not run or been written)',
  );
});

test('a profile stored before the limits existed gets the defaults; a profile sets each', (t) => {
  const rest = {
    kind: 'rest_remote',
    deploy_host: 'h',
    deploy_port: 1,
    dim_port_for_tm: 1,
    use_https: false,
    verify_ssl: true,
  } as const;
  t.deepEqual(stallLimitsOf(rest), defaultStallLimits);
  t.deepEqual(
    stallLimitsOf({ ...rest, stall_warn_minutes: 5, idle_fail_minutes: 0, stall_fail_minutes: 90 }),
    {
      warnMinutes: 5,
      idleFailMinutes: 0,
      failMinutes: 90,
    },
  );
});

test('exec watch says, while the run lasts, that a stall was warned of', (t) => {
  const view = {
    id: 'e',
    state: 'running',
    phase: 'poll',
    attempt: 1,
    blocked_by: [],
    source_status: [{ source_identifier: 'HIPASSJ0001-23', ready: true }],
    run_record: { progress: { changed_at: '2026-11-26T10:00:00.000Z', running_count: 1 } },
  };
  t.is(statusLine(view as never), 'running (poll, attempt 1, 1/1 source(s) ready)');
  const warned = { ...view, run_record: { progress: { ...view.run_record.progress, warned_at: 'x' } } };
  t.is(
    statusLine(warned as never),
    'running (poll, attempt 1, 1/1 source(s) ready, no drop has changed state since 2026-11-26T10:00:00.000Z (1 running))',
  );
  t.false(statusLine({ ...warned, state: 'failed' } as never).includes('no drop'));
});

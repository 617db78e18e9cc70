// Walltimes from history: the fallback until three runs, the p95 per source fitted to run sizes, a run
// that hit its limit doubling the next, the ceiling, and auto's settings.
import test from 'ava';
import {
  estimateWalltime,
  walltimeMinutes,
  walltimeProblems,
  type WalltimeSample,
  withWalltime,
} from '../../core/domain/walltime.js';
import type { BatchRemoteDeployment, DeploymentProfile } from '../../core/domain/profile.js';
import { shapeOf } from '../../core/domain/budget.js';
import { runDeadline } from '../../core/domain/runDeadline.js';
import { dimProfile } from '../support/fixtures.js';

const settings = { fallbackMinutes: 30, maxMinutes: 600 };
const done = (runSeconds: number, sources = 1): WalltimeSample => ({
  runSeconds,
  sources,
  timedOut: false,
  limitMinutes: 60,
});
const timeout = (limitMinutes: number | null, sources = 1): WalltimeSample => ({
  runSeconds: (limitMinutes ?? 1) * 60,
  sources,
  timedOut: true,
  limitMinutes,
});

test('fewer than three completed runs: the fallback, saying how many there were', (t) => {
  t.deepEqual(estimateWalltime([done(600), done(700)], 1, settings), {
    minutes: 30,
    from: 'fallback',
    basis: 'job_duration_fallback_minutes: 2 completed runs, 3 needed',
  });
  t.is(estimateWalltime([], 4, settings).minutes, 30);
});

test('p95 of the time per source, times the sources, times 1.5, plus 5 minutes', (t) => {
  // 20 runs of 2 sources, 100..2000 s: per source 50..1000 s; the p95 (19th of 20) is 950 s.
  const runs = Array.from({ length: 20 }, (_, i) => done((i + 1) * 100, 2));
  const w = estimateWalltime(runs, 3, settings);
  t.is(w.minutes, Math.ceil((950 * 3 * 1.5) / 60 + 5));
  t.is(w.from, 'history');
  t.is(w.basis, 'p95 of 20 completed runs: 950 s a source × 3 sources × 1.5 + 5 min');
  // One source: its share only.
  t.is(estimateWalltime(runs, 1, settings).minutes, Math.ceil((950 * 1.5) / 60 + 5));
  // Failed runs that did not time out are not in the history the port gives; runs without sources count nothing.
  t.is(estimateWalltime([...runs, done(99_999, 0)], 1, settings).minutes, Math.ceil((950 * 1.5) / 60 + 5));
});

test('runs of different sizes: a fixed part and a part per source, fitted, so a run is given one start', (t) => {
  // A cluster starts in 100 s whatever the sources; each source works 2 s more. Runs of 1, 10 and
  // 30 sources, a little above and below the line.
  const runs = [done(103, 1), done(101, 1), done(121, 10), done(119, 10), done(161, 30), done(159, 30)];
  const w = estimateWalltime(runs, 250, settings);
  // 100 s + 2 s × 250 + 1 s above the fit (the p95), × 1.5, + 5 min: 21 minutes, where the time per
  // source alone (103 s a source, from the runs of one) would give 649.
  t.is(w.minutes, Math.ceil(((100 + 2 * 250 + 1) * 1.5) / 60 + 5));
  t.is(w.from, 'history');
  t.is(
    w.basis,
    '6 completed runs of 1 to 30 sources: 100 s + 2.0 s a source × 250 sources + 1 s (p95 above that) × 1.5 + 5 min',
  );
  // A run of one source is given the start and its own share.
  t.is(estimateWalltime(runs, 1, settings).minutes, Math.ceil(((100 + 2 + 1) * 1.5) / 60 + 5));
  // Noise that makes bigger runs look faster is no negative time per source.
  const odd = [done(200, 1), done(190, 5), done(180, 10)];
  t.is(estimateWalltime(odd, 100, settings).minutes, Math.ceil(((190 + 10) * 1.5) / 60 + 5));
});

test('a run that reached its limit gives the next run of its size at least twice that limit', (t) => {
  const low = { fallbackMinutes: 1, maxMinutes: 600 };
  t.like(estimateWalltime([timeout(1)], 1, low), {
    minutes: 2,
    from: 'history',
    basis: 'twice the 1 min a run of 1 source reached (TIMEOUT), for 1 source',
  });
  // Scaled by sources: 10 sources reached 20 minutes, so 5 get 20.
  t.is(estimateWalltime([timeout(20, 10)], 5, low).minutes, 20);
  // It learns until runs fit: each limit reached doubles the next.
  t.is(estimateWalltime([timeout(4), timeout(2), timeout(1)], 1, low).minutes, 8);
  // A history that says more wins over the floor.
  const runs = [done(3000), done(3000), done(3000)];
  t.is(estimateWalltime([...runs, timeout(1)], 1, low).minutes, Math.ceil(75 + 5));
  // A limit not recorded (a run from before walltimes were kept) sets no floor.
  t.is(estimateWalltime([timeout(null)], 1, low).minutes, 1);
  // "At least": a fallback longer than the floor stays.
  t.is(estimateWalltime([timeout(1)], 1, settings).minutes, 30);
});

test('an estimate never passes job_duration_max_minutes, and says it was capped', (t) => {
  const w = estimateWalltime([timeout(400)], 1, settings);
  t.is(w.minutes, 600);
  t.regex(w.basis, /\(800 min\), capped at job_duration_max_minutes$/);
});

const batch = (over: Partial<BatchRemoteDeployment>): DeploymentProfile => ({
  ...dimProfile('p', 'proj', new Date(0)),
  deployment: {
    kind: 'batch_remote',
    login_node: 'login',
    ssh_port: 22,
    account: 'a',
    home_dir: '/h',
    log_dir: '/h/l',
    dlg_root: '/h/d',
    exec_prefix: 'srun -l',
    facility: 'setonix',
    job_duration_minutes: 'auto',
    num_nodes: 2,
    num_islands: 1,
    verbose_level: 1,
    max_threads: 0,
    all_nics: false,
    zerorun: false,
    sleepncopy: false,
    check_with_session: false,
    ...over,
  } as BatchRemoteDeployment,
});

test("a run's minutes: fixed, its attempt's estimate, or before it has one the fallback", (t) => {
  const run = (p: DeploymentProfile, attempt: number, walltime?: unknown) => ({
    attempt,
    runRecord: walltime ? { walltime } : {},
    profileSnapshot: p,
  });
  t.is(walltimeMinutes(run(batch({ job_duration_minutes: 45 }), 1)), 45);
  const auto = batch({ job_duration_fallback_minutes: 12 });
  t.is(walltimeMinutes(run(auto, 1)), 12);
  t.is(walltimeMinutes(run(auto, 2, { attempt: 2, minutes: 77, basis: 'b' })), 77);
  // An earlier attempt's estimate is not this one's.
  t.is(walltimeMinutes(run(auto, 3, { attempt: 2, minutes: 77, basis: 'b' })), 12);
  t.is(walltimeMinutes(run(dimProfile('d', 'proj', new Date(0)), 1)), null);
  const handed = withWalltime(auto, 77).deployment as BatchRemoteDeployment;
  t.is(handed.job_duration_minutes, 77);
});

test("the deadline and the budget count the attempt's estimate", (t) => {
  const p = batch({ job_duration_fallback_minutes: 12 });
  const started = new Date('2026-11-28T10:00:00Z');
  const e = {
    attempt: 1,
    runRecord: {
      walltime: { attempt: 1, minutes: 77, basis: 'b' },
      remote_started_at: started.toISOString(),
    },
    profileSnapshot: p,
    submittedAt: started,
    updatedAt: started,
  } as never;
  const d = runDeadline(
    e,
    { poll_interval_seconds: 5, poll_max_rounds: 10 } as never,
    {
      kind: 'in_progress',
    } as never,
  );
  t.regex(d.why, /the estimated wall time \(77\) plus a margin of 10 min/);
  // Admission comes before the estimate: a budget counts the fallback.
  t.like(shapeOf(p), { kind: 'batch_remote', nodes: 2, minutes: 12 });
});

test('fallback and ceiling apply only to auto, and the fallback stays within the ceiling', (t) => {
  const d = (over: Partial<BatchRemoteDeployment>) => batch(over).deployment as BatchRemoteDeployment;
  t.deepEqual(walltimeProblems(d({})), []);
  t.deepEqual(walltimeProblems(d({ job_duration_minutes: 30, job_duration_max_minutes: 60 })), [
    { path: 'deployment.job_duration_max_minutes', message: 'applies only with job_duration_minutes: auto' },
  ]);
  t.deepEqual(walltimeProblems(d({ job_duration_fallback_minutes: 90, job_duration_max_minutes: 60 })), [
    {
      path: 'deployment.job_duration_fallback_minutes',
      message: 'is more than job_duration_max_minutes (60)',
    },
  ]);
});

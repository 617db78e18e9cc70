// When a run in flight is over: from submission on an island manager; from the job's start on a
// batch cluster (waiting in its queue is no fault, unless a project caps it); and still kept when
// the backend does not answer.
import test from 'ava';
import type { Execution } from '../../core/domain/executionRecord.js';
import { runDeadline } from '../../core/domain/runDeadline.js';

const t0 = new Date('2026-11-23T10:00:00Z');
const min = (n: number) => new Date(t0.getTime() + n * 60_000);
const policy = { poll_interval_seconds: 60, poll_max_rounds: 40 };

const execution = (kind: 'rest_remote' | 'batch_remote', runRecord: Record<string, unknown> = {}) =>
  ({
    submittedAt: t0,
    updatedAt: t0,
    runRecord,
    profileSnapshot: {
      deployment:
        kind === 'rest_remote'
          ? { kind }
          : { kind, job_duration_minutes: 120, login_node: 'setonix', account: 'pawsey0411' },
    },
  }) as unknown as Execution;

test('an island manager run has poll_max_rounds × poll_interval_seconds from submission, answered or not', (t) => {
  for (const answer of [
    { kind: 'answered' },
    { kind: 'unknown' },
    { kind: 'no_answer', lastAnsweredAt: null },
  ] as const) {
    const d = runDeadline(execution('rest_remote'), policy, answer);
    t.deepEqual(d.at, min(40), answer.kind);
    t.regex(d.why, /poll_max_rounds \(40\) × poll_interval_seconds \(60\)/);
  }
});

test('a batch job waiting in the queue has no deadline while the scheduler answers', (t) => {
  const d = runDeadline(execution('batch_remote'), policy, { kind: 'answered' });
  t.true(d.at > new Date('9999-01-01'), 'hours in the queue are no fault');
});

test("a started batch job has its wall time plus a margin from its start, whatever the poll's answer", (t) => {
  const e = execution('batch_remote', { remote_started_at: min(180).toISOString() });
  for (const answer of [{ kind: 'answered' }, { kind: 'no_answer', lastAnsweredAt: min(200) }] as const) {
    const d = runDeadline(e, policy, answer);
    // 180 min in the queue + 120 min wall time + 10 min margin.
    t.deepEqual(d.at, min(310), answer.kind);
    t.regex(d.why, /job_duration_minutes \(120\) plus a margin of 10 min/);
  }
  // A long poll interval widens the margin to three intervals.
  t.deepEqual(runDeadline(e, { ...policy, poll_interval_seconds: 600 }, { kind: 'answered' }).at, min(330));
});

test('max_queue_wait_minutes caps the wait in the queue when a project sets it', (t) => {
  const d = runDeadline(
    execution('batch_remote'),
    { ...policy, max_queue_wait_minutes: 90 },
    { kind: 'answered' },
  );
  t.deepEqual(d.at, min(90));
  t.regex(d.why, /waited in the batch queue longer than max_queue_wait_minutes \(90\)/);
});

test('without an answer, a job not seen starting gets its wall time from the last round that saw it waiting', (t) => {
  const e = execution('batch_remote');
  const never = runDeadline(e, policy, { kind: 'no_answer', lastAnsweredAt: null });
  t.deepEqual(never.at, min(130));
  t.regex(never.why, /has not answered since 2026-11-23T10:00:00.000Z/);
  t.deepEqual(runDeadline(e, policy, { kind: 'no_answer', lastAnsweredAt: min(300) }).at, min(430));
  // An answer from before the submission says nothing about this job.
  t.deepEqual(runDeadline(e, policy, { kind: 'no_answer', lastAnsweredAt: min(-60) }).at, min(130));
  // The cap still applies, whichever comes first.
  t.deepEqual(
    runDeadline(e, { ...policy, max_queue_wait_minutes: 60 }, { kind: 'no_answer', lastAnsweredAt: null }).at,
    min(60),
  );
  // A job the scheduler no longer lists at all: wall time from its submission.
  t.deepEqual(runDeadline(e, policy, { kind: 'unknown' }).at, min(130));
});

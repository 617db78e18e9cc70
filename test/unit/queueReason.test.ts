// Why a run waits in a batch queue, in words: its turn, a limit that frees, a request that will not
// start; said only while it waits.
import test from 'ava';
import { explainQueueReason, queueBlocker, queueReasonWord } from '../../core/domain/queueReason.js';

test("Slurm's reason is kept as one word: the rest of the cluster's text is not", (t) => {
  t.is(queueReasonWord('Resources'), 'Resources');
  t.is(queueReasonWord(' ReqNodeNotAvail, UnavailableNodes:nid[001-004]'), 'ReqNodeNotAvail');
  t.is(queueReasonWord('None'), null);
  t.is(queueReasonWord(''), null);
  t.is(queueReasonWord(undefined), null);
  t.is(queueReasonWord('$(reboot)'), null);
  t.is(queueReasonWord(`A${'b'.repeat(100)}`)?.length, 64);
});

test('each kind of wait in words: a turn in the queue, a limit that frees, a request that will not start', (t) => {
  t.deepEqual(explainQueueReason('Resources'), { text: 'waiting for nodes to become free', stuck: false });
  t.false(explainQueueReason('QOSMaxJobsPerUserLimit').stuck);
  t.regex(explainQueueReason('QOSMaxJobsPerUserLimit').text, /as many jobs as its limits allow/);
  t.false(explainQueueReason('AssocGrpJobsLimit').stuck);
  // An allocation of minutes used up (GrpTRESMins) waits for the site; running minutes free as jobs run.
  t.true(explainQueueReason('AssocGrpCPUMinutesLimit').stuck);
  t.regex(explainQueueReason('AssocGrpCPUMinutesLimit').text, /GrpTRESMins\) is used up/);
  t.true(explainQueueReason('AssocGrpBillingMinutes').stuck);
  t.false(explainQueueReason('AssocGrpCPURunMinutesLimit').stuck);
  t.true(explainQueueReason('PartitionTimeLimit').stuck);
  t.regex(explainQueueReason('PartitionTimeLimit').text, /MaxTime: it will not start/);
  t.true(explainQueueReason('QOSMaxWallDurationPerJobLimit').stuck);
  t.true(explainQueueReason('AssocMaxCpuPerJobLimit').stuck);
  t.regex(explainQueueReason('SomethingNew').text, /job_reason_codes/);
});

test('the status names the reason only while the run waits in the queue', (t) => {
  const e = (state: string, queue_reason?: string) => ({
    state,
    schedulerJobId: 'slurm:1',
    runRecord: queue_reason ? { queue_reason } : {},
  });
  t.is(
    queueBlocker(e('running', 'Priority')),
    'the batch queue keeps the job pending: Priority (jobs of higher priority are ahead of it)',
  );
  t.is(queueBlocker(e('running')), null);
  t.is(queueBlocker(e('failed', 'Priority')), null);
});

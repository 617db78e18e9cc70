/**
 * Why a batch job waits in the cluster's queue, in a user's words. Slurm gives a pending job one
 * reason word (squeue's %r, the first the scheduler met: https://slurm.schedmd.com/job_reason_codes.html);
 * it is kept in the run record (`queue_reason`) while the job waits and shown in the status, so a
 * job held by the site's rules (an allocation used up, a wall time past the partition's) is told
 * apart from one that only waits its turn.
 */

/** Slurm's reason word, as the run record keeps it: cluster data, so only a word is taken. */
export const queueReasonWord = (reason: string | undefined): string | null => {
  const m = /^[A-Za-z][A-Za-z0-9_]{0,63}/.exec(reason?.trim() ?? '');
  return m && m[0] !== 'None' ? m[0] : null;
};

export interface QueueReason {
  /** What it means for the run. */
  readonly text: string;
  /** It will not start as it is: something must change (the request, the allocation, a hold). */
  readonly stuck: boolean;
}

const turn = (text: string): QueueReason => ({ text, stuck: false });
const stuck = (text: string): QueueReason => ({ text, stuck: true });

/** Exact words first, then families by their prefix and suffix (first match). */
const exact: Readonly<Record<string, QueueReason>> = {
  Resources: turn('waiting for nodes to become free'),
  Priority: turn('jobs of higher priority are ahead of it'),
  Dependency: turn('waiting for a job it depends on'),
  BeginTime: turn('its start time has not come yet'),
  ReqNodeNotAvail: turn('a node it needs is down, drained or reserved'),
  Reservation: turn('waiting for its reservation'),
  JobHeldUser: stuck('held by its user (scontrol hold): it starts once released'),
  JobHeldAdmin: stuck('held by an administrator: it starts once released'),
  PartitionTimeLimit: stuck(
    "its wall time is longer than the partition's MaxTime: it will not start; lower job_duration_minutes (with auto, job_duration_max_minutes)",
  ),
  PartitionNodeLimit: stuck(
    'it asks more nodes than the partition allows: it will not start; lower num_nodes',
  ),
  // Seen on the testbed before PartitionTimeLimit, for the same job, in the first scheduling pass.
  PartitionConfig: turn('the partition cannot take the job as it asks, for now'),
  PartitionDown: turn('its partition is down'),
  PartitionInactive: turn('its partition is inactive'),
  InvalidAccount: stuck(
    "the account is not valid on this cluster: it will not start; check the profile's account",
  ),
  InvalidQOS: stuck("the QOS is not valid for this account: it will not start; check the profile's qos"),
  BadConstraints: stuck(
    "no node has the features it asks for: it will not start; check the profile's constraint",
  ),
  AccountingPolicy: turn("the site's accounting policy holds it"),
};

const families: readonly [RegExp, QueueReason][] = [
  // GrpTRESRunMins and kin: the minutes of running jobs, freed as they run.
  [
    /^(Assoc|QOS)Grp\w*RunMinutes/,
    turn("the minutes its account's running jobs still hold are at their limit"),
  ],
  // GrpTRESMins and kin (AssocGrpCPUMinutesLimit, …): an allocation of minutes, used up.
  [
    /^(Assoc|QOS)Grp\w*Minutes/,
    stuck(
      "the account's allocation of minutes (GrpTRESMins) is used up: it starts when the site renews or raises it",
    ),
  ],
  [/^(Assoc|QOS)Grp\w*Jobs/, turn("the account's jobs together are at their limit: it starts when one ends")],
  [/^(Assoc|QOS)Grp/, turn("the account's jobs together use all the resources its limits allow")],
  [
    /^(Assoc|QOS)Max\w*WallDuration/,
    stuck('its wall time is longer than its limits allow: it will not start; lower job_duration_minutes'),
  ],
  [
    /^(Assoc|QOS)Max\w*Jobs/,
    turn('the account runs as many jobs as its limits allow: it starts when one ends'),
  ],
  [
    /^(Assoc|QOS)Max\w*PerJob/,
    stuck('it asks more for one job than its limits allow: it will not start as it is'),
  ],
  [/^(Assoc|QOS)Max|^Max\w*PerAccount/, turn('the limits of its account or QOS hold it')],
];

/** What a reason word means for the run; a word this list does not know is Slurm's own. */
export const explainQueueReason = (word: string): QueueReason =>
  exact[word] ??
  families.find(([re]) => re.test(word))?.[1] ??
  turn('see https://slurm.schedmd.com/job_reason_codes.html');

/** The status line of a run whose job waits in the queue, or null when it does not. */
export const queueBlocker = (e: {
  readonly state: string;
  readonly schedulerJobId: string | null;
  readonly runRecord: Record<string, unknown>;
}): string | null => {
  const word = e.runRecord['queue_reason'];
  if (e.state !== 'running' || typeof word !== 'string') return null;
  const r = explainQueueReason(word);
  return `the batch queue keeps the job pending: ${word} (${r.text})`;
};

/**
 * What a lookup by name (findScript) answered: each name's job ids, lowest first. Pure. A lookup
 * that could not tell throws SshUnavailable: "unknown" is never read as "absent".
 */
import { accountingDisabled } from './jobUsage.js';
import type { PollAnswer } from './slurmPoll.js';
import { SshUnavailable } from './sshPool.js';

export const jobIdsByName = (
  answer: PollAnswer,
  names: readonly string[],
  where: string,
): Map<string, string[]> => {
  // Either command failing leaves the answer unknown, never "absent": an overloaded controller
  // (exactly when sbatch timed out) may have taken the job that sacct does not list yet. A site
  // without accounting at all is the exception: there squeue (which keeps ended jobs for
  // MinJobAge) is all the truth there is.
  const sacctError =
    answer.sacctError && !accountingDisabled.test(answer.sacctError) ? answer.sacctError : null;
  if (answer.squeueError || sacctError || !answer.sacctRan)
    throw new SshUnavailable(
      `looking up ${names.length === 1 ? `job ${names[0]}` : `${names.length} jobs by name`} on ${where} failed, so whether ${names.length === 1 ? 'it exists' : 'they exist'} is unknown: ${[
        answer.squeueError ? `squeue: ${answer.squeueError}` : '',
        sacctError ? `sacct: ${sacctError}` : '',
        answer.sacctRan ? '' : 'the answer ended before sacct',
      ]
        .filter(Boolean)
        .join('; ')}`,
    );
  const asked = new Set(names);
  const ids = new Map<string, string[]>();
  for (const j of answer.jobs.values()) {
    // squeue lists only the names asked for; of one name, any line is that name's job.
    const name = j.from === 'squeue' && names.length === 1 ? names[0]! : j.name;
    if (name !== undefined && asked.has(name)) ids.set(name, [...(ids.get(name) ?? []), j.jobId]);
    else if (j.from === 'squeue')
      // A name squeue printed otherwise than it was given (cut short?): whose job it is, unknown.
      throw new SshUnavailable(
        `looking up ${names.length} jobs by name on ${where}: squeue listed job ${j.jobId} under a name not asked for (${j.name ?? 'none'}), so whose it is is unknown`,
      );
  }
  for (const all of ids.values()) all.sort((a, b) => Number(a) - Number(b));
  return ids;
};

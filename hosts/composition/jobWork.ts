import * as E from 'fp-ts/lib/Either.js';
import { type ClaimedJob, PermanentJobError } from '../../core/domain/job.js';
import type { JobHandler, JobWork } from '../../core/ports/JobHandler.js';
import { toIssues } from '../../schema/decode.js';

/**
 * A claimed job's work, from its kind's handler and decoded payload; a PermanentJobError when there
 * is no handler or the payload does not decode, since neither gets better on a retry. The worker's
 * consumer and the harness's job runner both run jobs through it.
 */
export const jobWork = (byKind: ReadonlyMap<string, JobHandler>, job: ClaimedJob): JobWork => {
  const handler = byKind.get(job.kind);
  if (!handler) throw new PermanentJobError(`no handler for job kind ${job.kind}`);
  const work = handler.prepare(job.payload);
  if (E.isLeft(work))
    throw new PermanentJobError(
      `bad payload: ${toIssues(work.left)
        .map((i) => `${i.path}: ${i.message}`)
        .join('; ')}`,
    );
  return work.right;
};

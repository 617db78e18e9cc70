// An execution run as a worker would: to submitted, or to its end.
import type { ExecutionRepository } from '../../core/ports/ExecutionRepository.js';
import type { JobQueue } from '../../core/ports/JobQueue.js';
import { runJob } from '../../core/usecases/run/runJob.js';
import { runExecution } from '../../core/usecases/run/runExecution.js';
import { runDeps, TYPES } from '../../hosts/composition/composition.js';
import type { TestApi } from './api.js';
import { pollRound } from './pollRound.js';
import type { prepareProject } from './project.js';
import { runContext } from './runContext.js';

/**
 * Runs an attempt of an execution that is queued as a worker would (its run job, then poll rounds
 * on the process's own backends) until it is submitted, or until it ends (or `stop` says so).
 */
export const runAttempt = async (
  api: TestApi,
  id: string,
  attempt: number,
  until: 'submitted' | 'ended',
  stop: (state: string) => boolean = () => false,
) => {
  const queue = api.container.get<JobQueue>(TYPES.Queue);
  const [run] = await queue.claim('w', [runJob.name], 1, 60, new Date());
  if (!run) throw new Error(`no run job of execution ${id} is queued`);
  await runExecution(runDeps(api.container), { execution_id: id, attempt }, runContext(queue, run.lease));
  await queue.complete(run.lease, new Date());
  if (until === 'ended') await pollUntilEnded(api, id, stop);
};

/** Poll rounds on the process's own backends until the execution ends (or `stop` says so). */
export const pollUntilEnded = async (
  api: TestApi,
  id: string,
  stop: (state: string) => boolean = () => false,
) => {
  const executions = api.container.get<ExecutionRepository>(TYPES.Executions);
  const ended = ['completed', 'failed', 'cancelled'];
  for (let i = 0; ; i++) {
    const state = (await executions.get(id))!.state;
    if (ended.includes(state) || stop(state)) return state;
    if (i > 200) throw new Error(`execution ${id} did not end`);
    await new Promise((r) => setTimeout(r, 50));
    await pollRound(api, runDeps(api.container).backends);
  }
};

/**
 * Runs an execution of one source as a worker would (without staging unless `stage`): its first
 * attempt, until it is submitted or until it ends; returns its id.
 */
export const runThrough = async (
  api: TestApi,
  p: Awaited<ReturnType<typeof prepareProject>>,
  identifier: string,
  until: 'submitted' | 'ended',
  opts: { readonly stage?: boolean } = {},
) => {
  const id = await p.execute(identifier, { do_stage: opts.stage ?? false });
  await runAttempt(api, id, 1, until);
  return id;
};

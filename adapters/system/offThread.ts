import { Piscina } from 'piscina';
import { Overloaded } from '../../core/errors.js';
import type { OffThreadTasks } from './offThreadTasks.js';

/**
 * CPU-heavy work a request asks for (reading a configuration's YAML, a diff of two versions) runs
 * here, in worker threads, not on the thread that answers requests: under `surveyor start` one
 * event loop serves the API, the worker and the scheduler, and a second of parsing there is a
 * second in which `/health` and every other request wait. piscina keeps the threads (started when
 * first needed, stopped when idle for a minute, at a lower priority than the event loop), queues
 * what comes while both are busy, and stops a thread whose task passes its time (its AbortSignal).
 */
const threads = 2;
const maxQueue = 32;

let pool: Piscina | null = null;
const poolOf = (): Piscina =>
  (pool ??= new Piscina({
    filename: new URL('./offThreadTasks.js', import.meta.url).href,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 60_000,
    maxQueue,
    // The event loop that answers requests comes first on a machine with few cores.
    niceIncrement: 10,
    resourceLimits: { maxOldGenerationSizeMb: 512 },
  }));

/** The task did not end within its time; its thread was stopped. */
export class OffThreadTimeout extends Error {
  constructor(task: string, ms: number) {
    super(`${task} took more than ${ms / 1000} s`);
    this.name = 'OffThreadTimeout';
  }
}

/**
 * Runs `task` of offThreadTasks.ts on `input` in a worker thread, within `timeoutMs` (waiting for
 * a thread included). Throws OffThreadTimeout past it, and Overloaded (503) when more tasks wait
 * than the queue holds.
 */
export const offThread = async <K extends keyof OffThreadTasks>(
  task: K,
  input: Parameters<OffThreadTasks[K]>[0],
  timeoutMs: number,
): Promise<ReturnType<OffThreadTasks[K]>> => {
  const p = poolOf();
  if (p.queueSize >= maxQueue) throw new Overloaded(`the threads that read configurations and compute diffs`);
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    return (await p.run(input, { name: task, signal })) as ReturnType<OffThreadTasks[K]>;
  } catch (err) {
    if (signal.aborted) throw new OffThreadTimeout(task, timeoutMs);
    throw err;
  }
};

/** Stops the threads (at shutdown; a later task starts them again). */
export const closeOffThread = async (): Promise<void> => {
  const p = pool;
  pool = null;
  await p?.close({ force: true });
};

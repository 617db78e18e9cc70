import type { UwsJob, UwsJobRunner } from './uws.js';

/** UWS phases after which a job will never complete. */
export const endedPhases = ['GONE', 'ERROR', 'ABORTED', 'ARCHIVED'];

/** A shared job's one wait (its end, or null when it ended unfinished), and datasets still to take their files (null: unknown). */
interface SharedJob {
  readonly done: Promise<UwsJob | null>;
  left: number | null;
}

/** Waits kept at most: a run that failed part way leaves its entry behind; past this the oldest go. */
const maxShared = 1000;

/**
 * The archive jobs that hold many datasets of a run (casdaStager.ts `prepare`), in one process: one
 * wait per job for all its datasets, which also starts a job recorded but never started, and a
 * count of the datasets still to take their files, so the last one deletes the job.
 */
export class SharedJobs {
  private readonly jobs = new Map<string, SharedJob>();

  /** A job just made for `datasets` datasets: its wait begins now, and settles when the job ends. */
  made(runner: UwsJobRunner, url: string, datasets: number, signal?: AbortSignal): Promise<unknown> {
    return this.remember(url, { done: settle(runner, url, signal), left: datasets }).done;
  }

  /** The job's end (null when it ended unfinished); a job this process did not make is read again. */
  async wait(runner: UwsJobRunner, url: string, signal?: AbortSignal): Promise<UwsJob | null> {
    const entry = this.jobs.get(url) ?? this.remember(url, { done: settle(runner, url, signal), left: null });
    return entry.done.catch((err: unknown) => {
      this.jobs.delete(url);
      throw err;
    });
  }

  /** A dataset took its files from the job: the last one removes the job from the archive. */
  async leave(runner: UwsJobRunner, url: string): Promise<void> {
    const entry = this.jobs.get(url);
    if (!entry) return;
    if (entry.left === null) {
      // Resumed after a crash, with no count of its datasets: the archive expires the job.
      this.jobs.delete(url);
      return;
    }
    entry.left--;
    if (entry.left > 0) return;
    this.jobs.delete(url);
    await runner.delete(url);
  }

  private remember(url: string, entry: SharedJob): SharedJob {
    // Awaited by the datasets' stage(); a run that stops before them must not leave it unheard.
    entry.done.catch(() => {});
    this.jobs.set(url, entry);
    for (const old of this.jobs.keys()) {
      if (this.jobs.size <= maxShared) break;
      this.jobs.delete(old);
    }
    return entry;
  }
}

/** Starts a job if it waits, and waits for it to end: the job, or null when it ended unfinished. */
const settle = async (runner: UwsJobRunner, url: string, signal?: AbortSignal): Promise<UwsJob | null> => {
  const j = await runner.read(url, signal);
  if (endedPhases.includes(j.phase)) return null;
  if (j.phase === 'PENDING') await runner.start(url, signal);
  try {
    return await runner.await(url, signal);
  } catch (err) {
    // Ended otherwise (a bad ID fails the whole job): each dataset then asks for its own.
    if (endedPhases.includes((await runner.read(url, signal)).phase)) return null;
    throw err;
  }
};

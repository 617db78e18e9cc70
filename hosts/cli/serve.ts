import { closeDb } from '../composition/database.js';
import { migrate } from '../composition/migrations.js';
import type { UserRepository } from '../../core/ports/UserRepository.js';
import { createApiServer, listen } from '../api/server.js';
import { type BackendSet, mockParts } from '../composition/backends.js';
import { TYPES } from '../composition/composition.js';
import { closeServer, startMetricsServer } from '../composition/metricsServer.js';
import { openRuntime } from '../composition/runtime.js';
import { atShutdown, configureShutdown } from '../composition/shutdown.js';
import { startTraces } from '../composition/traces.js';
import { startWorker, type WorkerHandle } from '../worker/worker.js';
import { drainedMessage, groupMetrics, groupRole, type ServeRole } from '../composition/processGroup.js';

export type { ServeRole };

/**
 * Runs the given roles in this process until SIGINT/SIGTERM: the API, the worker, or both
 * (`surveyor start`). Prints where it listens on standard error for people; logs go to stdout.
 */
export const serve = async (
  roles: readonly ServeRole[],
  opts: { migrate?: boolean; say: (s: string) => void },
) => {
  const roleName = roles.length > 1 ? 'all' : roles[0]!;
  const rt = await openRuntime(roleName, { checkSchema: !opts.migrate });
  const { config, logger } = rt;
  configureShutdown(logger, config.SERVICE_SHUTDOWN_GRACE_SECONDS);
  // First registered, last to run at shutdown: the spans of everything that stops before it are sent.
  const traces = startTraces(config, roleName);
  if (traces) {
    atShutdown('traces', traces.shutdown);
    opts.say(`traces: sent to ${config.SERVICE_OTLP_TRACES_URL}`);
  }
  // One of a group: /metrics answers with the group's sum, which its first process makes.
  if (groupRole()) rt.metrics.joinGroup(groupMetrics);
  atShutdown('database pool', () => closeDb(rt.db));
  if (opts.migrate) {
    const applied = await migrate(rt.db);
    if (applied.length > 0) logger.info({ applied: applied.map((m) => m.name) }, 'migrations applied');
  }
  if (config.SERVICE_METRICS_PORT >= 0) {
    const m = await startMetricsServer(rt.metrics, config.SERVICE_HOST, config.SERVICE_METRICS_PORT);
    atShutdown('metrics listener', () => closeServer(m.server));
    opts.say(`metrics: ${m.url}`);
  }
  if (roles.includes('worker')) {
    const grace = config.SERVICE_SHUTDOWN_GRACE_SECONDS * 1000 * 0.8;
    const worker: WorkerHandle = await startWorker(rt.container, {
      // Drained: a worker process stops as at SIGTERM (and tells its group not to replace it); a
      // process that also serves the API stops its worker part and keeps serving.
      onDrain: (w) => {
        if (roles.includes('api')) {
          void w.stop(grace);
          return;
        }
        process.send?.({ type: drainedMessage });
        process.kill(process.pid, 'SIGTERM');
      },
    });
    atShutdown('worker', () => worker.stop(grace));
  }
  if (roles.includes('api')) {
    const server = createApiServer(rt.container);
    const url = await listen(server, config.SERVICE_PORT, config.SERVICE_HOST);
    atShutdown('api listener', () => closeServer(server));
    opts.say(`surveyor ${roleName} listening on ${url}/api/v2 (health: ${url}/api/v2/health)`);
    opts.say(`web console: ${url}/`);
    const admins = await rt.container.get<UserRepository>(TYPES.Users).countAdmins();
    if (admins === 0)
      opts.say(
        'No admin user exists yet. Create the first one (it asks for the password):\n' +
          `  scripts/surveyor user create --username admin --email you@example.org --role admin\n` +
          (rt.database.embedded
            ? `  (same SERVICE_DATA_DIR=${config.SERVICE_DATA_DIR} as this process)\n`
            : ''),
      );
  }
  const parts = rt.container.get<BackendSet>(TYPES.BackendSet);
  const mock = mockParts(parts);
  if (mock !== 'none') {
    logger.warn({ mock_parts: mock }, 'development: these parts are mock, not real');
    opts.say(`mock parts (development): ${mock}`);
  }
  logger.info({ roles, embedded_database: rt.database.embedded, parts: parts.parts }, 'started');
};

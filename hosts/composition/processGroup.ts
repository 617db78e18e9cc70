import cluster, { type Worker } from 'node:cluster';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import client from 'prom-client';
import { createLogger, type Logger } from '../../adapters/log/logger.js';
import { SecretRegistry } from '../../core/redaction.js';
import type { Config } from '../../schema/environment.js';
import { resolveDatabase } from './database.js';
import { resolveJwtSecret } from './jwtSecret.js';
import { loadConfig } from './loadConfig.js';
import { closeServer } from './metricsServer.js';
import { registerSecrets } from './secrets.js';
import { atShutdown, configureShutdown, isStopping } from './shutdown.js';

/** The roles a serving process runs. */
export type ServeRole = 'api' | 'worker';

/** What a process of a group tells the first process before it exits drained (not to be replaced). */
export const drainedMessage = 'surveyor-drained';

// A group of serving processes on one machine (SERVICE_API_PROCESSES, SERVICE_WORKER_PROCESSES):
// a first process starts them with node:cluster, which hands the API's listening socket to each,
// restarts one that dies, sums their metrics, and stops them at SIGTERM. The children are the
// ordinary `surveyor api` or `surveyor worker`, told their role by the environment.

/** The environment variable that tells a child its role. */
const roleVariable = 'SURVEYOR_GROUP_ROLE';
const metricsAsk = 'surveyor:group-metrics';

/** How many processes of each role the settings ask for (`auto`: one per core). */
export const groupSizes = (config: Config, roles: readonly ServeRole[]): Record<ServeRole, number> => {
  const n = (v: number | 'auto') => (v === 'auto' ? availableParallelism() : v);
  return {
    api: roles.includes('api') ? n(config.SERVICE_API_PROCESSES) : 0,
    worker: roles.includes('worker') ? n(config.SERVICE_WORKER_PROCESSES) : 0,
  };
};

/** In a child of a group: its role. Null in a process that is no group's child. */
export const groupRole = (): ServeRole | null =>
  cluster.isWorker ? ((process.env[roleVariable] as ServeRole | undefined) ?? null) : null;

/** In a child: the group's metrics, summed by the first process (rejects when it does not answer). */
export const groupMetrics = (): Promise<string> =>
  new Promise((resolve, reject) => {
    const id = `${process.pid}-${Date.now()}-${Math.random()}`;
    const timer = setTimeout(() => {
      process.off('message', on);
      reject(new Error('the process group did not answer'));
    }, 6000);
    const on = (m: unknown) => {
      const msg = m as { type?: string; id?: string; text?: string; error?: string };
      if (msg?.type !== metricsAsk || msg.id !== id) return;
      clearTimeout(timer);
      process.off('message', on);
      if (msg.text !== undefined) resolve(msg.text);
      else reject(new Error(msg.error ?? 'no metrics'));
    };
    process.on('message', on);
    process.send?.({ type: metricsAsk, id });
  });

/** Quick deaths in a row after which the group gives up (a child that cannot start will not start). */
const maxQuickDeaths = 5;
const quickSeconds = 10;

/**
 * Runs the group until SIGINT/SIGTERM: `sizes` children of each role. An embedded database (no
 * DATABASE_URL) is started here, once, and the children reach it by its address.
 */
export const runGroup = async (
  sizes: Record<ServeRole, number>,
  opts: { readonly migrate: boolean; readonly say: (s: string) => void },
): Promise<void> => {
  const config = loadConfig();
  const secrets = new SecretRegistry();
  registerSecrets(config, secrets);
  const logger: Logger = createLogger(
    config.SERVICE_LOG_LEVEL,
    secrets,
    undefined,
    config.SERVICE_LOG_FORMAT,
  ).child({ role: 'group' });
  configureShutdown(logger, config.SERVICE_SHUTDOWN_GRACE_SECONDS);
  const database = await resolveDatabase(config, logger);
  // Generated once here in development, so that every child signs with the same secret.
  resolveJwtSecret(config);
  const aggregator = new client.AggregatorRegistry();
  const env: Record<string, string> = {
    DATABASE_URL: database.url,
    // Only this process serves the metrics port: the group's sum.
    SERVICE_METRICS_PORT: '-1',
  };
  if (config.SERVICE_METRICS_PORT >= 0) {
    const server = createServer((req, res) => {
      if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
        res.writeHead(404, { 'Content-Type': 'text/plain' });
        res.end('this port serves GET /metrics only\n');
        return;
      }
      aggregator.clusterMetrics().then(
        (text) => {
          res.writeHead(200, { 'Content-Type': aggregator.contentType });
          res.end(text);
        },
        () => {
          res.writeHead(500, { 'Content-Type': 'text/plain' });
          res.end('metrics unavailable\n');
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.SERVICE_METRICS_PORT, config.SERVICE_HOST, () => resolve());
    });
    atShutdown('metrics listener', () => closeServer(server));
    opts.say(
      `metrics (summed over the group): http://${config.SERVICE_HOST}:${(server.address() as AddressInfo).port}/metrics`,
    );
  }
  // The operating system hands connections to the children; the first process does not relay them.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  const children = new Map<Worker, { role: ServeRole; startedAt: number }>();
  const drained = new Set<Worker>();
  let quickDeaths = 0;
  const start = (role: ServeRole) => {
    const w = cluster.fork({
      ...env,
      [roleVariable]: role,
      ...(opts.migrate ? { SURVEYOR_GROUP_MIGRATE: '1' } : {}),
    });
    children.set(w, { role, startedAt: Date.now() });
    w.on('message', (m: { type?: string; id?: string }) => {
      if (m?.type === drainedMessage) drained.add(w);
      if (m?.type !== metricsAsk) return;
      aggregator.clusterMetrics().then(
        (text) => w.isConnected() && w.send({ type: metricsAsk, id: m.id, text }),
        (err: Error) => w.isConnected() && w.send({ type: metricsAsk, id: m.id, error: err.message }),
      );
    });
  };
  let gaveUp = false;
  cluster.on('exit', (w, code, signal) => {
    const c = children.get(w);
    children.delete(w);
    if (!c || isStopping() || gaveUp) return;
    if (drained.delete(w)) {
      // An admin drained it: not replaced; a group with nothing left to run stops.
      logger.info({ role: c.role, pid: w.process.pid, code }, 'a drained process exited: not replaced');
      if (children.size === 0) process.kill(process.pid, 'SIGTERM');
      return;
    }
    quickDeaths = Date.now() - c.startedAt < quickSeconds * 1000 ? quickDeaths + 1 : 0;
    if (quickDeaths >= maxQuickDeaths) {
      gaveUp = true;
      logger.error(
        { role: c.role, code, signal },
        `${maxQuickDeaths} processes died within ${quickSeconds} s of starting: stopping the group`,
      );
      process.kill(process.pid, 'SIGTERM');
      return;
    }
    logger.warn(
      { role: c.role, pid: w.process.pid, code, signal },
      'a process of the group died: starting another',
    );
    setTimeout(() => {
      if (!isStopping() && !gaveUp) start(c.role);
    }, 1000).unref();
  });
  atShutdown('process group', async () => {
    const exits = [...children.keys()].map(
      (w) =>
        new Promise<void>((resolve) => {
          if (w.isDead()) return resolve();
          w.once('exit', () => resolve());
          w.process.kill('SIGTERM');
        }),
    );
    await Promise.all(exits);
    // A failed step makes the exit status 1: the group stopped because it could not run.
    if (gaveUp) throw new Error('the group stopped: its processes kept dying as they started');
  });
  for (const role of ['worker', 'api'] as const) for (let i = 0; i < sizes[role]; i++) start(role);
  logger.info(
    { api: sizes.api, worker: sizes.worker, embedded_database: database.embedded },
    'process group started',
  );
  opts.say(
    `a group of ${sizes.api} API and ${sizes.worker} worker processes (pid ${process.pid} starts and stops them)`,
  );
};

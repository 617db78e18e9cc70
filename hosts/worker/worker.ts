import { hostname } from 'node:os';
import type { Container } from 'inversify';
import type { Clock } from '../../core/ports/Clock.js';
import type { Random } from '../../core/ports/Random.js';
import type { WorkerRegistry } from '../../core/ports/WorkerRegistry.js';
import type { Logger } from '../../adapters/log/logger.js';
import type { Config } from '../../schema/config.js';
import { TYPES } from '../shared/composition.js';

export interface WorkerHandle {
  readonly id: string;
  stop(): Promise<void>;
}

/**
 * A worker process: registers itself, heartbeats so /ready can count it, and deregisters on stop.
 * The queue consumer and the leader-elected scheduler attach here.
 */
export const startWorker = async (container: Container): Promise<WorkerHandle> => {
  const config = container.get<Config>(TYPES.Config);
  const log = container.get<Logger>(TYPES.Logger);
  const registry = container.get<WorkerRegistry>(TYPES.Workers);
  const clock = container.get<Clock>(TYPES.Clock);
  const id = `${hostname()}:${process.pid}:${container.get<Random>(TYPES.Random).token(4)}`;
  const roles = config.SERVICE_WORKER_SCHEDULER_ENABLED ? ['worker', 'scheduler'] : ['worker'];
  const now = clock.now();
  await registry.register({
    id,
    hostname: hostname(),
    pid: process.pid,
    roles,
    startedAt: now,
    heartbeatAt: now,
  });
  log.info({ worker_id: id, roles }, 'worker registered');
  const timer = setInterval(() => {
    registry.heartbeat(id, clock.now()).catch((err: unknown) => log.warn({ err }, 'heartbeat failed'));
  }, config.SERVICE_WORKER_HEARTBEAT_SECONDS * 1000);
  return {
    id,
    stop: async () => {
      clearInterval(timer);
      await registry.deregister(id).catch((err: unknown) => log.warn({ err }, 'deregister failed'));
      log.info({ worker_id: id }, 'worker stopped');
    },
  };
};

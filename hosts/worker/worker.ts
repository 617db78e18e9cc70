import type { SurveyorPorts } from '../../core/app/ports.js';
import { untraced } from '../../core/ports/Tracer.js';
import { hostname } from 'node:os';
import type { Container } from 'inversify';
import type { Clock } from '../../core/ports/Clock.js';
import type { JobHandler } from '../../core/ports/JobHandler.js';
import type { JobQueue } from '../../core/ports/JobQueue.js';
import type { Random } from '../../core/ports/Random.js';
import type { WorkerRegistry } from '../../core/ports/WorkerRegistry.js';
import { schedulerTicks } from '../../core/app/features.js';
import { tickSchedule } from '../composition/tickSchedule.js';
import type { Logger } from '../../adapters/log/logger.js';
import type { Metrics } from '../../adapters/metrics/registry.js';
import type { Db } from '../../adapters/postgres/db.js';
import { jobsChannel, listen, PgLeaderLock } from '../composition/servicePorts.js';
import type { Config } from '../../schema/environment.js';
import type { BackendSet } from '../composition/backends.js';
import { appOf, TYPES } from '../composition/composition.js';
import { QueueConsumer } from './consumer.js';
import { Scheduler } from './scheduler.js';
import { settleDatabaseCopy } from './settleCopy.js';

export interface WorkerHandle {
  readonly id: string;
  readonly consumer: QueueConsumer;
  readonly scheduler: Scheduler | undefined;
  stop(graceMs: number): Promise<void>;
}

export interface WorkerOptions {
  /**
   * What to do when an admin asks this worker to drain (read at a heartbeat): the CLI's server
   * stops the process through its shutdown path; by default the worker stops itself (it stops
   * claiming, finishes or hands back what it holds, deregisters).
   */
  readonly onDrain?: (worker: WorkerHandle) => void;
}

/**
 * A worker process: registers and heartbeats (so /ready counts it), consumes the queue woken by
 * LISTEN/NOTIFY, and, when SERVICE_WORKER_SCHEDULER_ENABLED, competes for the scheduler lead. Each
 * heartbeat also reads whether an admin asked it to drain.
 */
export const startWorker = async (container: Container, opts: WorkerOptions = {}): Promise<WorkerHandle> => {
  const config = container.get<Config>(TYPES.Config);
  const app = appOf(container);
  const log = container.get<Logger>(TYPES.Logger);
  const registry = container.get<WorkerRegistry>(TYPES.Workers);
  const clock = container.get<Clock>(TYPES.Clock);
  const random = container.get<Random>(TYPES.Random);
  const metrics = container.get<Metrics>(TYPES.Metrics);
  const db = container.get<Db>(TYPES.Db);
  const id = `${hostname()}:${process.pid}:${random.token(4)}`;
  const roles = config.SERVICE_WORKER_SCHEDULER_ENABLED ? ['worker', 'scheduler'] : ['worker'];
  const now = clock.now();
  const record = { id, hostname: hostname(), pid: process.pid, roles, startedAt: now };
  await registry.register({ ...record, heartbeatAt: now });
  // Heartbeats are the process's steady contact with the database: their failures and recovery
  // are what the dependency_down rule reports of database outages (OutageLog).
  const outages = app.deps.alerts.outages;
  let draining = false;
  const drain = () => {
    if (draining) return;
    draining = true;
    log.info({ worker_id: id }, 'asked to drain: no more claims; finishing or handing back what it holds');
    if (opts.onDrain) opts.onDrain(handle);
    else void handle.stop(config.SERVICE_SHUTDOWN_GRACE_SECONDS * 1000 * 0.8);
  };
  // A copy of the database restored from before this worker started has no row for it: /ready and
  // the overview would not count it, nor could an admin drain it. Not once stopping (a heartbeat
  // answered after the deregistration), and awaited before the deregistration.
  let stopping = false;
  let registering = Promise.resolve();
  const reregister = () => {
    if (stopping) return;
    log.warn(
      { worker_id: id },
      'the database does not know this worker (a copy from before it started): registering again',
    );
    registering = registry.register({ ...record, heartbeatAt: clock.now() }).catch((err: unknown) => {
      log.warn({ err }, 'could not register again; asked again at the next heartbeat');
    });
  };
  const heartbeat = setInterval(() => {
    registry.heartbeat(id, clock.now()).then(
      (r) => {
        outages.answered(clock.now());
        if (!r.known) reregister();
        if (r.drain) drain();
        else void recheckCopy();
      },
      (err: unknown) => {
        outages.failed(clock.now(), err instanceof Error ? err.message : String(err));
        log.warn({ err }, 'heartbeat failed');
      },
    );
  }, config.SERVICE_WORKER_HEARTBEAT_SECONDS * 1000);

  const consumer = new QueueConsumer(
    {
      queue: container.get<JobQueue>(TYPES.Queue),
      clock,
      random,
      log,
      handlers: container.get<readonly JobHandler[]>(TYPES.JobHandlers),
      tracer: container.get<SurveyorPorts>(TYPES.Ports).tracer ?? untraced,
      observe: (kind, outcome, seconds, line) => {
        metrics.jobDuration.observe({ kind, outcome }, seconds);
        if (outcome !== 'succeeded') return;
        for (const [step, s] of Object.entries(line?.durations ?? {}))
          metrics.runStepDuration.observe({ step }, s);
      },
    },
    {
      workerId: id,
      concurrency: config.SERVICE_WORKER_CONCURRENCY,
      leaseSeconds: config.SERVICE_JOB_LEASE_SECONDS,
      idlePollSeconds: config.SERVICE_WORKER_IDLE_POLL_SECONDS,
      retry: {
        baseSeconds: config.SERVICE_JOB_RETRY_BASE_SECONDS,
        capSeconds: config.SERVICE_JOB_RETRY_CAP_SECONDS,
      },
    },
  );
  const stopListening = listen(
    db,
    jobsChannel,
    () => consumer.wake(),
    (err) => log.warn({ err }, 'queue notifications interrupted; reconnecting'),
  );
  // Claims start once the database copy is settled: a restored or promoted database first has its
  // unsubmitted executions looked up on the backends, so nothing is submitted twice.
  const gate = new AbortController();
  // True while a settling runs (the first one too): heartbeats do not start a second meanwhile.
  let settling = true;
  let claiming = settleDatabaseCopy(app, log, gate.signal).then((settled) => {
    settling = false;
    if (settled) consumer.start();
  });
  // A copy can change under a running worker too: a standby promoted behind the same address (a
  // proxy, a virtual IP) may lack the last commits. Claims stop, what is held finishes or is handed
  // back, and the copy is settled again before claims resume.
  const recheckCopy = async () => {
    if (settling || gate.signal.aborted) return;
    settling = true;
    try {
      if (await app.sameDatabaseCopy()) return;
      log.warn(
        { worker_id: id },
        'the database became a new copy (a promoted standby, or restored): claims stop until it is settled',
      );
      const settled = (async () => {
        await consumer.stop(config.SERVICE_SHUTDOWN_GRACE_SECONDS * 1000 * 0.8);
        if ((await settleDatabaseCopy(app, log, gate.signal)) && !draining) consumer.start();
      })();
      claiming = settled;
      await settled;
    } catch (err) {
      log.warn({ err }, 'could not compare the database copy; asked again at the next heartbeat');
    } finally {
      settling = false;
    }
  };

  let scheduler: Scheduler | undefined;
  if (config.SERVICE_WORKER_SCHEDULER_ENABLED) {
    scheduler = new Scheduler(
      new PgLeaderLock(db),
      schedulerTicks(
        app,
        tickSchedule(config, container.get<BackendSet>(TYPES.BackendSet).parts.backends === 'mock'),
      ),
      clock,
      log,
      {
        tickSeconds: (tick, s) => metrics.tickSeconds.observe({ tick }, s),
        leader: (l) => metrics.schedulerLeader.set(l ? 1 : 0),
      },
      config.SERVICE_SCHEDULER_CHECK_SECONDS,
    );
    scheduler.start();
  }
  log.info({ worker_id: id, roles, concurrency: config.SERVICE_WORKER_CONCURRENCY }, 'worker started');

  const handle: WorkerHandle = {
    id,
    consumer,
    scheduler,
    stop: async (graceMs) => {
      stopping = true;
      clearInterval(heartbeat);
      gate.abort();
      await claiming;
      await scheduler?.stop();
      await consumer.stop(graceMs);
      await stopListening();
      await registering;
      await registry.deregister(id).catch((err: unknown) => log.warn({ err }, 'deregister failed'));
      log.info({ worker_id: id }, 'worker stopped');
    },
  };
  return handle;
};

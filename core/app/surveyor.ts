import { accessOperations } from './accessOperations.js';
import { alertOperations } from './alertOperations.js';
import { authOperations } from './authOperations.js';
import type { Archive } from '../ports/Archive.js';
import { pingArchive } from '../usecases/archives/pingArchive.js';
import { checkReadiness } from '../usecases/health/checkReadiness.js';
import { drainWorker } from '../usecases/maintenance/drainWorker.js';
import { purge } from '../usecases/maintenance/purge.js';
import { type RestoreCheckOptions, restoreCheck } from '../usecases/maintenance/restoreGate.js';
import type { RetentionPolicy } from '../domain/retention.js';
import { depsFrom } from './deps.js';
import { executionOperations } from './executionOperations.js';
import type { SurveyorPorts, SurveyorSettings } from './ports.js';
import { profileOperations } from './profileOperations.js';
import { projectOperations } from './projectOperations.js';
import { sourceOperations } from './sourceOperations.js';

/**
 * The application: every operation the API offers, on whatever ports it is given. The REST
 * handlers, the worker, the CLI and embedders all call these, so each rule has one path.
 * Operations answer `Either<AppError, view>`; views are the API's bodies.
 */
export const surveyorOperations = (ports: SurveyorPorts, settings: SurveyorSettings) => {
  const deps = depsFrom(ports, settings);
  return {
    ...authOperations(deps),
    projects: projectOperations(deps, ports.parseProjectYaml, ports.locateInProjectYaml),
    sources: sourceOperations(deps),
    profiles: profileOperations(deps, ports.events),
    executions: executionOperations(deps),
    alerts: alertOperations(deps.alerts),
    access: accessOperations(deps),
    /** Runs the host's readiness probes (each host has its own: database, queue, backends). */
    readiness: checkReadiness,
    /**
     * Checks a project's archive with the archive client the caller gives (`archive ping` and
     * `doctor` use the real one, whatever the service runs on).
     */
    pingArchive: (archive: Archive, projectModule: string, name: string, signal?: AbortSignal) =>
      pingArchive({ configs: ports.configs, archive }, projectModule, name, signal),
    /** Deletes (or, dry, counts) what the retention policy says is past keeping (`surveyor purge`). */
    purge: (policy: RetentionPolicy, opts: { dryRun: boolean }) =>
      purge({ maintenance: ports.maintenance, clock: ports.clock }, policy, opts),
    /** Asks a worker process to drain (rolling upgrades): it stops claiming, finishes and exits. */
    drainWorker: (workerId: string, by: string) =>
      drainWorker({ workers: ports.workers, clock: ports.clock }, workerId, by),
    /**
     * Compares the database's copy with the one recorded and, after a restore or a promotion (or
     * when forced: `surveyor restore-check`), adopts the work the backends have for executions the
     * tables hold as unsubmitted. Workers run it before they claim anything.
     */
    restoreCheck: (o: RestoreCheckOptions) =>
      restoreCheck(
        {
          identity: ports.databaseIdentity,
          executions: ports.executions,
          backends: ports.backends,
          clock: ports.clock,
          pollSpacing: deps.run.pollSpacing,
        },
        o,
      ),
    /** Whether the database is still the copy last settled (a running worker asks at each heartbeat). */
    sameDatabaseCopy: async () => (await ports.databaseIdentity.compare()).differs.length === 0,
    /** The deps of each family of use cases: for the worker's jobs and ticks. */
    deps,
  };
};

export type SurveyorOperations = ReturnType<typeof surveyorOperations>;

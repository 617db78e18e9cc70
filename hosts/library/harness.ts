import { UnifiedTextDiff } from '../../adapters/system/textDiff.js';
import { locateInProjectYamlInline, parseProjectYamlInline } from '../../adapters/system/projectYaml.js';
import { serviceVersion } from '../../schema/version.js';
import type { SurveyorPorts } from '../../core/app/ports.js';
import { jobTable, type JobLog, schedulerTicks } from '../../core/app/features.js';
import { surveyorOperations } from '../../core/app/surveyor.js';
import type { AuthPolicy } from '../../core/domain/authPolicy.js';
import { defaultPatchableFields } from '../../core/domain/configTrust.js';
import type { Tick } from '../../core/ports/Tick.js';
import { JwtAccessTokens } from '../../adapters/auth/jwtAccessTokens.js';
import { AesSecretBox } from '../../adapters/auth/secretBox.js';
import { Sha256Digest } from '../../adapters/auth/sha256Digest.js';
import { ManualClock } from '../../adapters/memory/clock.js';
import { MemoryGraphStore } from '../../adapters/memory/graphStore.js';
import { MockArchive } from '../../adapters/mock/archive.js';
import { mockBackends } from '../../adapters/mock/backend.js';
import { MockStager } from '../../adapters/mock/stager.js';
import { MockTranslator } from '../../adapters/mock/translator.js';
import { FastTestHasher } from '../../adapters/memory/passwordHasher.js';
import { RecordingNotifier } from '../../adapters/memory/recordingNotifier.js';
import { SequentialRandom } from '../../adapters/memory/random.js';
import { memoryRepositories } from '../../adapters/memory/repositories.js';
import { outboundTargets } from '../../adapters/shared/outbound.js';
import { OutageRecorder } from '../../adapters/system/outageRecorder.js';
import { policyFrom } from '../composition/composition.js';
import { loadConfig } from '../composition/loadConfig.js';
import { pollSpacing, tickSchedule } from '../composition/tickSchedule.js';
import { surveyorFace } from './face.js';
import { jobRunner } from './jobRunner.js';

// What a harness hands back names these; an embedder's test can name them too.
export type { ManualClock } from '../../adapters/memory/clock.js';
export type { JobRow, MemoryJobQueue } from '../../adapters/memory/jobQueue.js';
export type { RecordingNotifier, SentAlert } from '../../adapters/memory/recordingNotifier.js';
export type { MemoryStore, StoredArtifact } from '../../adapters/memory/store.js';
export type { JobFailure } from './jobRunner.js';

export interface HarnessOptions {
  /** Where the clock starts. Default 2026-01-01T00:00:00Z. */
  readonly start?: Date;
  /** Logical graphs by the path a configuration names (`graph.path`). */
  readonly graphs?: Readonly<Record<string, string>>;
  /** Seconds between the mock backend's session states (pristine … finished). Default 10. */
  readonly mockStepSeconds?: number;
  readonly policy?: Partial<AuthPolicy>;
  readonly jwtSecret?: string;
  /** Any other setting, by its environment variable (tick intervals, retention, leases, patchable fields). */
  readonly settings?: Readonly<Record<string, string>>;
  /** Port implementations of your own, used instead of the memory and mock ones. */
  readonly ports?: Partial<SurveyorPorts>;
  /** Where the jobs' outcome lines go. Default: nowhere. */
  readonly log?: JobLog;
}

const silent: JobLog = { info() {}, warn() {}, debug() {} };

/**
 * surveyor in one process without a database: the application's operations on memory
 * repositories and the mock archive, stager, translator and backends, under a manual clock. Time
 * and work move only when told: `advance` steps the clock, running due scheduler ticks and queue
 * jobs on each step, so a whole flow (upload, register, discover, execute, poll to the end,
 * cancel, retry) runs deterministically.
 */
export const createHarness = (opts: HarnessOptions = {}) => {
  const config = loadConfig({ ...opts.settings, SERVICE_USE_REAL_BACKENDS: 'false' });
  const clock = new ManualClock(opts.start);
  const random = new SequentialRandom();
  const { store, ...repositories } = memoryRepositories(random);
  const jwtSecret = opts.jwtSecret ?? 'harness-secret-harness-secret-123456';
  const notifier = new RecordingNotifier();
  const ports: SurveyorPorts = {
    clock,
    random,
    digest: new Sha256Digest(),
    hasher: new FastTestHasher(),
    tokens: new JwtAccessTokens(jwtSecret),
    ...repositories,
    archive: new MockArchive(),
    stager: new MockStager(0),
    translator: new MockTranslator(),
    backends: mockBackends(clock, (opts.mockStepSeconds ?? 10) * 1000),
    graphs: new MemoryGraphStore(opts.graphs ?? {}),
    parseProjectYaml: parseProjectYamlInline,
    locateInProjectYaml: locateInProjectYamlInline,
    secretBox: new AesSecretBox(jwtSecret),
    notifier,
    targets: outboundTargets,
    outages: new OutageRecorder(),
    textDiff: new UnifiedTextDiff(),
    ...opts.ports,
  };
  const policy: AuthPolicy = { ...policyFrom(config), ...opts.policy };
  const app = surveyorOperations(ports, {
    policy,
    patchableFields: config.SERVICE_PATCHABLE_FIELDS ?? defaultPatchableFields,
    workerStaleSeconds: config.SERVICE_WORKER_STALE_SECONDS,
    outages: {
      waitMinutes: config.SERVICE_OUTAGE_WAIT_MINUTES,
      recheckSeconds: config.SERVICE_OUTAGE_RECHECK_SECONDS,
    },
    pollSpacing: pollSpacing(config, !opts.ports?.backends),
    publicUrl: config.SERVICE_PUBLIC_URL,
    serviceVersion,
  });
  const ticks: readonly Tick[] = schedulerTicks(app, tickSchedule(config, !opts.ports?.backends));
  const jobs = jobRunner(
    { queue: ports.queue, clock, random, handlers: jobTable(app, opts.log ?? silent) },
    {
      leaseSeconds: config.SERVICE_JOB_LEASE_SECONDS,
      retry: {
        baseSeconds: config.SERVICE_JOB_RETRY_BASE_SECONDS,
        capSeconds: config.SERVICE_JOB_RETRY_CAP_SECONDS,
      },
      maxJobs: 10_000,
    },
  );
  const lastRun = new Map<string, number>();

  /** Runs the ticks (every one with `all`, else those due by their interval), then the due jobs. */
  const step = async (all: boolean) => {
    const now = clock.now();
    const counts: Record<string, Readonly<Record<string, number>>> = {};
    for (const t of ticks) {
      const last = lastRun.get(t.name);
      if (!all && last !== undefined && now.getTime() - last < t.everySeconds * 1000) continue;
      lastRun.set(t.name, now.getTime());
      const report = await t.run(now);
      counts[t.name] = report.counts;
      for (const w of report.warnings) (opts.log ?? silent).warn({ tick: t.name }, w);
    }
    await jobs.reclaim(now);
    return { ticks: counts, jobs: await jobs.runDue() };
  };

  return {
    ...surveyorFace(app),
    clock,
    ports,
    /** The memory tables, to look at in tests. */
    store,
    /** The alerts sent (when no notifier of your own is given), and how they are answered. */
    notifier,
    policy,
    /** Jobs that failed (each attempt), oldest first. */
    failures: jobs.failures,
    /** Runs every scheduler tick now (due or not), then the jobs due: one scheduler round, at once. */
    tick: () => step(true),
    /** Runs the jobs due now; returns how many ran. */
    runJobs: () => jobs.runDue(),
    /** Moves the clock by `seconds`, `stepSeconds` at a time, running due ticks and jobs at each step. */
    async advance(seconds: number, stepSeconds = 1): Promise<void> {
      for (let left = seconds; left > 0; left -= stepSeconds) {
        clock.advance(Math.min(stepSeconds, left));
        await step(false);
      }
    },
    /**
     * Advances until `done` holds (checked before each step); returns the simulated seconds it took.
     * Throws when it does not hold within `maxSeconds` (default an hour).
     */
    async until(
      done: () => boolean | Promise<boolean>,
      opts: { maxSeconds?: number; stepSeconds?: number } = {},
    ): Promise<number> {
      const max = opts.maxSeconds ?? 3600;
      const stepSeconds = opts.stepSeconds ?? 1;
      for (let waited = 0; waited <= max; waited += stepSeconds) {
        if (await done()) return waited;
        clock.advance(stepSeconds);
        await step(false);
      }
      throw new Error(`the harness did not reach the condition within ${max} simulated seconds`);
    },
  };
};

export type Harness = ReturnType<typeof createHarness>;

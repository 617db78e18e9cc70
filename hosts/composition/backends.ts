import { SecurityGateError } from './securityGateError.js';
import { DimBackend } from '../../adapters/daliuge/dimBackend.js';
import { dlgRequest } from '../../adapters/daliuge/http.js';
import { DaliugeTranslator } from '../../adapters/daliuge/translatorClient.js';
import { mockBackends } from '../../adapters/mock/backend.js';
import { MockTranslator } from '../../adapters/mock/translator.js';
import { SlurmBackend } from '../../adapters/slurm/slurmBackend.js';
import { readSshCredentials, sshConfigured, sshEnvironment } from '../../adapters/slurm/sshCredentials.js';

/** The worker's SSH credentials as the environment gives them (doctor reads them too). */
export { readSshCredentials, sshConfigured, sshEnvironment };
import { SshPool } from '../../adapters/slurm/sshPool.js';
import type { Clock } from '../../core/ports/Clock.js';
import type { DeploymentBackends } from '../../core/ports/DeploymentBackend.js';
import type { HealthProbe } from '../../core/ports/HealthProbe.js';
import type { Translator } from '../../core/ports/Translator.js';
import type { Archive } from '../../core/ports/Archive.js';
import type { Stager } from '../../core/ports/Stager.js';
import { type Config, type PartName, partNames } from '../../schema/environment.js';
import { serviceVersion } from '../../schema/version.js';
import { join, resolve } from 'node:path';
import { MockArchive } from '../../adapters/mock/archive.js';
import { setOutboundPolicy } from '../../adapters/shared/outbound.js';
import { MockStager } from '../../adapters/mock/stager.js';
import { archiveCredentialsFrom } from '../../adapters/tap/archiveCredentials.js';
import { CasdaStager } from '../../adapters/tap/casdaStager.js';
import { TapClient } from '../../adapters/tap/tapClient.js';

export interface BackendSet {
  /** Which parts are mock and which real (a process in production has no mock part). */
  readonly parts: Readonly<Record<PartName, 'mock' | 'real'>>;
  readonly translator: Translator;
  readonly backends: DeploymentBackends;
  readonly archive: Archive;
  readonly stager: Stager;
  readonly probe: HealthProbe;
  /** Closes what the backends hold open (SSH connections). */
  close(): void;
}

/** "translator, archive" for a log line or readiness detail; "none" when every part is real. */
export const mockParts = (set: BackendSet): string =>
  (Object.entries(set.parts) as [PartName, string][])
    .filter(([, m]) => m === 'mock')
    .map(([p]) => p)
    .join(', ') || 'none';

/**
 * The parts a process uses: translator, deployment backends, archive and stager. All mock by
 * default; all real with SERVICE_USE_REAL_BACKENDS=true (DALiuGE over REST, DALiuGE in Slurm over
 * SSH, TAP archives, CASDA-style staging), except those SERVICE_MOCK_PARTS keeps mock in
 * development (loadConfig refuses both a mock part and SERVICE_MOCK_PARTS in production). In
 * production, when any BATCH_SSH_* variable is set, the SSH credentials must pass the security
 * checks here, at start, or nothing starts (SecurityGateError); without any, batch_remote refuses
 * each use.
 */
/** Where the batch backend tells what it costs login nodes (the process's metrics). */
export interface LoginNodeObserver {
  connected(target: string): void;
  command(target: string, kind: string, bytes: { sent: number; received: number }): void;
}

export const chooseBackends = (config: Config, clock: Clock, observer?: LoginNodeObserver): BackendSet => {
  // Every HTTP request of the real parts goes through this policy (adapters/shared/outbound.ts).
  setOutboundPolicy({
    hosts: config.SERVICE_OUTBOUND_HOSTS ?? null,
    allowPrivate: config.SERVICE_OUTBOUND_ALLOW_PRIVATE,
  });
  const real = (p: PartName) => config.SERVICE_USE_REAL_BACKENDS && !config.SERVICE_MOCK_PARTS.includes(p);
  const parts = Object.fromEntries(partNames.map((p) => [p, real(p) ? 'real' : 'mock'])) as Record<
    PartName,
    'mock' | 'real'
  >;
  const maxBytes = Math.max(config.SERVICE_MAX_GRAPH_BYTES * 4, 64 * 1024 * 1024);
  let pool: SshPool | null = null;
  let backends: DeploymentBackends;
  if (real('backends')) {
    const ssh = sshEnvironment(config);
    if (ssh.production && sshConfigured(ssh)) {
      const { findings } = readSshCredentials(ssh);
      if (findings.some((f) => !f.ok)) throw new SecurityGateError(findings);
    }
    pool = new SshPool({
      credentials: () => readSshCredentials(ssh),
      connectTimeoutMs: config.SERVICE_BATCH_SSH_TIMEOUT_SECONDS * 1000,
      commandTimeoutMs: config.SERVICE_BATCH_COMMAND_TIMEOUT_SECONDS * 1000,
      idleMs: config.SERVICE_BATCH_SSH_IDLE_SECONDS * 1000,
      maxOutputBytes: 16 * 1024 * 1024,
      ...(observer ? { onConnect: (target: string) => observer.connected(target) } : {}),
    });
    const rest = new DimBackend({ timeoutMs: config.SERVICE_DIM_TIMEOUT_SECONDS * 1000, maxBytes });
    const batch = new SlurmBackend({
      pool,
      ...(observer ? { onCommand: observer.command.bind(observer) } : {}),
      securityFindings: () => {
        const r = readSshCredentials(ssh);
        return { findings: r.findings, knownHosts: r.credentials?.knownHosts ?? null };
      },
    });
    backends = { get: (kind) => (kind === 'rest_remote' ? rest : batch) };
  } else backends = mockBackends(clock, config.SERVICE_MOCK_STEP_MS);
  const translator = real('translator')
    ? new DaliugeTranslator({
        defaultUrl: config.SERVICE_TRANSLATOR_URL,
        timeoutMs: config.SERVICE_TRANSLATOR_TIMEOUT_SECONDS * 1000,
        maxBytes,
      })
    : new MockTranslator();
  const userAgent = `surveyor/${serviceVersion} (radio-astronomy survey control plane)`;
  const credentials = archiveCredentialsFrom(
    config.ARCHIVE_USERNAME,
    config.ARCHIVE_PASSWORD_FILE,
    config.ARCHIVE_CREDENTIAL_ORIGINS,
  );
  const uws = { waitSeconds: config.SERVICE_ARCHIVE_UWS_WAIT_SECONDS };
  const archive = real('archive') ? new TapClient({ userAgent, credentials, uws }) : new MockArchive();
  const stager = real('stager')
    ? new CasdaStager({
        root: resolve(config.SERVICE_STAGING_DIR ?? join(config.SERVICE_DATA_DIR, 'staging')),
        userAgent,
        credentials,
        limits: {
          maxFileBytes: config.SERVICE_STAGING_MAX_FILE_BYTES,
          minFreeBytes: config.SERVICE_STAGING_MIN_FREE_BYTES,
          connectTimeoutMs: config.SERVICE_ARCHIVE_REQUEST_TIMEOUT_SECONDS * 1000,
          idleTimeoutMs: config.SERVICE_STAGING_IDLE_TIMEOUT_SECONDS * 1000,
        },
        parallelDownloads: config.SERVICE_STAGING_PARALLEL_DOWNLOADS,
        openJobs: config.SERVICE_STAGING_OPEN_JOBS,
        jobDeadlineMs: config.SERVICE_STAGING_JOB_TIMEOUT_SECONDS * 1000,
        datasetsPerJob: config.SERVICE_STAGING_DATASETS_PER_JOB,
        uws,
      })
    : new MockStager(config.SERVICE_MOCK_STEP_MS);
  const set: BackendSet = {
    parts,
    translator,
    backends,
    archive,
    stager,
    probe: {
      name: 'dependencies',
      // Island managers, translators and archives are per profile and project (see `surveyor
      // profile ping` and `surveyor archive ping`); the default translator is reported, but does
      // not make the service unready, since profiles may name their own.
      async check() {
        const mock = mockParts(set);
        const translatorState = real('translator')
          ? await dlgRequest({
              peer: 'translator',
              method: 'HEAD',
              url: `${config.SERVICE_TRANSLATOR_URL}/`,
              timeoutMs: 2000,
            })
              .then((r) => (r.status < 500 ? 'reachable' : `HTTP ${r.status}`))
              .catch((e: Error) => `unreachable: ${e.message}`)
          : 'mock';
        return {
          ok: true,
          detail:
            mock === 'none'
              ? `every part is real; default translator ${translatorState}`
              : `mock parts: ${mock}${config.SERVICE_USE_REAL_BACKENDS ? ' (SERVICE_MOCK_PARTS)' : ' (SERVICE_USE_REAL_BACKENDS=false)'}`,
          data: {
            mode: mock === 'none' ? 'real' : config.SERVICE_USE_REAL_BACKENDS ? 'mixed' : 'mock',
            parts,
            ...(real('translator')
              ? { translator_url: config.SERVICE_TRANSLATOR_URL, translator: translatorState }
              : {}),
          },
        };
      },
    },
    close: () => pool?.close(),
  };
  return set;
};

import { DimBackend } from '../../adapters/daliuge/dimBackend.js';
import { dlgRequest } from '../../adapters/daliuge/http.js';
import { DaliugeTranslator } from '../../adapters/daliuge/translatorClient.js';
import { mockBackends } from '../../adapters/memory/mockBackend.js';
import { MockTranslator } from '../../adapters/memory/mockTranslator.js';
import { SlurmBackend } from '../../adapters/slurm/slurmBackend.js';
import {
  readSshCredentials,
  type SecurityFinding,
  sshConfigured,
  sshEnvironment,
} from '../../adapters/slurm/sshCredentials.js';
import { SshPool } from '../../adapters/slurm/sshPool.js';
import type { Clock } from '../../core/ports/Clock.js';
import type { DeploymentBackends } from '../../core/ports/DeploymentBackend.js';
import type { HealthProbe } from '../../core/ports/HealthProbe.js';
import type { Translator } from '../../core/ports/Translator.js';
import type { Config } from '../../schema/config.js';

export interface BackendSet {
  readonly mode: 'mock' | 'real';
  readonly translator: Translator;
  readonly backends: DeploymentBackends;
  readonly probe: HealthProbe;
  /** Closes what the backends hold open (SSH connections). */
  close(): void;
}

/** Production refuses the real backends while the SSH security checks fail (SPEC "Errors" 1). */
export class SecurityGateError extends Error {
  constructor(readonly findings: readonly SecurityFinding[]) {
    super(
      `production refuses the real backends while the SSH security checks fail: ${findings
        .filter((f) => !f.ok)
        .map((f) => f.detail)
        .join('; ')}`,
    );
    this.name = 'SecurityGateError';
  }
}

/**
 * The translator and deployment backends a process uses: the mock ones by default, the real ones
 * (DALiuGE over REST, DALiuGE in Slurm over SSH) with SERVICE_USE_REAL_BACKENDS=true. In production,
 * when any BATCH_SSH_* variable is set, the SSH credentials must pass the security checks here,
 * at start, or nothing starts (SecurityGateError); without any, batch_remote refuses each use.
 */
export const chooseBackends = (config: Config, clock: Clock): BackendSet => {
  if (!config.SERVICE_USE_REAL_BACKENDS) {
    return {
      mode: 'mock',
      translator: new MockTranslator(),
      backends: mockBackends(clock, config.SERVICE_MOCK_STEP_MS),
      probe: {
        name: 'dependencies',
        check: async () => ({
          ok: true,
          detail: 'mock backends (SERVICE_USE_REAL_BACKENDS=false)',
          data: { mode: 'mock' },
        }),
      },
      close: () => {},
    };
  }
  const ssh = sshEnvironment(config);
  if (ssh.production && sshConfigured(ssh)) {
    const { findings } = readSshCredentials(ssh);
    if (findings.some((f) => !f.ok)) throw new SecurityGateError(findings);
  }
  const pool = new SshPool({
    credentials: () => readSshCredentials(ssh),
    connectTimeoutMs: config.SERVICE_BATCH_SSH_TIMEOUT_SECONDS * 1000,
    commandTimeoutMs: config.SERVICE_BATCH_COMMAND_TIMEOUT_SECONDS * 1000,
    idleMs: config.SERVICE_BATCH_SSH_IDLE_SECONDS * 1000,
    maxOutputBytes: 16 * 1024 * 1024,
  });
  const maxBytes = Math.max(config.SERVICE_MAX_GRAPH_BYTES * 4, 64 * 1024 * 1024);
  const rest = new DimBackend({ timeoutMs: config.SERVICE_DIM_TIMEOUT_SECONDS * 1000, maxBytes });
  const batch = new SlurmBackend({
    pool,
    securityFindings: () => {
      const r = readSshCredentials(ssh);
      return { findings: r.findings, knownHosts: r.credentials?.knownHosts ?? null };
    },
  });
  return {
    mode: 'real',
    translator: new DaliugeTranslator({
      defaultUrl: config.SERVICE_TRANSLATOR_URL,
      timeoutMs: config.SERVICE_TRANSLATOR_TIMEOUT_SECONDS * 1000,
      maxBytes,
    }),
    backends: { get: (kind) => (kind === 'rest_remote' ? rest : batch) },
    probe: {
      name: 'dependencies',
      // Island managers are per profile (see `surveyor profile ping`); the default translator is
      // reported, but does not make the service unready, since profiles may name their own.
      async check() {
        const translator = await dlgRequest({
          method: 'HEAD',
          url: `${config.SERVICE_TRANSLATOR_URL}/`,
          timeoutMs: 2000,
        })
          .then((r) => (r.status < 500 ? 'reachable' : `HTTP ${r.status}`))
          .catch((e: Error) => `unreachable: ${e.message}`);
        return {
          ok: true,
          detail: `real backends: rest_remote (DALiuGE), batch_remote (Slurm over SSH); default translator ${translator}`,
          data: { mode: 'real', translator_url: config.SERVICE_TRANSLATOR_URL, translator },
        };
      },
    },
    close: () => pool.close(),
  };
};

import { DimBackend } from '../../adapters/daliuge/dimBackend.js';
import { dlgRequest } from '../../adapters/daliuge/http.js';
import { DaliugeTranslator } from '../../adapters/daliuge/translatorClient.js';
import { mockBackends } from '../../adapters/memory/mockBackend.js';
import { MockTranslator } from '../../adapters/memory/mockTranslator.js';
import { PermanentJobError } from '../../core/domain/job.js';
import type { Clock } from '../../core/ports/Clock.js';
import type { DeploymentBackend, DeploymentBackends } from '../../core/ports/DeploymentBackend.js';
import type { HealthProbe } from '../../core/ports/HealthProbe.js';
import type { Translator } from '../../core/ports/Translator.js';
import type { Config } from '../../schema/config.js';

export interface BackendSet {
  readonly mode: 'mock' | 'real';
  readonly translator: Translator;
  readonly backends: DeploymentBackends;
  readonly probe: HealthProbe;
}

/** batch_remote before the Slurm adapter is in the build: every use says so, permanently. */
const batchNotBuilt = (): DeploymentBackend => {
  const refuse = async (): Promise<never> => {
    throw new PermanentJobError(
      'the batch_remote backend (Slurm over SSH) is not in this build: use a rest_remote profile, or SERVICE_USE_REAL_BACKENDS=false',
    );
  };
  return {
    kind: 'batch_remote',
    needsMapping: false,
    target: (p) => `ssh:${p.deployment.kind === 'batch_remote' ? p.deployment.login_node : 'none'}`,
    find: refuse,
    submit: refuse,
    poll: refuse,
    cancel: refuse,
    ping: async () => [
      {
        name: 'batch backend',
        ok: false,
        detail: 'the batch_remote backend (Slurm over SSH) is not in this build',
      },
    ],
  };
};

/**
 * The translator and deployment backends a process uses: the mock ones by default, the real ones
 * (DALiuGE over REST) with SERVICE_USE_REAL_BACKENDS=true.
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
    };
  }
  const maxBytes = Math.max(config.SERVICE_MAX_GRAPH_BYTES * 4, 64 * 1024 * 1024);
  const rest = new DimBackend({ timeoutMs: config.SERVICE_DIM_TIMEOUT_SECONDS * 1000, maxBytes });
  const batch = batchNotBuilt();
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
          detail: `real backends: rest_remote (DALiuGE); batch_remote not in this build; default translator ${translator}`,
          data: { mode: 'real', translator_url: config.SERVICE_TRANSLATOR_URL, translator },
        };
      },
    },
  };
};

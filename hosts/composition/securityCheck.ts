import type { ProfileRepository } from '../../core/ports/ProfileRepository.js';
import { checkSshSecurity, type SshSecurityReport } from '../../core/usecases/security/checkSshSecurity.js';
import { ProductionSshTrust } from '../../adapters/slurm/sshTrust.js';
import { sshEnvironment } from '../../adapters/slurm/sshCredentials.js';
import type { Config } from '../../schema/environment.js';
import { TYPES } from './composition.js';
import { openRuntime } from './runtime.js';

/** `surveyor security check`, wired: the production SSH rules, with the profiles read from the database. */
export const securityCheck = (config: Config, offline: boolean): Promise<SshSecurityReport> =>
  checkSshSecurity(
    {
      trust: new ProductionSshTrust(sshEnvironment(config), config.SERVICE_BATCH_SSH_TIMEOUT_SECONDS * 1000),
      batchProfiles: async () => {
        // Mock backends: the check reads the profiles without building the real backends it checks.
        const rt = await openRuntime('cli', { mockBackends: true, logToStderr: true });
        try {
          const all = await rt.container.get<ProfileRepository>(TYPES.Profiles).list();
          return all.filter((p) => p.deployment.kind === 'batch_remote');
        } finally {
          await rt.close();
        }
      },
    },
    { offline },
  );

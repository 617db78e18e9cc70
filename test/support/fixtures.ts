// Records for tests that build stores by hand.
import type { DeploymentProfile } from '../../core/domain/profile.js';

/** A rest_remote profile named `dim` in `projectModule`, created at `at`. */
export const dimProfile = (
  id: string,
  projectModule: string | null,
  at: Date,
  over: Partial<DeploymentProfile> = {},
): DeploymentProfile => ({
  id,
  name: 'dim',
  description: '',
  project_module: projectModule,
  is_default: false,
  translation: { algo: 'metis', num_par: 1, num_islands: 0 },
  deployment: {
    kind: 'rest_remote',
    dim_port_for_tm: 8001,
    deploy_host: 'dim.example.org',
    deploy_port: 8001,
    use_https: false,
    verify_ssl: true,
  },
  version: 1,
  createdAt: at,
  updatedAt: at,
  ...over,
});

import { startWorker, type WorkerHandle } from '../../hosts/worker/worker.js';
import { startTestApi, type TestApi } from './api.js';
import { daliugeGraphDir, daliugeTestbed } from './daliuge.js';
import { prepareProject } from './project.js';
import { type SlurmTestbed, slurmApiEnv, slurmTestbed, testbedDeployment } from './slurm.js';

export interface SlurmSuite {
  readonly tb: SlurmTestbed;
  readonly graphs: ReturnType<typeof daliugeGraphDir>;
  readonly api: TestApi;
  readonly worker: WorkerHandle;
  readonly p: Awaited<ReturnType<typeof prepareProject>>;
  stop(): Promise<void>;
}

/**
 * The API and a worker in this process on the real Slurm testbed (translated by the DALiuGE
 * testbed's translator), with a project whose configuration `yaml` builds from the graphs, the
 * testbed's batch profile, and `ids` registered and discovered; `env` adds to the API's environment.
 */
export const startSlurmSuite = async (
  ids: readonly string[],
  yaml: (graphs: ReturnType<typeof daliugeGraphDir>) => string,
  env: Record<string, string> = {},
): Promise<SlurmSuite> => {
  const tb = slurmTestbed();
  const graphs = daliugeGraphDir();
  const api = await startTestApi({ ...slurmApiEnv(tb, daliugeTestbed().tmUrl, graphs.dir), ...env });
  const worker = await startWorker(api.container);
  const p = await prepareProject(api, ids, yaml(graphs), {
    translation: { algo: 'metis', num_par: 1, num_islands: 1 },
    deployment: testbedDeployment(tb),
  });
  return {
    tb,
    graphs,
    api,
    worker,
    p,
    stop: async () => {
      await worker.stop(2000);
      await api.close();
    },
  };
};

// The API, a worker and a project on the Slurm testbed, for the slurm/ suites.
import { TYPES } from '../../hosts/composition/composition.js';
import { startTraces } from '../../hosts/composition/traces.js';
import { startWorker, type WorkerHandle } from '../../hosts/worker/worker.js';
import type { Config } from '../../schema/environment.js';
import { type TracesTestbed, tracesTestbed } from './traces.js';
import { startTestApi, type TestApi } from './api.js';
import { daliugeGraphDir, daliugeTestbed, yamlWithGraph } from './daliuge.js';
import { prepareProject } from './project.js';
import { type SlurmTestbed, slurmApiEnv, slurmTestbed, testbedDeployment } from './slurm.js';

export interface SlurmSuite {
  readonly tb: SlurmTestbed;
  readonly graphs: ReturnType<typeof daliugeGraphDir>;
  readonly api: TestApi;
  readonly worker: WorkerHandle;
  readonly p: Awaited<ReturnType<typeof prepareProject>>;
  /** Where this process's traces go (the traces testbed), sent on `flush`; none when not `traced`. */
  readonly traces: { readonly receiver: TracesTestbed; flush(): Promise<void> } | null;
  /** Makes the project's configuration run `path` (a graph in the suite's directory) with these patches. */
  useGraph(path: string, patches: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The API and a worker in this process on the real Slurm testbed (translated by the DALiuGE
 * testbed's translator), with a project whose configuration `yaml` builds from the graphs, the
 * testbed's batch profile, and `ids` registered and discovered; `env` adds to the API's environment.
 * Its traces go to the traces testbed unless `traced` is false (a benchmark's figures are the
 * service's own).
 */
export const startSlurmSuite = async (
  ids: readonly string[],
  yaml: (graphs: ReturnType<typeof daliugeGraphDir>) => string,
  env: Record<string, string> = {},
  opts: { readonly traced?: boolean } = {},
): Promise<SlurmSuite> => {
  const tb = slurmTestbed();
  const graphs = daliugeGraphDir();
  const receiver = opts.traced === false ? null : tracesTestbed();
  const api = await startTestApi({
    ...slurmApiEnv(tb, daliugeTestbed().tmUrl, graphs.dir),
    ...(receiver ? { SERVICE_OTLP_TRACES_URL: receiver.otlpUrl } : {}),
    ...env,
  });
  const tracing = startTraces(api.container.get<Config>(TYPES.Config), 'slurm-test');
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
    traces: receiver ? { receiver, flush: async () => tracing?.flush() } : null,
    useGraph: (path, patches) =>
      api.uploadConfig(yamlWithGraph(path, graphs.sha[path]!, patches), p.adminToken),
    stop: async () => {
      await worker.stop(2000);
      await tracing?.shutdown();
      await api.close();
    },
  };
};

/** Makes a profile of a project (the suite's) on the testbed's facility partition, `over` on top; the API's answer. */
export const facilityProfile = (
  suite: SlurmSuite,
  name: string,
  over: Record<string, unknown>,
  module = suite.p.module,
) =>
  suite.api.call('POST', '/deployment-profiles', {
    token: suite.p.adminToken,
    body: {
      name,
      project_module: module,
      translation: { algo: 'metis', num_par: 1, num_islands: 1 },
      deployment: testbedDeployment(suite.tb, { partition: suite.tb.facility.partition, ...over }),
    },
  });

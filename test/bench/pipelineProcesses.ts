// Executions through the mock pipeline with `surveyor worker` as a group of 1 and 2 processes
// (SERVICE_WORKER_PROCESSES) on this machine, 8 clients creating and executing in the bench's
// process: what a second core adds to the workers. Used by executionPipeline.ts (scripts/bench
// pipeline), which prints it after the in-process figures.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExecutionFigures } from '../../core/ports/ExecutionFigures.js';
import { executionDeps, TYPES } from '../../hosts/composition/composition.js';
import { startTestApi } from '../support/api.js';
import { fastWorkerEnv, runCli } from '../support/child.js';
import { freshDatabase } from '../support/db.js';
import { graphDir, prepareProject } from '../support/project.js';
import { createAndExecute, untilAllCompleted } from './pipelineClients.js';

/** Seconds `total` executions took with `processes` worker processes of concurrency 8 each. */
export const workerGroupRun = async (yaml: string, total: number, processes: number): Promise<number> => {
  const d = await freshDatabase({ poolMax: 12 });
  const api = await startTestApi(
    { SERVICE_LOG_LEVEL: 'warn', SERVICE_GRAPH_DIR: graphDir, SERVICE_MOCK_STEP_MS: '0' },
    d,
  );
  const dir = mkdtempSync(join(tmpdir(), 'surveyor-bench-group-'));
  const group = runCli(
    ['worker'],
    fastWorkerEnv(d.url, dir, {
      SERVICE_LOG_LEVEL: 'warn',
      SERVICE_GRAPH_DIR: graphDir,
      SERVICE_MOCK_STEP_MS: '0',
      SERVICE_WORKER_CONCURRENCY: '8',
      SERVICE_DB_POOL_MAX: '14',
      SERVICE_WORKER_PROCESSES: String(processes),
    }),
  );
  try {
    const names = Array.from({ length: 100 }, (_, i) => `HIPASSJ${String(i).padStart(4, '0')}+00`);
    await prepareProject(api, names, yaml);
    await new Promise((r) => setTimeout(r, 2000));
    if (group.child.exitCode !== null) throw new Error(`the workers exited: ${group.output().slice(-2000)}`);
    const started = performance.now();
    await createAndExecute(executionDeps(api.container), names, total);
    await untilAllCompleted(api.container.get<ExecutionFigures>(TYPES.ExecutionFigures), total);
    return (performance.now() - started) / 1000;
  } finally {
    group.child.kill('SIGTERM');
    await group.exited(30_000).catch(() => group.child.kill('SIGKILL'));
    await api.close();
    await d.drop();
    rmSync(dir, { recursive: true, force: true });
  }
};

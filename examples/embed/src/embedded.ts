// The same flow on PostgreSQL (an embedded cluster in a temporary directory) with a worker in process.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createSurveyor } from 'surveyor';
import { examplesDir, runFlow } from './flow.js';

const dataDir = mkdtempSync(join(tmpdir(), 'surveyor-embed-'));
const started = Date.now();
const s = await createSurveyor({
  database: { embedded: { dataDir, port: Number(process.env['EXAMPLE_PG_PORT'] ?? 55439) } },
  settings: {
    SERVICE_GRAPH_DIR: join(examplesDir, 'graphs'),
    SERVICE_EXECUTION_TICK_SECONDS: '1',
    SERVICE_REST_POLL_MIN_SECONDS: '1',
    SERVICE_SCHEDULER_CHECK_SECONDS: '1',
    SERVICE_MOCK_STEP_MS: '300',
  },
});
try {
  const kinds = await runFlow(
    s,
    async (what, done) => {
      for (const until = Date.now() + 60_000; Date.now() < until; await sleep(200)) if (await done()) return;
      throw new Error(`${what}: not within 60 s`);
    },
    1,
  );
  if (!kinds.includes('execution.completed')) throw new Error(`no completion in ${kinds.join(', ')}`);
  console.log(
    `embedded PostgreSQL: completed in ${((Date.now() - started) / 1000).toFixed(1)} s: ${kinds.join(' → ')}`,
  );
} finally {
  await s.close(2000);
  rmSync(dataDir, { recursive: true, force: true });
}

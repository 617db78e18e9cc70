// The flow without a database: memory ports, mock backends, a clock that moves when told.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHarness } from 'surveyor/harness';
import { examplesDir, runFlow } from './flow.js';

const graph = 'wallaby-hires_test-pipeline-nodownloads.graph';
const h = createHarness({ graphs: { [graph]: readFileSync(join(examplesDir, 'graphs', graph), 'utf8') } });
const kinds = await runFlow(
  h,
  async (_what, done) => {
    await h.until(done, { maxSeconds: 3600 });
  },
  60,
);
if (!kinds.includes('execution.completed')) throw new Error(`no completion in ${kinds.join(', ')}`);
console.log(
  `harness: completed in ${(h.clock.now().getTime() - Date.UTC(2026, 0, 1)) / 1000} simulated seconds: ${kinds.join(' → ')}`,
);

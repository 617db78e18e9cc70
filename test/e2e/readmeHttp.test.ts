// The HTTP walkthrough of docs/api.md, run as it is written (bash, curl, python3) against the API and a
// worker on the mock backends, with only its address changed to this server's: it must stand on
// its own (configuration, profile, source, discovery, execution, to completed), and a second run
// through it must say the configuration is unchanged and still end completed.
import { fileURLToPath } from 'node:url';
import test from 'ava';
import { startWorker, type WorkerHandle } from '../../hosts/worker/worker.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { runBash } from '../support/child.js';
import { graphDir } from '../support/project.js';
import { walkthroughBlocks } from '../support/walkthrough.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const password = 'a-long-walkthrough-password';
let api: TestApi;
let worker: WorkerHandle;

const walkthrough = (): string => walkthroughBlocks('docs/api.md', 'http-walkthrough');

test.before(async () => {
  api = await startTestApi({
    SERVICE_GRAPH_DIR: graphDir,
    SERVICE_EXECUTION_TICK_SECONDS: '1',
    SERVICE_SCHEDULER_CHECK_SECONDS: '1',
    SERVICE_REST_POLL_MIN_SECONDS: '1',
  });
  worker = await startWorker(api.container);
  await api.addUser('admin', 'admin', password);
});
test.after.always(async () => {
  await worker?.stop(2000);
  await api?.close();
});

const run = (script: string) => runBash(script, { cwd: root, input: `${password}\n` });

test('the HTTP walkthrough runs as written, on its own, to completed; a second time it says unchanged', async (t) => {
  t.timeout(300_000);
  const script = walkthrough().replace('BASE=http://127.0.0.1:8080/api/v2', `BASE=${api.base}`);
  t.true(script.includes(`BASE=${api.base}`), 'the block sets BASE where the test expects');
  const first = await run(script);
  t.is(first.code, 0, `${first.out}\n${first.err}`);
  t.deepEqual(first.out.trim().split('\n'), ['True', 'completed'], first.err);
  const second = await run(script);
  t.deepEqual(second.out.trim().split('\n'), ['False', 'completed'], second.err);
});

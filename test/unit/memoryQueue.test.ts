// The memory queue's own rules: backoff doubling to its cap with jitter, and poll rounds, settles and
// alert deliveries claimed before a backlog of runs (the shared rules are in support/queueContract.ts).
import test from 'ava';
import { MemoryJobQueue } from '../../adapters/memory/jobQueue.js';
import { SequentialRandom } from '../../adapters/memory/random.js';
import { backoffSeconds } from '../../core/domain/job.js';
import { deliverJob } from '../../core/usecases/alerts/deliverJob.js';
import { discoveryJob } from '../../core/usecases/discovery/discoveryJob.js';
import { pollJob } from '../../core/usecases/poll/pollJob.js';
import { runJob } from '../../core/usecases/run/runJob.js';
import { settleJob } from '../../core/usecases/run/settleJob.js';
import { queueContract } from '../support/queueContract.js';

for (const [name, rule] of Object.entries(queueContract))
  test(`memory queue: ${name}`, (t) =>
    rule(t, async () => {
      const queue = new MemoryJobQueue(new SequentialRandom());
      return {
        queue,
        done: async () => {},
        askAgain: async (key: string, at: Date) => {
          queue.askAgain(key, at, at);
        },
      };
    }));

test('backoff doubles per attempt up to the cap, with half of it jittered', (t) => {
  const p = { baseSeconds: 5, capSeconds: 60 };
  t.is(backoffSeconds(1, p, 0), 2.5);
  t.is(backoffSeconds(1, p, 0.999999), 4.9999975);
  t.is(backoffSeconds(3, p, 0), 10);
  t.is(backoffSeconds(10, p, 0), 30);
  t.true(backoffSeconds(10, p, 0.5) <= 60);
});

test('poll rounds, settles and alert deliveries are claimed before a backlog of runs and discovery', async (t) => {
  const queue = new MemoryJobQueue(new SequentialRandom());
  const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
  for (let i = 0; i < 20; i++)
    await queue.enqueue(
      runJob.request({ execution_id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, attempt: 1 }),
      at(i),
    );
  await queue.enqueue(discoveryJob.request({ project_module: 'p', source_ids: [] }), at(20));
  await queue.enqueue(pollJob.request({ target: 'https://dim.example', kind: 'rest_remote' }), at(30));
  await queue.enqueue(
    settleJob.request({ execution_id: '00000000-0000-4000-8000-000000000001', attempt: 1 }),
    at(31),
  );
  await queue.enqueue(deliverJob.request({ delivery_id: '00000000-0000-4000-8000-000000000002' }), at(32));
  const kinds = ['execution.run', 'discovery.batch', 'execution.poll', 'execution.settle', 'alert.deliver'];
  const first = await queue.claim('w', kinds, 3, 30, at(40));
  t.deepEqual(first.map((j) => j.kind).sort(), ['alert.deliver', 'execution.poll', 'execution.settle']);
  const next = await queue.claim('w', kinds, 1, 30, at(40));
  t.is(next[0]?.kind, 'execution.run');
});

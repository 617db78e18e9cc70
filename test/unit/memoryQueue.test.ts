import test from 'ava';
import { MemoryJobQueue } from '../../adapters/memory/jobQueue.js';
import { SequentialRandom } from '../../adapters/memory/random.js';
import { backoffSeconds } from '../../core/domain/job.js';
import { queueContract } from '../support/queueContract.js';

for (const [name, rule] of Object.entries(queueContract))
  test(`memory queue: ${name}`, (t) =>
    rule(t, async () => ({ queue: new MemoryJobQueue(new SequentialRandom()), done: async () => {} })));

test('backoff doubles per attempt up to the cap, with half of it jittered', (t) => {
  const p = { baseSeconds: 5, capSeconds: 60 };
  t.is(backoffSeconds(1, p, 0), 2.5);
  t.is(backoffSeconds(1, p, 0.999999), 4.9999975);
  t.is(backoffSeconds(3, p, 0), 10);
  t.is(backoffSeconds(10, p, 0), 30);
  t.true(backoffSeconds(10, p, 0.5) <= 60);
});

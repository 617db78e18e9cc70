// Job kinds as single objects: each one's queue request (name, key, tries, priority), its codec
// at the worker, and the line its work leaves in the log with the job's id.
import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import * as io from 'io-ts';
import type { EnqueueRequest } from '../../core/domain/job.js';
import { jobKind, jobLine } from '../../core/ports/JobHandler.js';
import { deliverJob } from '../../core/usecases/alerts/deliverJob.js';
import { discoveryJob } from '../../core/usecases/discovery/discoveryJob.js';
import { pollJob, pollRound } from '../../core/usecases/poll/pollJob.js';
import { runJob, runJobKeyPrefix } from '../../core/usecases/run/runJob.js';
import { settleJob } from '../../core/usecases/run/settleJob.js';
import { createOf, prepared, right, stateOf, admin } from '../support/harnessProject.js';

const id = '00000000-0000-4000-8000-000000000001';

test('each kind queues with its own key, tries and priority', (t) => {
  const cases: [EnqueueRequest, EnqueueRequest][] = [
    [
      discoveryJob.request({ project_module: 'p', source_ids: [id] }),
      { kind: 'discovery.batch', payload: { project_module: 'p', source_ids: [id] }, maxAttempts: 5 },
    ],
    [
      runJob.request({ execution_id: id, attempt: 2 }),
      {
        kind: 'execution.run',
        payload: { execution_id: id, attempt: 2 },
        idempotencyKey: `execution.run:${id}:a2`,
        maxAttempts: 5,
      },
    ],
    [
      pollJob.request({ target: 'https://dim.example', kind: 'rest_remote' }),
      {
        kind: 'execution.poll',
        payload: { target: 'https://dim.example', kind: 'rest_remote' },
        idempotencyKey: 'execution.poll:https://dim.example',
        maxAttempts: 3,
        priority: 1,
      },
    ],
    [
      settleJob.request({ execution_id: id, attempt: 1 }),
      {
        kind: 'execution.settle',
        payload: { execution_id: id, attempt: 1 },
        idempotencyKey: `execution.settle:${id}:a1`,
        maxAttempts: 10,
        priority: 1,
      },
    ],
    [
      deliverJob.request({ delivery_id: id }),
      {
        kind: 'alert.deliver',
        payload: { delivery_id: id },
        idempotencyKey: `alert.deliver:${id}`,
        maxAttempts: 8,
        priority: 1,
      },
    ],
  ];
  for (const [got, want] of cases) t.deepEqual(got, want, want.kind);
  t.true(runJob.request({ execution_id: id, attempt: 3 }).idempotencyKey!.startsWith(runJobKeyPrefix(id)));
  const round = pollRound('sbatch://login', 'batch_remote', { rest_remote: 2, batch_remote: 30 });
  t.is(round.spacingSeconds, 30, "the batch kind's spacing");
  t.is(round.job.idempotencyKey, 'execution.poll:sbatch://login');
});

test("a kind's handler refuses a payload its codec does not accept, and runs on its deps", async (t) => {
  const seen: string[] = [];
  const kind = jobKind({
    name: 'test.echo',
    codec: io.type({ word: io.string }),
    maxAttempts: 1,
    run: async (deps: { prefix: string }, p) => {
      seen.push(`${deps.prefix}${p.word}`);
      return jobLine('info', 'echoed', { word: p.word });
    },
  });
  const handler = kind.handler({ prefix: '> ' });
  t.is(handler.kind, 'test.echo');
  t.true(E.isLeft(handler.prepare({ word: 3 })), 'a number is not a word');
  const work = handler.prepare({ word: 'hi' });
  if (E.isLeft(work)) return t.fail('a word decodes');
  const line = await work.right({} as never);
  t.deepEqual(seen, ['> hi']);
  t.deepEqual(line, { level: 'info', message: 'echoed', fields: { word: 'hi' } });
  t.false('idempotencyKey' in kind.request({ word: 'x' }), 'no key: every request queues');
});

test("the worker logs each job's line with the job's id, at the line's level", async (t) => {
  const lines: { level: string; message: string; fields: Record<string, unknown> }[] = [];
  const at =
    (level: string) =>
    (fields: object, message: string): void => {
      lines.push({ level, message, fields: fields as Record<string, unknown> });
    };
  const log = { info: at('info'), warn: at('warn'), debug: at('debug') };
  const { h, module } = await prepared(['HIPASSJ0001-23'], undefined, { log });
  const exec = await createOf(h, module, 'HIPASSJ0001-23');
  right(await h.executions.execute(exec, {}, admin.username));
  await h.until(async () => (await stateOf(h, exec)) === 'completed', { maxSeconds: 900 });
  const discovery = lines.find((l) => l.message === 'discovery batch done');
  t.is(discovery?.level, 'info');
  t.is(discovery?.fields['project_module'], module);
  t.is(typeof discovery?.fields['job_id'], 'string', 'the job id is added to every line');
  const polls = lines.filter((l) => l.message === 'poll round done');
  t.true(
    polls.length > 0 && polls.every((l) => l.level === 'debug' && typeof l.fields['job_id'] === 'string'),
  );
});

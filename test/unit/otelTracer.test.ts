// The Tracer port on OpenTelemetry, with the SDK's in-memory exporter: an execution's spans land in
// the trace its id names, under the root recorded at its making, each carrying the id; outbound
// spans take the execution from the span they run under and keep a URL's query out.
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import test from 'ava';
import { executionTrace, tracer, traceIds } from '../../adapters/trace/otelTracer.js';
import { outboundSpan, urlAttributes } from '../../adapters/trace/outboundSpan.js';

const exporter = new InMemorySpanExporter();
test.before(() => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(
    new TracerProvider({ idGenerator: traceIds, spanProcessors: [new SimpleSpanProcessor({ exporter })] }),
  );
});
test.after.always(() => {
  trace.disable();
  context.disable();
});
test.beforeEach(() => exporter.reset());

const id = '3f2c9a4e-1b7d-4c8e-9f0a-5d6e7f8a9b0c';
const ids = executionTrace(id)!;

test.serial("an execution's trace id is its UUID, its root the UUID's second half", (t) => {
  t.deepEqual(ids, { traceId: '3f2c9a4e1b7d4c8e9f0a5d6e7f8a9b0c', rootSpanId: '9f0a5d6e7f8a9b0c' });
  t.is(executionTrace('not-a-uuid'), null);
  t.is(executionTrace('00000000-0000-0000-0000-000000000000'), null);
  t.deepEqual(executionTrace('12345678-9abc-def0-0000-000000000000'), {
    traceId: '123456789abcdef00000000000000000',
    rootSpanId: '123456789abcdef0',
  });
});

test.serial(
  'the root is recorded with the ids every process derives; later spans hang under it',
  async (t) => {
    const made = new Date('2026-11-29T10:00:00Z');
    tracer.record(id, 'execution', { 'surveyor.project_module': 'm' }, made, made, true);
    await tracer.inExecution(id, 'job execution.run', {}, () =>
      tracer.span('stage', {}, () =>
        outboundSpan('GET archive', urlAttributes('GET', 'https://a.example/x/y?sig=SECRET'), async () => 1),
      ),
    );
    tracer.record(id, 'ended', { 'surveyor.state': 'completed' }, made, made);
    const spans = exporter.getFinishedSpans();
    const by = (n: string) => spans.find((s) => s.name === n)!;
    t.deepEqual(
      spans.map((s) => s.name),
      ['execution', 'GET archive', 'stage', 'job execution.run', 'ended'],
    );
    for (const s of spans) {
      t.is(s.spanContext().traceId, ids.traceId, s.name);
      t.is(s.attributes['surveyor.execution_id'], id, s.name);
    }
    t.is(by('execution').spanContext().spanId, ids.rootSpanId);
    t.is(by('execution').parentSpanContext, undefined);
    t.is(by('job execution.run').parentSpanContext?.spanId, ids.rootSpanId);
    t.is(by('ended').parentSpanContext?.spanId, ids.rootSpanId);
    t.is(by('stage').parentSpanContext?.spanId, by('job execution.run').spanContext().spanId);
    t.is(by('GET archive').parentSpanContext?.spanId, by('stage').spanContext().spanId);
    t.is(by('GET archive').attributes['url.path'], '/x/y');
    t.false(JSON.stringify(by('GET archive').attributes).includes('SECRET'));
    // Only the root got the pinned ids: the others are random.
    t.not(by('stage').spanContext().spanId, ids.rootSpanId);
  },
);

test.serial(
  'a request inside the trace stays a child of its span; another execution starts under its own root',
  async (t) => {
    const other = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
    await tracer.inExecution(id, 'POST /executions/{id}/execute', {}, () =>
      tracer.inExecution(id, 'inner', {}, () =>
        tracer.inExecution(other, 'elsewhere', {}, async () => undefined),
      ),
    );
    const spans = exporter.getFinishedSpans();
    const by = (n: string) => spans.find((s) => s.name === n)!;
    t.is(by('inner').parentSpanContext?.spanId, by('POST /executions/{id}/execute').spanContext().spanId);
    t.is(by('elsewhere').spanContext().traceId, executionTrace(other)!.traceId);
    t.is(by('elsewhere').parentSpanContext?.spanId, executionTrace(other)!.rootSpanId);
    t.is(by('elsewhere').attributes['surveyor.execution_id'], other);
  },
);

test.serial(
  'a failure marks its span and still ends it; work outside an execution is a trace of its own',
  async (t) => {
    await t.throwsAsync(
      tracer.inExecution(id, 'job execution.run', {}, () => Promise.reject(new Error('boom'))),
    );
    await tracer.span('job execution.poll', { 'surveyor.job.kind': 'execution.poll' }, async () => undefined);
    const [failed, poll] = exporter.getFinishedSpans();
    t.is(failed!.status.code, 2);
    t.is(failed!.status.message, 'boom');
    t.not(poll!.spanContext().traceId, ids.traceId);
    t.is(poll!.attributes['surveyor.execution_id'], undefined);
  },
);

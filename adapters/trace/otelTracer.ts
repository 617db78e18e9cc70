import {
  type Context,
  context,
  createContextKey,
  type Span,
  SpanStatusCode,
  TraceFlags,
  trace,
} from '@opentelemetry/api';
import type { IdGenerator } from '@opentelemetry/sdk-trace';
import type { TraceAttributes, Tracer } from '../../core/ports/Tracer.js';

/** The instrumentation's name, as receivers show it beside each span. */
const scope = 'surveyor';
const executionKey = createContextKey('surveyor.execution_id');
const hex32 = /^[0-9a-f]{32}$/;

/**
 * An execution's trace id (its UUID's 32 hex digits) and its root span's id (the second half, or
 * the first when that is zero): what every process derives alone, so no context rides the queue.
 */
export const executionTrace = (executionId: string): { traceId: string; rootSpanId: string } | null => {
  const h = executionId.replace(/-/g, '').toLowerCase();
  if (!hex32.test(h) || /^0+$/.test(h)) return null;
  const second = h.slice(16);
  return { traceId: h, rootSpanId: /^0+$/.test(second) ? h.slice(0, 16) : second };
};

/**
 * Random ids, except for the one span asked for with given ids (an execution's root): the SDK
 * takes every id from its generator, and startSpan asks synchronously, so a pinned pair set just
 * before it and cleared just after reaches that span alone.
 */
class PinnableIds implements IdGenerator {
  pinned: { traceId: string; spanId: string } | null = null;
  private readonly bytes = new Uint8Array(16);
  generateTraceId(): string {
    return this.pinned?.traceId ?? this.random(16);
  }
  generateSpanId(): string {
    return this.pinned?.spanId ?? this.random(8);
  }
  private random(n: number): string {
    crypto.getRandomValues(this.bytes);
    let s = '';
    for (let i = 0; i < n; i++) s += (this.bytes[i] as number).toString(16).padStart(2, '0');
    return /^0+$/.test(s) ? this.random(n) : s;
  }
}

/** The id generator the tracing SDK is built with (tracing.ts). */
export const traceIds = new PinnableIds();

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err)).slice(0, 300);

const ended = async <T>(span: Span, work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (err) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: messageOf(err) });
    throw err;
  } finally {
    span.end();
  }
};

/**
 * The Tracer port on the OpenTelemetry API: spans go to the SDK tracing.ts registers, or nowhere
 * (the API's no-op) when tracing is off. Every span under an execution carries its id.
 */
export class OtelTracer implements Tracer {
  inExecution<T>(
    executionId: string,
    name: string,
    attributes: TraceAttributes,
    work: () => Promise<T>,
  ): Promise<T> {
    const ids = executionTrace(executionId);
    if (!ids) return this.span(name, attributes, work);
    const active = context.active();
    const parent =
      trace.getSpanContext(active)?.traceId === ids.traceId
        ? active
        : trace.setSpanContext(active, {
            traceId: ids.traceId,
            spanId: ids.rootSpanId,
            traceFlags: TraceFlags.SAMPLED,
            isRemote: true,
          });
    return this.start(name, attributes, parent.setValue(executionKey, executionId), work);
  }

  span<T>(name: string, attributes: TraceAttributes, work: () => Promise<T>): Promise<T> {
    return this.start(name, attributes, context.active(), work);
  }

  record(
    executionId: string,
    name: string,
    attributes: TraceAttributes,
    from: Date,
    to: Date,
    root = false,
  ): void {
    const ids = executionTrace(executionId);
    if (!ids) return;
    const tracer = trace.getTracer(scope);
    const options = {
      attributes: { ...attributes, 'surveyor.execution_id': executionId },
      startTime: from,
    };
    let span: Span;
    if (root) {
      traceIds.pinned = { traceId: ids.traceId, spanId: ids.rootSpanId };
      try {
        span = tracer.startSpan(name, { ...options, root: true });
      } finally {
        traceIds.pinned = null;
      }
    } else
      span = tracer.startSpan(
        name,
        options,
        trace.setSpanContext(context.active(), {
          traceId: ids.traceId,
          spanId: ids.rootSpanId,
          traceFlags: TraceFlags.SAMPLED,
          isRemote: true,
        }),
      );
    span.end(to);
  }

  private start<T>(name: string, attributes: TraceAttributes, parent: Context, work: () => Promise<T>) {
    const executionId = parent.getValue(executionKey);
    const all =
      typeof executionId === 'string' ? { ...attributes, 'surveyor.execution_id': executionId } : attributes;
    return trace
      .getTracer(scope)
      .startActiveSpan(name, { attributes: all }, parent, (span) => ended(span, work));
  }
}

/** The one tracer of a process: the port's implementation, and what adapters wrap outbound calls in. */
export const tracer = new OtelTracer();

import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { checkOutbound, outbound } from '../shared/outbound.js';
import { traceIds } from './otelTracer.js';

/** What a process that traces holds: flush before it exits, or the last spans are lost. */
export interface Tracing {
  /** Sends the spans that ended and wait in the batch. */
  readonly flush: () => Promise<void>;
  readonly shutdown: () => Promise<void>;
}

/** Seconds one export of a batch of spans may take: a slow receiver never holds the service up. */
const exportTimeoutMs = 5_000;

/**
 * Starts OpenTelemetry tracing for this process when SERVICE_OTLP_TRACES_URL is set: spans are
 * batched and sent over OTLP/HTTP (JSON) to that endpoint, through the same outbound policy as
 * every other connection (checked here, so a refused host fails the start with the reason). Unset,
 * nothing is registered and the API's spans cost nothing. `role` names the process in the
 * receiver (surveyor-api, surveyor-worker).
 */
export const startTracing = (
  url: string | undefined,
  role: string,
  attributes: Readonly<Record<string, string>>,
): Tracing | null => {
  if (!url) return null;
  const { policy, agents } = outbound();
  checkOutbound(policy, url);
  const exporter = new OTLPTraceExporter({
    url,
    timeoutMillis: exportTimeoutMs,
    httpAgentOptions: (protocol) => (protocol === 'http:' ? agents.http : agents.https),
  });
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': role, ...attributes }),
    idGenerator: traceIds,
    // Bounded: a receiver that is away costs at most this many spans of memory, then drops.
    spanProcessors: [new BatchSpanProcessor({ exporter, maxQueueSize: 4096, scheduledDelayMillis: 1000 })],
    spanLimits: { attributeCountLimit: 32, attributeValueLengthLimit: 512 },
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(provider);
  return {
    flush: () => provider.forceFlush(),
    shutdown: async () => {
      await provider.shutdown().catch(() => undefined);
      trace.disable();
      context.disable();
    },
  };
};

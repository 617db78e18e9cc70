import { trace } from '@opentelemetry/api';
import type { TraceAttributes } from '../../core/ports/Tracer.js';
import { tracer } from './otelTracer.js';

/**
 * Where an HTTP request goes, as span attributes (OpenTelemetry's names): host, port and path,
 * never the query (a pre-signed link's signature, a token) or credentials.
 */
export const urlAttributes = (method: string, url: string): TraceAttributes => {
  try {
    const u = new URL(url);
    const port = u.port ? Number(u.port) : u.protocol === 'https:' ? 443 : 80;
    return {
      'http.request.method': method,
      'server.address': u.hostname,
      'server.port': port,
      'url.scheme': u.protocol.replace(/:$/, ''),
      'url.path': u.pathname.slice(0, 200),
    };
  } catch {
    return { 'http.request.method': method };
  }
};

/**
 * Runs one outbound call (a request to a translator, island manager or archive, an SSH command) in
 * a client span under the current one, so each appears in the trace of the execution it serves;
 * `answered` adds what the answer says (its status) once it came.
 */
export const outboundSpan = <T>(
  name: string,
  attributes: TraceAttributes,
  work: () => Promise<T>,
  answered?: (r: T) => TraceAttributes,
): Promise<T> =>
  tracer.span(name, attributes, async () => {
    const r = await work();
    if (answered) trace.getActiveSpan()?.setAttributes(answered(r));
    return r;
  });

// The traces testbed (scripts/testbed/traces, Jaeger): where spans go, and a trace as its query
// API answers it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../../../', import.meta.url));

export interface TracesTestbed {
  /** The OTLP/HTTP traces endpoint (SERVICE_OTLP_TRACES_URL). */
  readonly otlpUrl: string;
  /** Jaeger's query API. */
  readonly queryUrl: string;
}

/** A span as Jaeger's query API gives it (times in microseconds). */
export interface JaegerSpan {
  readonly traceID: string;
  readonly spanID: string;
  readonly operationName: string;
  readonly references: readonly { refType: string; spanID: string }[];
  readonly startTime: number;
  readonly duration: number;
  readonly tags: readonly { key: string; value: unknown }[];
}

/**
 * The running traces testbed: from TRACES_TESTBED_* (scripts/test exports them) or its env file.
 * Without it the suite fails, saying how to start it.
 */
export const tracesTestbed = (): TracesTestbed => {
  const vars: Record<string, string | undefined> = { ...process.env };
  const file = join(process.env['SURVEYOR_TESTBED_DIR'] ?? join(repo, '.testbed'), 'traces', 'env');
  if (!vars['TRACES_TESTBED_OTLP_URL'] && existsSync(file))
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const m = /^(TRACES_TESTBED_\w+)=(.*)$/.exec(line);
      if (m) vars[m[1]!] = m[2];
    }
  const otlpUrl = vars['TRACES_TESTBED_OTLP_URL'];
  const queryUrl = vars['TRACES_TESTBED_QUERY_URL'];
  if (!otlpUrl || !queryUrl)
    throw new Error(
      'the traces testbed is not running: start it with scripts/testbed/traces start (scripts/test starts it itself)',
    );
  return { otlpUrl, queryUrl };
};

/** The trace's spans once `complete` holds of them (the receiver stores batches as they come). */
export const traceOf = async (
  tb: TracesTestbed,
  traceId: string,
  complete: (spans: readonly JaegerSpan[]) => boolean,
  ms = 30_000,
): Promise<JaegerSpan[]> => {
  const end = Date.now() + ms;
  let last: JaegerSpan[] = [];
  for (;;) {
    const r = await fetch(`${tb.queryUrl}/api/traces/${traceId}`);
    if (r.ok) {
      const body = (await r.json()) as { data?: { spans: JaegerSpan[] }[] };
      last = body.data?.flatMap((d) => d.spans) ?? [];
      if (complete(last)) return last;
    }
    if (Date.now() > end)
      throw new Error(
        `trace ${traceId} not complete after ${ms / 1000} s: ${last.map((s) => s.operationName).join(', ') || 'no spans'}`,
      );
    await new Promise((res) => setTimeout(res, 250));
  }
};

/**
 * What a span carries besides its name: ids, names, states, counts. Never a secret, a URL's query,
 * a script or a request body: the receiver of traces is outside the service's trust.
 */
export type TraceAttributes = Readonly<Record<string, string | number | boolean>>;

/**
 * Where the service's work is traced (OpenTelemetry over OTLP when configured, nowhere otherwise).
 * Every span of one execution is in one trace whose id is the execution's id, under a root span
 * recorded when the execution is made: the API requests that act on it, its jobs on any worker,
 * their steps and outbound calls, and the poll's verdicts find their trace from the id alone, with
 * no context carried through the queue (docs/monitoring/README.md, "Traces").
 */
export interface Tracer {
  /**
   * Runs `work` in a span of the execution's trace: a child of the current span when that is in
   * the same trace, of the execution's root otherwise.
   */
  inExecution<T>(
    executionId: string,
    name: string,
    attributes: TraceAttributes,
    work: () => Promise<T>,
  ): Promise<T>;
  /** Runs `work` in a child of the current span; with none, in a trace of its own. */
  span<T>(name: string, attributes: TraceAttributes, work: () => Promise<T>): Promise<T>;
  /**
   * Records what already happened in the execution's trace: its root once it is made (`root`),
   * or a moment under the root (a poll's verdict, the end).
   */
  record(
    executionId: string,
    name: string,
    attributes: TraceAttributes,
    from: Date,
    to: Date,
    root?: boolean,
  ): void;
}

/** Traces nothing: the work runs as it is (tests, embedders, a service with tracing off). */
export const untraced: Tracer = {
  inExecution: (_id, _name, _attributes, work) => work(),
  span: (_name, _attributes, work) => work(),
  record: () => undefined,
};

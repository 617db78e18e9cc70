import type { OutputReport, RemoteOutcome } from './backendStates.js';

/** A project's `output_verification` setting. */
export interface OutputVerification {
  readonly required: boolean;
  readonly inventory_schema?: string;
}

type Finished = Extract<RemoteOutcome, { kind: 'finished' }>;

/**
 * The output inventory recorded on the run (`run_record.outputs`), tagged with the project's
 * `inventory_schema` so that whoever reads it knows which inventory it is.
 */
export const outputInventory = (v: OutputVerification, report: OutputReport | undefined) => ({
  schema: v.inventory_schema ?? null,
  required: v.required,
  checked: report !== undefined,
  count: report?.count ?? null,
  incomplete_count: report?.incompleteCount ?? null,
  incomplete: report?.incomplete ?? [],
  // Not missing: skipped by design (an untaken branch), and written then freed by DALiuGE.
  skipped_count: report?.skippedCount ?? null,
  freed_count: report?.freedCount ?? null,
});

const listed = (r: OutputReport): string => {
  const shown = r.incomplete.map((o) => `${o.oid} (${o.state})`).join(', ');
  const more = r.incompleteCount - r.incomplete.length;
  return more > 0 ? `${shown} and ${more} more` : shown;
};

/**
 * What a finished graph means under the project's setting. Required: every output must have been
 * written (completed, or completed and then freed by DALiuGE) or skipped by design (an untaken
 * branch), at least one written, and a backend that could not tell fails the run too (nothing is
 * taken on trust); not required: the run completes, its inventory saying what was missing.
 */
export const verifyOutputs = (o: Finished, v: OutputVerification): RemoteOutcome => {
  if (!v.required) return o;
  const r = o.outputs;
  if (r === undefined)
    return {
      kind: 'failed',
      remoteState: o.remoteState,
      reason:
        'the graph finished, but its outputs could not be checked (the backend did not report their states) and output_verification.required is true',
    };
  if (r.count === 0)
    return {
      kind: 'failed',
      remoteState: o.remoteState,
      reason:
        'the graph finished without any output (no data drop is left unconsumed) and output_verification.required is true',
    };
  if (r.incompleteCount === 0 && (r.skippedCount ?? 0) === r.count)
    return {
      kind: 'failed',
      remoteState: o.remoteState,
      reason: `the graph finished, but every one of its ${r.count} outputs was skipped (no branch that writes an output was taken) and output_verification.required is true`,
    };
  if (r.incompleteCount === 0) return o;
  return {
    kind: 'failed',
    remoteState: o.remoteState,
    reason: `the graph finished, but ${r.incompleteCount} of its ${r.count} outputs did not complete: ${listed(r)}`,
    failedDrops: r.incomplete.map((x) => x.oid),
  };
};

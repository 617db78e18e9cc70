import type { Execution } from '../../domain/executionRecord.js';
import { phaseOf } from '../../domain/execution.js';
import { type SourceState, sourceReadiness } from '../../domain/source.js';

/**
 * Why a pending execution has not been queued, in words: it was not asked to run yet, or a source
 * is not ready under the pinned configuration's required flags.
 */
export const executionBlockers = (
  e: Execution,
  sources: readonly SourceState[],
  requiredFlags: readonly string[],
): string[] => {
  if (e.state !== 'pending') return [];
  const reasons: string[] = [];
  if (e.executeRequestedAt === null) reasons.push('not asked to run yet: POST /executions/{id}/execute');
  for (const s of sources) {
    const r = sourceReadiness(s, requiredFlags);
    for (const why of r.blockedBy) reasons.push(`source ${s.sourceIdentifier}: ${why}`);
  }
  return reasons;
};

export const statusOf = (
  e: Execution,
  sources: readonly SourceState[],
  requiredFlags: readonly string[],
) => ({
  phase: phaseOf(e.state),
  blocked_by: executionBlockers(e, sources, requiredFlags),
  sources: sources.map((s) => {
    const r = sourceReadiness(s, requiredFlags);
    return { source_identifier: s.sourceIdentifier, uuid: s.id, ready: r.ready, blocked_by: r.blockedBy };
  }),
});

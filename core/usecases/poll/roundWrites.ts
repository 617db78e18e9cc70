import { walltimeMinutes } from '../../domain/walltime.js';
import { executionEvent } from '../../domain/execution.js';
import type { Execution } from '../../domain/executionRecord.js';
import { outputInventory, verifyOutputs } from '../../domain/outputVerification.js';
import type { Lease } from '../../domain/job.js';
import type { RemoteOutcome } from '../../domain/backendStates.js';
import type { PollItem } from '../../ports/DeploymentBackend.js';
import type { ArtifactStore } from '../../ports/ArtifactStore.js';
import type { ProjectConfig } from '../../domain/projectConfig.js';
import type { DropSpec } from '../../ports/Translator.js';
import { artifactNames } from '../../domain/artifactNames.js';
import { type RecordedProgress, stallText } from '../../domain/stalls.js';
import type { ExecutionChange, ExecutionWrite } from '../../ports/ExecutionRepository.js';
import { remoteStartedAt } from '../../domain/runDeadline.js';
import { attemptUsage, type RemoteUsage, type UsageOutcome } from '../../domain/usage.js';

// What a poll round writes for one execution: its end, its notices, each fenced by the round's lease.

/** What the backend is asked about for one execution (its submitted graph read only when needed). */
export const itemOf = (artifacts: Pick<ArtifactStore, 'artifact'>, e: Execution): PollItem => ({
  executionId: e.id,
  schedulerJobId: e.schedulerJobId!,
  profile: e.profileSnapshot,
  submittedAt: e.submittedAt ?? e.updatedAt,
  cancelSentAt: e.cancelSentAt,
  runRecord: e.runRecord,
  submittedGraph: async () => {
    const text = await artifacts.artifact(e.id, e.attempt, artifactNames.translated);
    return text === null ? null : (JSON.parse(text) as DropSpec[]);
  },
});

/**
 * A finished graph under the pinned configuration's `output_verification`: the outcome it stands
 * for (failed when required outputs are missing) and the inventory recorded on the run.
 */
export const judgeOutputs = (
  pinned: ProjectConfig | null,
  o: Extract<RemoteOutcome, { kind: 'finished' }>,
) => {
  const v = pinned?.output_verification ?? { required: false };
  return { outcome: verifyOutputs(o, v), inventory: outputInventory(v, o.outputs) };
};

/**
 * The names of a run's drops by oid, from the graph it submitted (read only for a stall, which is
 * rare): DALiuGE's oids name the logical graph node's id, not what the user called it.
 */
export const dropNames = async (
  artifacts: Pick<ArtifactStore, 'artifact'>,
  e: Execution,
): Promise<(oid: string) => string> => {
  const text = await artifacts.artifact(e.id, e.attempt, artifactNames.translated).catch(() => null);
  const names = new Map<string, string>();
  try {
    for (const d of text ? (JSON.parse(text) as DropSpec[]) : [])
      if (typeof d['oid'] === 'string' && typeof d['name'] === 'string') names.set(d['oid'], d['name']);
  } catch {
    // An unreadable artifact leaves the oids as they are.
  }
  return (oid) => (names.has(oid) ? `${names.get(oid)} (${oid})` : oid);
};

/** The warning that a running session made no progress for a while (once per digest). */
export const stalledEvent = async (
  artifacts: Pick<ArtifactStore, 'artifact'>,
  e: Execution,
  minutes: number,
  p: RecordedProgress,
) =>
  executionEvent(e, 'execution.stalled', {
    minutes,
    message: stallText(minutes, p, await dropNames(artifacts, e)),
    running_count: p.running_count,
    waiting_count: p.waiting_count,
    drops: p.drops,
  });

/** A write of the execution from the state the round read, fenced by the poll job's lease. */
export const fencedWrite = (
  e: Execution,
  lease: Lease,
  change: ExecutionChange,
  events: ExecutionWrite['events'],
): ExecutionWrite => ({ id: e.id, expect: [e.state], change, fence: lease, events });

/**
 * What the attempt that ends now used: as its backend reported it, or (a run given up on, a backend
 * that could not say) estimated from our own times and the profile's nodes.
 */
export const usageAtEnd = (
  e: Execution,
  outcome: UsageOutcome,
  remoteState: string,
  reported: RemoteUsage | null,
  now: Date,
) => {
  const d = e.profileSnapshot.deployment;
  return attemptUsage({
    executionId: e.id,
    attempt: e.attempt,
    projectModule: e.projectModule,
    profileName: e.profileSnapshot.name,
    backend: d.kind,
    outcome,
    remoteState,
    reported,
    submittedAt: e.submittedAt,
    // An island manager runs a graph as it gets it; a batch job runs from when a poll saw it start.
    seenStartedAt: d.kind === 'batch_remote' ? remoteStartedAt(e) : e.submittedAt,
    profileNodes:
      d.kind === 'batch_remote' ? d.num_nodes : Math.max(1, e.profileSnapshot.translation.num_par),
    limitMinutes: walltimeMinutes(e),
    ourSeconds: ourSecondsOf(e),
    graph: typeof e.runRecord['graph_name'] === 'string' ? e.runRecord['graph_name'] : null,
    now,
  });
};

/** Seconds from a worker taking this attempt (`run_started_at`) to its submission; null when either is unknown. */
const ourSecondsOf = (e: Execution): number | null => {
  const from = e.runRecord['run_started_at'];
  const started = typeof from === 'string' ? Date.parse(from) : Number.NaN;
  if (!e.submittedAt || Number.isNaN(started)) return null;
  return Math.max(0, Math.round((e.submittedAt.getTime() - started) / 100) / 10);
};

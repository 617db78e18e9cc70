import { type AttemptUsage, executionUsage } from '../../domain/usage.js';
import { isoTime, isoTimeOrNull } from '../../domain/isoTime.js';
import type { ProvenanceEvent } from '../../domain/event.js';
import { phaseOf } from '../../domain/execution.js';
import type { Execution } from '../../domain/executionRecord.js';
import type { ProjectConfigVersion } from '../../domain/projectVersion.js';
import type { Source } from '../../domain/source.js';
import type { ArtifactInfo } from '../../ports/ArtifactStore.js';

const seconds = (a: Date | undefined, b: Date | undefined) =>
  a && b ? Math.max(0, (b.getTime() - a.getTime()) / 1000) : null;

/** When each milestone of the current attempt happened, from its events. */
const milestones = (e: Execution, events: readonly ProvenanceEvent[]) => {
  const at = new Map<string, Date>();
  for (const ev of events)
    if (ev.payload['attempt'] === e.attempt || ev.kind === 'execution.created') at.set(ev.kind, ev.createdAt);
  return at;
};

/**
 * A short account of an execution: where it is, how long each phase of the current attempt took
 * (seconds; null when the phase did not happen or has not ended), and what the backend said.
 */
export const executionSummary = (
  e: Execution,
  events: readonly ProvenanceEvent[],
  usage: readonly AttemptUsage[],
) => {
  const m = milestones(e, events);
  const queued = m.get('execution.queued');
  const stageStart = m.get('execution.staging');
  const staged = m.get('execution.staged') ?? m.get('execution.staging_skipped');
  const translated = m.get('execution.translated') ?? m.get('execution.dry_run_completed');
  const submitted = m.get('execution.submitted');
  const ended = e.finishedAt ?? undefined;
  return {
    uuid: e.id,
    project_module: e.projectModule,
    state: e.state,
    phase: phaseOf(e.state),
    attempt: e.attempt,
    dry_run: e.doStage === false && e.doSubmit === false,
    sources: e.sourceIds.length,
    scheduler_job_id: e.schedulerJobId,
    remote_state: (e.runRecord['remote_state'] as string | undefined) ?? null,
    error: e.error,
    failed_drops: (e.runRecord['failed_drops'] as string[] | undefined) ?? [],
    durations_seconds: {
      waiting: seconds(m.get('execution.execute_requested'), queued),
      stage: seconds(stageStart, staged),
      translate: seconds(staged ?? queued, translated),
      submit: seconds(translated, submitted),
      poll: seconds(submitted, ended),
      remote_queue: seconds(submitted, m.get('execution.remote_started')),
      total: seconds(m.get('execution.execute_requested'), ended),
    },
    created_at: isoTime(e.createdAt),
    execute_requested_at: isoTimeOrNull(e.executeRequestedAt),
    submitted_at: isoTimeOrNull(e.submittedAt),
    finished_at: isoTimeOrNull(e.finishedAt),
    events: events.length,
    usage: executionUsage(usage),
  };
};

/**
 * The execution's ledger: everything it is accountable for, as of now. What it ran with (pinned
 * configuration and its hash, the profile snapshot, each source's signature as processed and as it
 * is now), what it built (artifacts of every attempt with their sha256), what it did (every state
 * change, in order) and the external ids it holds.
 */
export const ledgerSnapshot = (
  e: Execution,
  config: ProjectConfigVersion | null,
  sources: readonly Source[],
  artifacts: readonly ArtifactInfo[],
  events: readonly ProvenanceEvent[],
  now: Date,
) => {
  const processed = (e.runRecord['source_signatures'] ?? {}) as Record<string, string | null>;
  return {
    execution_id: e.id,
    generated_at: isoTime(now),
    state: e.state,
    attempt: e.attempt,
    configuration: {
      project_module: e.projectModule,
      version: e.configVersion,
      content_hash: config?.contentHash ?? null,
      graph: config ? { ...config.config.graph } : null,
    },
    deployment_profile: {
      id: e.profileId,
      name: e.profileSnapshot.name,
      version: e.profileSnapshot.version,
      translation: e.profileSnapshot.translation,
      deployment: e.profileSnapshot.deployment,
    },
    archive_name: e.archiveName,
    switches: { do_stage: e.doStage, do_submit: e.doSubmit },
    sources: e.sourceIds.map((id) => {
      const s = sources.find((x) => x.id === id);
      return {
        uuid: id,
        source_identifier: s?.sourceIdentifier ?? null,
        signature_used: processed[id] ?? null,
        signature_now: s?.signature ?? null,
        processed_signature: s?.processedSignature ?? null,
      };
    }),
    artifacts: artifacts.map((a) => ({
      attempt: a.attempt,
      name: a.name,
      media_type: a.mediaType,
      sha256: a.sha256,
      size: a.size,
      created_at: isoTime(a.createdAt),
      content_pruned_at: isoTimeOrNull(a.contentPrunedAt),
    })),
    external: {
      scheduler_job_id: e.schedulerJobId,
      backend_target: e.backendTarget,
      intent: e.runRecord['intent'] ?? null,
      previous_attempts: e.runRecord['previous_attempts'] ?? [],
    },
    transitions: events.map((ev) => ({
      event_id: ev.id,
      kind: ev.kind,
      attempt: ev.payload['attempt'] ?? null,
      actor: ev.actor,
      at: isoTime(ev.createdAt),
    })),
  };
};

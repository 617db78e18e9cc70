import { createHash } from 'node:crypto';
import type { DeploymentProfile } from '../../core/domain/profile.js';
import {
  type DropState,
  outcomeOfSessionState,
  type RemoteOutcome,
} from '../../core/domain/backendStates.js';
import type { Clock } from '../../core/ports/Clock.js';
import { outputDropOids } from '../daliuge/sessionFacts.js';
import type {
  DeploymentBackend,
  DeploymentBackends,
  PingCheck,
  PollItem,
  SubmitRequest,
  Submission,
} from '../../core/ports/DeploymentBackend.js';

/**
 * The deployment backends of the mock mode (SERVICE_USE_REAL_BACKENDS=false). A submitted run moves
 * through the island manager's session states 0-4 (pristine, building, deploying, running,
 * finished), one every `stepMs` since submission, computed from the submission time so any worker
 * process can poll it. Markers in a source identifier steer it: MOCKFAIL ends failed (6) with the
 * first application drop errored, MOCKHOLD stays running until cancelled, MOCKNOOUTPUT finishes
 * with its first output (a data drop nothing consumes) never written. A batch_remote run first
 * waits in the queue (`pending`) for one step, MOCKQUEUE for good. A cancel sent ends it
 * cancelled (5). `find` knows nothing (the mock keeps no remote state): after a crash it submits again.
 */
export class MockBackend implements DeploymentBackend {
  readonly needsMapping: boolean;
  readonly dropStates?: (i: PollItem) => Promise<Map<string, DropState> | null>;

  constructor(
    readonly kind: 'rest_remote' | 'batch_remote',
    private readonly clock: Clock,
    private readonly stepMs: number,
  ) {
    this.needsMapping = kind === 'rest_remote';
    if (kind === 'rest_remote') this.dropStates = (i) => this.simulatedDrops(i);
  }

  target(p: DeploymentProfile): string {
    const d = p.deployment;
    return d.kind === 'rest_remote'
      ? `mock-dim:${d.deploy_host}:${d.deploy_port}`
      : `mock-ssh:${d.remote_user ?? 'default'}@${d.login_node}:${d.ssh_port}`;
  }

  async find(): Promise<Submission | null> {
    return null;
  }

  async submit(req: SubmitRequest): Promise<Submission> {
    await req.confirm(); // as a real backend does right before its side effect
    const ids = req.manifest.sources.map((s) => String(s['source_identifier']));
    const behaviour = ids.some((i) => i.includes('MOCKFAIL'))
      ? 'fail'
      : ids.some((i) => i.includes('MOCKNOOUTPUT'))
        ? 'no_output'
        : ids.some((i) => i.includes('MOCKHOLD'))
          ? 'hold'
          : ids.some((i) => i.includes('MOCKQUEUE'))
            ? 'queue'
            : 'finish';
    const apps = req.graph
      .filter((d) => 'oid' in d && d['categoryType'] !== 'Data')
      .map((d) => String(d['oid']));
    const outputs = outputDropOids(req.graph);
    const record = {
      backend: `mock_${this.kind}`,
      behaviour,
      drops: req.graph.filter((d) => 'oid' in d).length,
      first_app_drop: apps[0] ?? null,
      outputs: outputs.slice(0, 50),
      output_count: outputs.length,
    };
    const d = req.profile.deployment;
    if (d.kind === 'rest_remote') {
      const base = `${d.use_https ? 'https' : 'http'}://${d.deploy_host}:${d.deploy_port}/api/sessions/${req.externalName}`;
      return {
        schedulerJobId: req.externalName,
        runRecord: record,
        debug: { dimSessionStatusUrl: `${base}/status`, dimGraphStatusUrl: `${base}/graph/status` },
      };
    }
    const jobId = 1000 + (createHash('sha256').update(req.externalName).digest().readUInt32BE(0) % 9_000_000);
    const user = d.remote_user ?? 'surveyor';
    return {
      schedulerJobId: `${jobId};${req.externalName}`,
      runRecord: { ...record, slurm_job_id: String(jobId) },
      debug: {
        batchSessionDir: `${d.dlg_root}/sessions/${req.externalName}`,
        batchLoginNode: d.login_node,
        batchRemoteUser: user,
      },
    };
  }

  async poll(_target: string, items: readonly PollItem[]): Promise<Map<string, RemoteOutcome>> {
    const now = this.clock.now().getTime();
    return new Map(items.map((i) => [i.executionId, this.outcome(i, now)]));
  }

  private outcome(i: PollItem, now: number): RemoteOutcome {
    if (i.cancelSentAt) return outcomeOfSessionState(5);
    const sub = (i.runRecord['submission'] ?? {}) as Record<string, unknown>;
    // A step of 0 (no simulated delay) ends the session at its first poll.
    const code =
      this.stepMs === 0 ? 4 : Math.min(4, Math.floor((now - i.submittedAt.getTime()) / this.stepMs));
    // A batch job first waits in the cluster's queue (for good with MOCKQUEUE).
    if (this.kind === 'batch_remote' && (code === 0 || sub['behaviour'] === 'queue'))
      return { kind: 'in_progress', remoteState: 'pending', queued: true };
    if (code < 4 || sub['behaviour'] === 'hold') return outcomeOfSessionState(Math.min(code, 3));
    if (sub['behaviour'] === 'fail') {
      const drop = sub['first_app_drop'];
      return {
        kind: 'failed',
        remoteState: 'failed',
        reason: `the session ended failed: drop ${String(drop)} is in error (mock)`,
        failedDrops: drop ? [String(drop)] : [],
      };
    }
    const outputs = (sub['outputs'] ?? []) as string[];
    const unwritten = sub['behaviour'] === 'no_output' ? outputs.slice(0, 1) : [];
    return {
      kind: 'finished',
      remoteState: 'finished',
      outputs: {
        count: Number(sub['output_count'] ?? outputs.length),
        incomplete: unwritten.map((oid) => ({ oid, state: 'initialized' })),
        incompleteCount: unwritten.length,
        skippedCount: 0,
        freedCount: 0,
      },
    };
  }

  /**
   * An island manager's drops as the session's simulated time puts them: waiting until it runs,
   * then done one after another in the graph's order over the running step (the next one running),
   * all done once finished; the first application in error when it failed, cancelled once
   * cancelled. Slurm's are not read (as the real backend does not).
   */
  private async simulatedDrops(i: PollItem): Promise<Map<string, DropState> | null> {
    const oids = ((await i.submittedGraph?.()) ?? []).filter((d) => 'oid' in d).map((d) => String(d['oid']));
    const sub = (i.runRecord['submission'] ?? {}) as Record<string, unknown>;
    const o = this.outcome(i, this.clock.now().getTime());
    const elapsed =
      this.stepMs === 0 ? 1 : (this.clock.now().getTime() - i.submittedAt.getTime()) / this.stepMs - 3;
    const done =
      o.kind === 'finished'
        ? oids.length
        : o.remoteState === 'running' && sub['behaviour'] !== 'hold'
          ? Math.floor(Math.max(0, elapsed) * oids.length)
          : 0;
    return new Map(
      oids.map((oid, n): [string, DropState] => [
        oid,
        o.kind === 'cancelled'
          ? 'cancelled'
          : o.kind === 'failed' && oid === sub['first_app_drop']
            ? 'error'
            : n < done || o.kind === 'failed'
              ? 'done'
              : n === done && o.remoteState === 'running'
                ? 'running'
                : 'waiting',
      ]),
    );
  }

  async cancel(): Promise<void> {}

  async ping(p: DeploymentProfile): Promise<PingCheck[]> {
    return [
      {
        name: 'mock backend',
        ok: true,
        detail: `mock ${this.kind} (${this.target(p)}): nothing is contacted`,
      },
    ];
  }
}

export const mockBackends = (clock: Clock, stepMs: number): DeploymentBackends => {
  const rest = new MockBackend('rest_remote', clock, stepMs);
  const batch = new MockBackend('batch_remote', clock, stepMs);
  return { get: (kind) => (kind === 'rest_remote' ? rest : batch) };
};

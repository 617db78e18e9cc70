import type { Manifest } from '../domain/manifest.js';
import type { DeploymentProfile } from '../domain/profile.js';
import type { DropState, RemoteOutcome } from '../domain/backendStates.js';
import type { PingCheck } from './PingCheck.js';
import type { DropSpec } from './Translator.js';

export type { PingCheck };

/** What a backend accepted: the ids to store on the execution. */
export interface Submission {
  /** DIM session id, or the composite batch value (see the backend's README). */
  readonly schedulerJobId: string;
  readonly runRecord: Readonly<Record<string, unknown>>;
  readonly debug: {
    readonly dimSessionStatusUrl?: string;
    readonly dimGraphStatusUrl?: string;
    readonly batchSessionDir?: string;
    readonly batchLoginNode?: string;
    readonly batchRemoteUser?: string;
  };
}

export interface SubmitRequest {
  readonly executionId: string;
  readonly attempt: number;
  /** Deterministic per attempt: the session id or job name (core/README.md, How an execution runs). */
  readonly externalName: string;
  readonly profile: DeploymentProfile;
  /** The translated graph: physical (rest_remote) or partitioned (batch_remote). */
  readonly graph: readonly DropSpec[];
  readonly manifest: Manifest;
  /**
   * Confirms, in the database, that this worker still holds the job; throws when it does not. A
   * backend calls it immediately before the side effect that must happen once (sbatch, creating
   * the DIM session), after its slow preparations (uploads).
   */
  readonly confirm: () => Promise<void>;
}

/** One in-flight execution as a poll round sees it. */
export interface PollItem {
  readonly executionId: string;
  readonly schedulerJobId: string;
  readonly profile: DeploymentProfile;
  readonly submittedAt: Date;
  /** Set once we asked the backend to cancel. */
  readonly cancelSentAt: Date | null;
  readonly runRecord: Readonly<Record<string, unknown>>;
  /**
   * The graph this attempt submitted, read only when asked (it may be large): for a backend that
   * can no longer give back the graph it ran (an island manager that restarted). Null: not kept.
   */
  readonly submittedGraph?: () => Promise<readonly DropSpec[] | null>;
}

/**
 * A deployment backend (`rest_remote`: a DALiuGE island manager; `batch_remote`: Slurm over SSH).
 * `target` groups executions that one poll round serves (one DIM, one login node + user).
 */
export interface DeploymentBackend {
  readonly kind: 'rest_remote' | 'batch_remote';
  target(profile: DeploymentProfile): string;
  /** Which translation the backend takes: the physical graph mapped onto a DIM, or the partitioned one. */
  readonly needsMapping: boolean;
  /** Finds work submitted earlier under `externalName` (after a crash), so it is adopted, not resubmitted. */
  find(profile: DeploymentProfile, externalName: string, signal?: AbortSignal): Promise<Submission | null>;
  /**
   * `find` for many names of one target at once (Slurm: two scheduler commands for all of them,
   * not two each): the names found, each with its submission. A lookup that fails throws: whether
   * any of them exists is then unknown. Absent: the names are looked up one by one with `find`.
   */
  findAll?(
    profile: DeploymentProfile,
    externalNames: readonly string[],
    signal?: AbortSignal,
  ): Promise<ReadonlyMap<string, Submission>>;
  submit(req: SubmitRequest, signal?: AbortSignal): Promise<Submission>;
  /**
   * What this process's last answered poll round of `target` counted of the account's own jobs at
   * the site (pending or running, every one, ours or not: what a site's limits count). Absent: the
   * backend keeps no such queue (an island manager), or no round has counted it yet.
   */
  accountJobs?(target: string): number | undefined;
  /** One round for many executions of one target; every item gets an outcome. */
  poll(target: string, items: readonly PollItem[], signal?: AbortSignal): Promise<Map<string, RemoteOutcome>>;
  cancel(item: PollItem, signal?: AbortSignal): Promise<void>;
  /**
   * Deletes an ended run's record from a backend that keeps it until told (an island manager's
   * session); one it no longer knows is not an error. Absent where the backend keeps none.
   */
  removeEnded?(item: PollItem, signal?: AbortSignal): Promise<void>;
  /**
   * Each drop's state now, read from the backend when someone looks (the console's live graph);
   * null when the backend no longer knows the run. Absent where reading them would cost the
   * backend more than a look is worth (a Slurm login node, asked over SSH). Answers may be a few
   * seconds old: looks at one run share one read.
   */
  dropStates?(item: PollItem, signal?: AbortSignal): Promise<ReadonlyMap<string, DropState> | null>;
  /** Checks, from this process, that the profile's backend answers; changes nothing there. */
  ping(profile: DeploymentProfile, signal?: AbortSignal): Promise<PingCheck[]>;
}

export interface DeploymentBackends {
  get(kind: 'rest_remote' | 'batch_remote'): DeploymentBackend;
}

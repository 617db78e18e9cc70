import { PermanentJobError } from '../../core/domain/job.js';
import type { DeploymentProfile, RestRemoteDeployment } from '../../core/domain/profile.js';
import {
  combineNodeStates,
  type DropState,
  outcomeOfSessionState,
  type RemoteOutcome,
} from '../../core/domain/backendStates.js';
import type {
  DeploymentBackend,
  PingCheck,
  PollItem,
  SubmitRequest,
  Submission,
} from '../../core/ports/DeploymentBackend.js';
import type { DropSpec } from '../../core/ports/Translator.js';
import { hostRefusal, outbound } from '../shared/outbound.js';
import { Semaphore } from '../shared/semaphore.js';
import { unansweringNodes } from './dlgErrors.js';
import { DimClient, DimError } from './dimClient.js';
import { DlgUnreachable } from './http.js';
import { withSessionUsage } from './sessionUsage.js';
import {
  dropsOf,
  dropStatesOf,
  erroredDrops,
  outputDropOids,
  outputReport,
  progressOf,
  rootDropOids,
  sessionProgress,
} from './sessionFacts.js';

export interface DimBackendOptions {
  readonly timeoutMs: number;
  readonly maxBytes: number;
}

const unreachableOf = (err: DimError) => unansweringNodes(err.error);

/** Requests one poll round has in flight at once to one island manager. */
const perRoundRequests = 4;

/** Most failed drop ids kept in a run record (the count is always given). */
const maxFailedDrops = 50;

const restOf = (p: DeploymentProfile): RestRemoteDeployment => {
  if (p.deployment.kind !== 'rest_remote')
    throw new PermanentJobError(`profile ${p.name} is not rest_remote`);
  return p.deployment;
};

export const dimBase = (d: RestRemoteDeployment): string =>
  `${d.use_https ? 'https' : 'http'}://${d.deploy_host.includes(':') ? `[${d.deploy_host}]` : d.deploy_host}:${d.deploy_port}`;

/** The session is still being deployed: a cancel now would be refused, so it is sent next round. */
class NotYetCancellable extends Error {}

/** Looks at one session's drops within this long share one read (a console refreshing, several people watching). */
const lookShareMs = 2_000;
/** Reads of drop states on their way at once from this process, to every island manager. */
const lookReads = 4;

/**
 * The `rest_remote` backend: a DALiuGE island manager over REST. The session id is the attempt's
 * external name, so a crashed worker finds its session again: `find` adopts a deployed session,
 * and `submit` resumes a half-made one (created, or created and appended) instead of making a
 * second. A poll round asks each of its sessions' `status` by id, plus one `graph/status` for each
 * session that runs (its progress: stalls.ts) or ended (the drops in error, the outputs); at most
 * four of these at once. It never reads the DIM's session list: DALiuGE 6.6 answers that by asking
 * every node manager for each session it holds (its status and its graph's size), ours in flight or
 * not, so its cost grows with every session kept there (failed runs' by default, other users').
 */
export class DimBackend implements DeploymentBackend {
  readonly kind = 'rest_remote' as const;
  readonly needsMapping = true;
  private readonly looks = new Map<string, { at: number; answer: Promise<Map<string, DropState> | null> }>();
  private readonly lookLimit = new Semaphore(lookReads);

  constructor(private readonly o: DimBackendOptions) {}

  target(p: DeploymentProfile): string {
    return `dim:${dimBase(restOf(p))}`;
  }

  client(p: DeploymentProfile): DimClient {
    const d = restOf(p);
    return new DimClient({
      base: dimBase(d),
      verifyTls: d.verify_ssl,
      timeoutMs: this.o.timeoutMs,
      maxBytes: this.o.maxBytes,
    });
  }

  private submission(dim: DimClient, id: string, record: Record<string, unknown>): Submission {
    return {
      schedulerJobId: id,
      runRecord: { backend: 'daliuge_dim', dim: dim.url(''), session_id: id, ...record },
      debug: {
        dimSessionStatusUrl: dim.sessionUrl(id, '/status'),
        dimGraphStatusUrl: dim.sessionUrl(id, '/graph/status'),
      },
    };
  }

  async find(p: DeploymentProfile, externalName: string, signal?: AbortSignal): Promise<Submission | null> {
    const dim = this.client(p);
    const states = await this.call(() => dim.status(externalName, signal));
    // A session that was created (and maybe appended) but never deployed is finished by submit.
    if (!states || sessionProgress(states) !== 'deployed') return null;
    return this.submission(dim, externalName, { adopted: true, nodes: [...states.keys()].sort() });
  }

  async submit(req: SubmitRequest, signal?: AbortSignal): Promise<Submission> {
    const dim = this.client(req.profile);
    const id = req.externalName;
    const drops = dropsOf(req.graph);
    const roots = rootDropOids(req.graph);
    const record = { drops: drops.length, root_drops: roots.length };
    let progress: 'empty' | 'appended' | 'deployed' = 'empty';
    // `resumed`: the session was there already (a worker died after creating it); it is finished, not remade.
    await req.confirm();
    const resumed = (await this.call(() => dim.createSession(id, signal))) === 'exists';
    if (resumed) {
      const states = await this.call(() => dim.status(id, signal));
      progress = states ? sessionProgress(states) : 'empty';
      if (progress === 'deployed') return this.submission(dim, id, { ...record, resumed: true });
    }
    let unanswered = false;
    try {
      if (progress === 'empty') await dim.append(id, drops, signal);
      unanswered = await this.deploy(dim, id, roots, signal);
    } catch (err) {
      if (!(err instanceof DimError) || err.transient) throw this.classified(err);
      // The DIM refused the graph: nothing of it will run. Remove the session, so the attempt is
      // known to be over and a retry may start a new one.
      const removed = await this.discard(dim, id, signal);
      throw new PermanentJobError(
        `${err.message}${removed ? '; the session was removed' : '; the session could not be removed'} (the node managers' logs say why)`,
        removed,
      );
    }
    return this.submission(dim, id, {
      ...record,
      resumed,
      ...(unanswered ? { deploy_unanswered: true } : {}),
    });
  }

  /**
   * Deploys; true when the deploy's answer was missed but the session is deploying anyway. A big
   * graph on a busy island manager can take longer than SERVICE_DIM_TIMEOUT_SECONDS to deploy
   * (70 s for 5,000 drops while another session was being cancelled): its status says so at once
   * (DEPLOYING or later, as for a resumed submission), where the queue's retry would first wait its
   * backoff and ask the same. Anything else fails as before.
   */
  private async deploy(dim: DimClient, id: string, roots: readonly string[], signal?: AbortSignal) {
    try {
      await dim.deploy(id, roots, signal);
      return false;
    } catch (err) {
      if (!(err instanceof DlgUnreachable) || signal?.aborted) throw err;
      const states = await dim.status(id, signal).catch(() => null);
      if (states && sessionProgress(states) === 'deployed') return true;
      throw err;
    }
  }

  async removeEnded(item: PollItem, signal?: AbortSignal): Promise<void> {
    await this.call(() => this.client(item.profile).remove(item.schedulerJobId, signal));
  }

  private async discard(dim: DimClient, id: string, signal?: AbortSignal): Promise<boolean> {
    try {
      await dim.cancel(id, signal);
      await dim.remove(id, signal);
      return true;
    } catch {
      return false;
    }
  }

  async poll(
    target: string,
    items: readonly PollItem[],
    signal?: AbortSignal,
  ): Promise<Map<string, RemoteOutcome>> {
    const out = new Map<string, RemoteOutcome>();
    if (items.length === 0) return out;
    const dim = this.client(items[0]!.profile);
    const limit = new Semaphore(perRoundRequests);
    // A failure that ends the round (the DIM down, say) stops its other requests, queued or sent.
    const ended = new AbortController();
    const roundSignal = signal ? AbortSignal.any([signal, ended.signal]) : ended.signal;
    const outcomes = await Promise.all(
      items.map((item) =>
        limit.run(
          () =>
            this.outcome(dim, target, item, roundSignal).catch((err: unknown) => {
              const unreachable = err instanceof DimError ? unreachableOf(err) : null;
              if (!unreachable) {
                ended.abort(err);
                throw err;
              }
              const last = item.runRecord['remote_state'];
              return {
                kind: 'in_progress',
                remoteState: typeof last === 'string' ? last : 'running',
                unreachable,
              } satisfies RemoteOutcome;
            }),
          roundSignal,
        ),
      ),
    );
    for (const [i, item] of items.entries()) out.set(item.executionId, outcomes[i]!);
    return out;
  }

  private async outcome(
    dim: DimClient,
    target: string,
    item: PollItem,
    signal?: AbortSignal,
  ): Promise<RemoteOutcome> {
    // Asked by id, not read from the session list: the list costs the DIM every session it holds
    // (see the class comment). A DIM that restarted still relays this from its node managers.
    const states = await this.call(() => dim.status(item.schedulerJobId, signal));
    if (!states)
      return {
        kind: 'unknown',
        remoteState: 'unknown',
        reason: `neither the island manager at ${target.slice(4)} nor its node managers know session ${item.schedulerJobId} (deleted, or the node managers restarted)`,
      };
    const o = outcomeOfSessionState(combineNodeStates([...states.values()]));
    if (o.kind === 'finished' || o.kind === 'failed')
      return withSessionUsage(await this.ended(dim, item, o), item, states);
    if (o.kind === 'cancelled') return withSessionUsage(o, item, states);
    if (o.kind !== 'in_progress' || o.remoteState !== 'running') return o;
    // A running session's drops say whether it still moves; unread, nothing is judged this round.
    const progress = await dim
      .graphStatus(item.schedulerJobId, signal)
      .then(progressOf)
      .catch(() => null);
    return progress ? { ...o, progress } : o;
  }

  /** A session that ended finished or failed: its drops in error decide, and are named. */
  private async ended(dim: DimClient, item: PollItem, o: RemoteOutcome): Promise<RemoteOutcome> {
    let errored: string[];
    let status: unknown;
    try {
      status = await dim.graphStatus(item.schedulerJobId);
      errored = erroredDrops(status);
    } catch (err) {
      // Without the drop states a finished session cannot be called completed yet: ask next round.
      if (o.kind === 'finished') return { kind: 'in_progress', remoteState: 'finished' };
      return {
        kind: 'failed',
        remoteState: o.remoteState,
        reason: `the session ended failed; its drop states could not be read: ${(err as Error).message}`,
      };
    }
    if (o.kind === 'finished' && errored.length === 0) {
      const specs = await this.ranGraph(dim, item);
      if (!specs) return { kind: 'in_progress', remoteState: 'finished' };
      return { ...o, outputs: outputReport(outputDropOids(specs), status) };
    }
    return {
      kind: 'failed',
      remoteState: o.remoteState,
      reason:
        errored.length === 0
          ? 'the session ended failed'
          : `the session ended ${o.remoteState} with ${errored.length} drop${errored.length === 1 ? '' : 's'} in error (first: ${errored[0]})`,
      failedDrops: errored.slice(0, maxFailedDrops),
    };
  }

  /**
   * The drops of the graph a session ran, to find its outputs (data drops nothing consumes): the
   * DIM's, or when it cannot give it (restarted: it lost the links across node managers and
   * answers 500) the graph we submitted. Null when neither can be read now: asked next round.
   */
  private async ranGraph(dim: DimClient, item: PollItem): Promise<readonly DropSpec[] | null> {
    try {
      const graph = await dim.graph(item.schedulerJobId);
      return graph && typeof graph === 'object' ? Object.values(graph as Record<string, DropSpec>) : [];
    } catch {
      return (await item.submittedGraph?.().catch(() => null)) ?? null;
    }
  }

  /**
   * The session's drops now (`graph/status`), for the console: a look shares the read another
   * made in the last two seconds, at most four are on their way at once, and a failed read is not
   * kept. The island manager answers it from its node managers' memory.
   */
  dropStates(item: PollItem): Promise<Map<string, DropState> | null> {
    const key = `${this.target(item.profile)} ${item.schedulerJobId}`;
    const now = Date.now();
    const seen = this.looks.get(key);
    if (seen && now - seen.at < lookShareMs) return seen.answer;
    for (const [k, v] of this.looks) if (now - v.at >= lookShareMs) this.looks.delete(k);
    const dim = this.client(item.profile);
    const answer = this.lookLimit
      .run(() => this.call(() => dim.dropStatus(item.schedulerJobId)))
      .then((doc) => (doc === null ? null : (dropStatesOf(doc) ?? new Map<string, DropState>())));
    this.looks.set(key, { at: now, answer });
    answer.catch(() => {
      if (this.looks.get(key)?.answer === answer) this.looks.delete(key);
    });
    return answer;
  }

  async cancel(item: PollItem, signal?: AbortSignal): Promise<void> {
    const dim = this.client(item.profile);
    const id = item.schedulerJobId;
    const sent = await this.call(() => dim.cancel(id, signal));
    if (sent === 'no_session') return; // nothing runs: the next poll reports it unknown
    const states = await this.call(() => dim.status(id, signal));
    if (states && [...states.values()].includes(2))
      throw new NotYetCancellable(`session ${id} is still deploying; the cancel is sent again next round`);
  }

  /** The DIM's node list from here; the translator reaches it at dim_host_for_tm, which only it can check. */
  async ping(p: DeploymentProfile, signal?: AbortSignal): Promise<PingCheck[]> {
    const d = restOf(p);
    const dim = this.client(p);
    const started = Date.now();
    let nodes: PingCheck;
    try {
      const list = await dim.nodes(signal);
      nodes = {
        name: 'island manager',
        ok: list.length > 0,
        detail:
          list.length > 0
            ? `${dimBase(d)} answers (${Date.now() - started} ms) with ${list.length} node manager${list.length === 1 ? '' : 's'}: ${list.join(', ')}`
            : `${dimBase(d)} answers but manages no node managers: nothing can be deployed`,
        data: { url: dimBase(d), nodes: list },
      };
    } catch (err) {
      nodes = {
        name: 'island manager',
        ok: false,
        detail: (err as Error).message,
        data: { url: dimBase(d) },
      };
    }
    const [host, port] = d.dim_host_for_tm
      ? [d.dim_host_for_tm, d.dim_port_for_tm]
      : [d.deploy_host, d.deploy_port];
    const seen = `${host}:${port}`;
    // The translator connects there for us: the same rule as our own requests, and as its map.
    const refused = hostRefusal(outbound().policy, host, port, 'web');
    return [
      nodes,
      {
        name: 'island manager as the translator sees it',
        ok: refused === null,
        detail:
          refused === null
            ? `the translator is told to map onto ${seen} (it calls GET /api/nodes there itself)`
            : `the translator would be told to map onto ${seen}, which is refused: ${refused}`,
        data: { host_port: seen },
      },
    ];
  }

  /** Island manager failures that asking again may cure stay ordinary errors (retried); others are permanent. */
  private async call<T>(f: () => Promise<T>): Promise<T> {
    try {
      return await f();
    } catch (err) {
      throw this.classified(err);
    }
  }

  private classified(err: unknown): unknown {
    // A 4xx is the DIM saying this request is wrong; 5xx (555 included) and no answer may pass.
    return err instanceof DimError && !err.transient && err.error.status < 500
      ? new PermanentJobError(err.message)
      : err;
  }
}

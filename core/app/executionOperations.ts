import { outageBlocker } from '../domain/peerOutage.js';
import { siteLimitBlocker } from '../domain/siteLimit.js';
import { queueBlocker } from '../domain/queueReason.js';
import { artifactNames } from '../domain/artifactNames.js';
import type { Manifest, StagedFile } from '../domain/manifest.js';
import { compareExecutions } from '../usecases/executions/compareExecutions.js';
import { type ReproduceInput, reproduceExecution } from '../usecases/executions/reproduceExecution.js';
import { provenanceDocument } from '../usecases/executions/provenanceDocument.js';
import * as E from 'fp-ts/lib/Either.js';
import { appError } from '../errors.js';
import type { ProvenanceEvent } from '../domain/event.js';
import { type Execution, viewExecution } from '../domain/executionRecord.js';
import { capBlocker } from '../usecases/admission/admissionRules.js';
import { budgetOf, pauseOf, profileInFlightOf } from '../usecases/admission/admitOne.js';
import { queuedCapBlocker } from '../domain/profile.js';
import { pauseBlocker, viewPause } from '../domain/profilePause.js';
import { budgetBlocker, budgetView } from '../domain/budget.js';
import { cancelExecution } from '../usecases/executions/cancelExecution.js';
import { type CreateExecutionInput, createExecution } from '../usecases/executions/createExecution.js';
import { executionSummary, ledgerSnapshot } from '../usecases/executions/executionReports.js';
import { statusOf } from '../usecases/executions/executionStatus.js';
import { type ExecuteInput, requestExecute } from '../usecases/executions/requestExecute.js';
import { retryExecution } from '../usecases/executions/retryExecution.js';
import { readOverview } from '../usecases/overview/readOverview.js';
import { canonicalJson } from '../domain/canonicalJson.js';
import type { SurveyorDeps } from './deps.js';
import { badCursor, defaultPageSize, type EventPageRequest, eventPage, type PageRequest } from './pages.js';
import type { ExecutionFilter } from '../ports/ExecutionRepository.js';
import type { Actor } from '../domain/roles.js';

const noExecution = (id: string) => appError('not_found', `no execution ${id}`);

export interface CreateOptions {
  /** The same key with the same request answers the execution it created; with another request, 409. */
  readonly idempotencyKey?: string | undefined;
  readonly by: string;
}

/** Executions: create, ask to run, follow, cancel, retry, and what they did. */
export const executionOperations = (d: SurveyorDeps) => {
  const x = d.executions;
  // One read for the sources of any number of executions, in each execution's order.
  const sourcesOf = async (e: Execution) => {
    const byId = new Map((await x.sources.getMany(e.sourceIds)).map((s) => [s.id, s]));
    return e.sourceIds.flatMap((id) => byId.get(id) ?? []);
  };
  // What a view shows of its sources is their identifiers: one light read for a page of executions.
  const identifiersOf = (es: readonly Execution[]) =>
    x.sources.identifiersOf([...new Set(es.flatMap((e) => e.sourceIds))]);
  // A deleted source still shows in the execution's list, as "(deleted)".
  const viewWith = (byId: ReadonlyMap<string, string>) => (e: Execution) =>
    viewExecution(
      e,
      e.sourceIds.map((id) => byId.get(id) ?? '(deleted)'),
    );
  const view = async (e: Execution) => viewWith(await identifiersOf([e]))(e);
  const allEvents = async (id: string) => {
    const out: ProvenanceEvent[] = [];
    let cursor: string | null = null;
    // An execution has tens of events; the bound keeps a runaway history from costing a request.
    for (let page = 0; page < 20; page++) {
      const p = await x.events.read(
        { kind: 'subject', subjectType: 'execution', subjectId: id },
        500,
        cursor,
      );
      out.push(...p.items);
      if (p.nextCursor === null) break;
      cursor = p.nextCursor;
    }
    return out;
  };
  const withExecution = async <T>(id: string, f: (e: Execution) => Promise<T>) => {
    const e = await x.executions.get(id);
    return e ? E.right(await f(e)) : E.left(noExecution(id));
  };
  return {
    /** `created` is false when an earlier request with the same idempotency key made it. */
    create: async (input: CreateExecutionInput, opts: CreateOptions) => {
      const r = await createExecution(x, input, {
        ...(opts.idempotencyKey !== undefined ? { idempotencyKey: opts.idempotencyKey } : {}),
        requestHash: x.digest.digest(canonicalJson(input, new Set())),
        by: opts.by,
      });
      if (E.isLeft(r)) return r;
      return E.right({ execution: await view(r.right.execution), created: r.right.created });
    },
    get: (id: string) => withExecution(id, view),
    /** Newest first; every filter given must match. */
    list: async (filter: ExecutionFilter, page: PageRequest = {}) => {
      const p = await x.executions.list(filter, page.limit ?? defaultPageSize, page.cursor ?? null);
      if (p === 'bad_cursor') return E.left(badCursor);
      return E.right({
        items: p.items.map(viewWith(await identifiersOf(p.items))),
        next_cursor: p.nextCursor,
      });
    },
    /** Asks to run; admitted at once when its gates pass, else `blocked_by` says why it waits. */
    execute: async (id: string, input: ExecuteInput, by: string) => {
      const r = await requestExecute(x, id, input, by);
      if (E.isLeft(r)) return r;
      return E.right({ ...(await view(r.right.execution)), blocked_by: r.right.blockedBy });
    },
    /** A new execution that runs again what `id` ran (see reproduceExecution); asked to run at once on request. */
    reproduce: async (
      id: string,
      input: ReproduceInput & { readonly execute?: boolean; readonly dry_run?: boolean },
      actor: Actor,
    ) => {
      const by = actor.username;
      const r = await reproduceExecution(x, id, input, actor);
      if (E.isLeft(r)) return r;
      const { execution, original } = r.right;
      if (!input.execute && !input.dry_run) return E.right({ ...(await view(execution)), blocked_by: [] });
      // The original's switches, unless a dry run is asked for.
      const run = input.dry_run
        ? { do_stage: false, do_submit: false }
        : { do_stage: original.doStage ?? true, do_submit: original.doSubmit ?? true };
      const ex = await requestExecute(x, execution.id, run, by);
      if (E.isLeft(ex)) return ex;
      return E.right({ ...(await view(ex.right.execution)), blocked_by: ex.right.blockedBy });
    },
    cancel: async (id: string, by: string) => {
      const r = await cancelExecution(x, id, by);
      return E.isLeft(r) ? r : E.right(await view(r.right));
    },
    retry: async (id: string, actor: Actor, opts: { readonly fromScratch?: boolean } = {}) => {
      const r = await retryExecution(x, id, actor, opts);
      return E.isLeft(r) ? r : E.right(await view(r.right));
    },
    /** The execution with its phase, what it waits for and each source's state. */
    status: async (id: string) => {
      // One read: the execution and what readiness needs of its sources (not their metadata).
      const read = await x.executions.getWithSourceStates(id);
      if (!read) return E.left(noExecution(id));
      const { execution: e, sources } = read;
      const pinned = await x.configs.pinned(e.projectModule, e.configVersion);
      const s = statusOf(e, sources, pinned?.discovery.required_flags ?? []);
      let budget: ReturnType<typeof budgetView> | null = null;
      if (e.state === 'pending' && e.executeRequestedAt !== null && pinned) {
        const inFlight = await x.admissions.inFlightIn(e.projectModule);
        const cap = capBlocker(inFlight, pinned.automation.execution.concurrent_runs);
        if (cap) s.blocked_by.push(cap);
        const b = await budgetOf(x, e, x.clock.now());
        const spent = budgetBlocker(b, { doSubmit: e.doSubmit, profile: e.profileSnapshot });
        if (spent) s.blocked_by.push(spent);
        if (b) budget = budgetView(b, e.profileSnapshot);
        const paused = pauseBlocker(await pauseOf(x, e, x.clock.now()), e);
        if (paused) s.blocked_by.push(paused);
        const queued =
          e.doSubmit === false ? null : queuedCapBlocker(e.profileSnapshot, await profileInFlightOf(x, e));
        if (queued) s.blocked_by.push(queued);
      }
      // A batch job waiting in the cluster's queue: Slurm's reason, in words (domain/queueReason.ts).
      const queue = queueBlocker(e);
      if (queue) s.blocked_by.push(queue);
      // A run whose peer stopped answering waits for it (domain/peerOutage.ts).
      const outage = outageBlocker(e, x.clock.now(), x.outages);
      if (outage) s.blocked_by.push(outage);
      // A run whose batch site refused a job for a limit waits for room (domain/siteLimit.ts).
      if (e.state === 'submitting' && e.profileSnapshot.deployment.kind === 'batch_remote') {
        const target = x.backends.get('batch_remote').target(e.profileSnapshot);
        const site = siteLimitBlocker(e, await x.siteHolds.of(target), x.siteLimits);
        if (site) s.blocked_by.push(site);
      }
      // A run that reached its translator or backend step while its profile is paused waits there.
      if (e.state === 'translating' || e.state === 'submitting') {
        const paused = pauseBlocker(await pauseOf(x, e, x.clock.now()), e);
        if (paused) s.blocked_by.push(paused);
      }
      return E.right({
        ...viewExecution(
          e,
          sources.map((src) => src.sourceIdentifier),
        ),
        phase: s.phase,
        blocked_by: s.blocked_by,
        ...(budget ? { budget } : {}),
        source_status: s.sources,
      });
    },
    summary: (id: string) =>
      withExecution(id, async (e) =>
        executionSummary(e, await allEvents(e.id), await x.usage.ofExecution(e.id)),
      ),
    ledger: (id: string) =>
      withExecution(id, async (e) =>
        ledgerSnapshot(
          e,
          await x.configs.get(e.projectModule, e.configVersion),
          await sourcesOf(e),
          await x.artifacts.artifacts(e.id),
          await allEvents(e.id),
          x.clock.now(),
        ),
      ),
    /** What differs between two executions (see compareExecutions). */
    compare: async (a: string, b: string) => {
      const side = async (id: string) => {
        const e = await x.executions.get(id);
        if (!e) return null;
        const built = (await x.artifacts.artifacts(e.id))
          .filter((m) => m.name === artifactNames.manifest && m.contentPrunedAt === null)
          .sort((m, n) => n.attempt - m.attempt)[0];
        const text = built ? await x.artifacts.artifact(e.id, built.attempt, built.name) : null;
        return {
          execution: e,
          config: await x.configs.get(e.projectModule, e.configVersion),
          sources: await sourcesOf(e),
          manifest: text ? (JSON.parse(text) as Manifest) : null,
        };
      };
      const sa = await side(a);
      if (!sa) return E.left(noExecution(a));
      const sb = await side(b);
      if (!sb) return E.left(noExecution(b));
      return E.right(await compareExecutions(sa, sb, x.textDiff));
    },
    /** The execution's provenance as a W3C PROV document (PROV-JSON; `provN` writes it as PROV-N). */
    provenance: (id: string) =>
      withExecution(id, async (e) => {
        const artifacts = await x.artifacts.artifacts(e.id);
        const staged = new Map<number, { key: string; file: StagedFile }[]>();
        for (const a of artifacts)
          if (a.name === artifactNames.staged && a.contentPrunedAt === null) {
            const text = await x.artifacts.artifact(e.id, a.attempt, a.name);
            if (text) staged.set(a.attempt, JSON.parse(text) as { key: string; file: StagedFile }[]);
          }
        return provenanceDocument({
          execution: e,
          config: await x.configs.get(e.projectModule, e.configVersion),
          sources: await sourcesOf(e),
          artifacts,
          staged,
          events: await allEvents(e.id),
          publicUrl: x.publicUrl,
          serviceVersion: x.serviceVersion,
        });
      }),
    /** An artifact's content and media type (404 when there is none, or retention dropped it). */
    artifact: async (id: string, attempt: number, name: string) => {
      const info = (await x.artifacts.artifacts(id)).find((a) => a.attempt === attempt && a.name === name);
      const content = info ? await x.artifacts.artifact(id, attempt, name) : null;
      return info && content !== null
        ? E.right({ content, mediaType: info.mediaType })
        : E.left(appError('not_found', `execution ${id} has no artifact ${name} of attempt ${attempt}`));
    },
    /** Executions by state, the queue, live workers and the newest failures. */
    overview: async () => {
      const now = x.clock.now();
      const o = await readOverview(x, now, x.workerStaleSeconds);
      const failures = o.recentFailures.map(viewWith(await identifiersOf(o.recentFailures)));
      return {
        executions_by_state: o.byState,
        ended_by_hour: o.endedByHour,
        executions_by_project: o.byProject.map((r) => ({
          project_module: r.projectModule,
          state: r.state,
          count: r.count,
        })),
        queue: {
          queued: o.queue.queued,
          running: o.queue.running,
          dead: o.queue.dead,
          oldest_queued_age_seconds: o.queue.oldestQueuedAgeSeconds,
        },
        workers: o.workers.map((w) => ({
          id: w.id,
          hostname: w.hostname,
          pid: w.pid,
          roles: [...w.roles],
          started_at: w.startedAt.toISOString(),
          heartbeat_at: w.heartbeatAt.toISOString(),
        })),
        recent_failures: failures,
        paused_profiles: o.paused.map(({ profile, pause, waiting }) => ({
          id: profile.id,
          name: profile.name,
          project_module: profile.project_module,
          ...viewPause(pause, now, waiting)!,
        })),
      };
    },
    events: async (id: string, page: EventPageRequest = {}) => {
      if (!(await x.executions.get(id))) return E.left(noExecution(id));
      return eventPage(x.events, { kind: 'subject', subjectType: 'execution', subjectId: id }, page);
    },
  };
};

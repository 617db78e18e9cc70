import { workerView } from './workerView.js';
import { outageBlocker } from '../domain/peerOutage.js';
import { siteLimitBlocker } from '../domain/siteLimit.js';
import { queueBlocker } from '../domain/queueReason.js';
import { artifactNames } from '../domain/artifactNames.js';
import type { Manifest, StagedFile } from '../domain/manifest.js';
import { compareExecutions } from '../usecases/executions/compareExecutions.js';
import { provenanceDocument } from '../usecases/executions/provenanceDocument.js';
import * as E from 'fp-ts/lib/Either.js';
import { appError } from '../errors.js';
import { viewExecution } from '../domain/executionRecord.js';
import { gateBlockers } from '../usecases/admission/admissionRules.js';
import { budgetOf, pauseOf, profileInFlightOf } from '../usecases/admission/admitOne.js';
import { pauseBlocker, viewPause } from '../domain/profilePause.js';
import { budgetView } from '../domain/budget.js';
import { executionSummary, ledgerSnapshot } from '../usecases/executions/executionReports.js';
import { statusOf } from '../usecases/executions/executionStatus.js';
import { readDropStates } from '../usecases/executions/dropStates.js';
import { readOverview } from '../usecases/overview/readOverview.js';
import { unknownProject } from '../usecases/projects/unknownProject.js';
import type { SurveyorDeps } from './deps.js';
import { executionViews, noExecution } from './executionViews.js';
import { badCursor, defaultPageSize, type EventPageRequest, eventPage, type PageRequest } from './pages.js';
import type { ExecutionFilter } from '../ports/ExecutionRepository.js';

/** What reads executions: one, a page, its status and reports, provenance, artifacts, events, the overview. */
export const executionQueries = (d: SurveyorDeps) => {
  const { x, sourcesOf, identifiersOf, viewWith, view, allEvents, withExecution } = executionViews(d);
  return {
    get: (id: string) => withExecution(id, view),
    /** Newest first; every filter given must match. */
    list: async (filter: ExecutionFilter, page: PageRequest = {}) => {
      const p = await x.executions.list(filter, page.limit ?? defaultPageSize, page.cursor ?? null);
      if (p === 'bad_cursor') return E.left(badCursor);
      // Nothing at all in a project: a misspelt one says so (a project with none answers an empty page).
      const unknown =
        p.items.length === 0 && !page.cursor && filter.projectModule !== undefined
          ? await unknownProject(x.configs, filter.projectModule)
          : null;
      if (unknown) return E.left(unknown);
      return E.right({
        items: p.items.map(viewWith(await identifiersOf(p.items))),
        next_cursor: p.nextCursor,
      });
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
        const now = x.clock.now();
        const b = await budgetOf(x, e, now);
        if (b) budget = budgetView(b, e.profileSnapshot);
        s.blocked_by.push(
          ...gateBlockers(
            e,
            pinned,
            await x.admissions.inFlightIn(e.projectModule),
            b,
            await pauseOf(x, e, now),
            await profileInFlightOf(x, e),
          ),
        );
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
    /**
     * Its drops' states now, read from its island manager while it runs there; an island manager
     * that does not answer is a 503 with its words (the run itself is not affected).
     */
    dropStates: async (id: string) => {
      const e = await x.executions.get(id);
      if (!e) return E.left(noExecution(id));
      try {
        return E.right(await readDropStates(x, e));
      } catch (err) {
        return E.left(
          appError(
            'unavailable',
            `the island manager did not answer for the drops' states: ${err instanceof Error ? err.message : String(err)}`,
          ),
        );
      }
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
        workers: o.workers.map(workerView),
        recent_failures: failures,
        paused_profiles: o.paused.map(({ profile, pause, waiting }) => ({
          id: profile.id,
          name: profile.name,
          project_module: profile.project_module,
          ...viewPause(pause, now, waiting)!,
        })),
        blocked_automation: o.blockedAutomation.map((b) => ({
          project_module: b.projectModule,
          config_version: b.configVersion,
          reason: b.reason,
        })),
      };
    },
    events: async (id: string, page: EventPageRequest = {}) => {
      if (!(await x.executions.get(id))) return E.left(noExecution(id));
      return eventPage(x.events, { kind: 'subject', subjectType: 'execution', subjectId: id }, page);
    },
  };
};

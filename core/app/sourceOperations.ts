import * as E from 'fp-ts/lib/Either.js';
import { appError, validationError } from '../errors.js';
import type { NewEvent } from '../domain/event.js';
import { type Source, sourceReadiness, viewSource, viewWholeSource } from '../domain/source.js';
import { prefixProblem, type SourceFilter } from '../domain/sourceFilter.js';
import { requestDiscovery } from '../usecases/discovery/requestDiscovery.js';
import { unknownProject } from '../usecases/projects/unknownProject.js';
import { sourceAutomation } from '../usecases/sources/sourceAutomation.js';
import {
  maxBulkSources,
  registerSource,
  registerSources,
  type SourceItem,
} from '../usecases/sources/registerSources.js';
import type { SurveyorDeps } from './deps.js';
import { badCursor, defaultPageSize, type EventPageRequest, eventPage, type PageRequest } from './pages.js';

const noSource = (id: string) => appError('not_found', `no source ${id}`);

const sourceEvent = (s: Source, kind: string, by: string): NewEvent => ({
  projectModule: s.projectModule,
  subjectType: 'source',
  subjectId: s.id,
  kind,
  payload: { source_identifier: s.sourceIdentifier },
  actor: by,
});

/** Sources (observation targets) and their discovery in the archive. */
export const sourceOperations = (d: SurveyorDeps) => ({
  register: async (projectModule: string, item: SourceItem, by: string) =>
    E.map(viewWholeSource)(await registerSource(d.sources, projectModule, item, by)),
  /** Up to 1000 at once; one item per source in request order: created, exists (untouched) or invalid. */
  registerMany: async (projectModule: string, items: readonly SourceItem[], by: string) => {
    const r = await registerSources(d.sources, projectModule, items, by);
    if (E.isLeft(r)) return r;
    const out = r.right.map((i) =>
      i.status === 'invalid'
        ? { source_identifier: i.source_identifier, status: i.status, error: i.error }
        : { source_identifier: i.source_identifier, status: i.status, uuid: i.source.id },
    );
    const count = (s: string) => out.filter((i) => i.status === s).length;
    return E.right({
      created: count('created'),
      existing: count('exists'),
      invalid: count('invalid'),
      items: out,
    });
  },
  get: async (id: string) => {
    const s = await d.sources.sources.get(id);
    return s ? E.right(viewWholeSource(s)) : E.left(noSource(id));
  },
  /** A disabled source is neither discovered nor run by automation; it keeps what it has. */
  setEnabled: async (id: string, enabled: boolean, by: string) => {
    const s = await d.sources.sources.get(id);
    if (!s) return E.left(noSource(id));
    const event = sourceEvent(s, enabled ? 'source.enabled' : 'source.disabled', by);
    const changed = await d.sources.sources.setEnabled(id, enabled, d.sources.clock.now(), event);
    return changed ? E.right(viewWholeSource(changed)) : E.left(noSource(id));
  },
  /** Refused while an unfinished execution holds the source or its discovery is under way. */
  delete: async (id: string, by: string) => {
    const s = await d.sources.sources.get(id);
    if (!s) return E.left(noSource(id));
    const r = await d.sources.sources.delete(id, d.sources.clock.now(), sourceEvent(s, 'source.deleted', by));
    if (r === 'not_found') return E.left(noSource(id));
    if (r === 'busy')
      return E.left(
        appError(
          'conflict',
          `source ${s.sourceIdentifier} is held by an unfinished execution or being discovered; cancel or wait for it first`,
        ),
      );
    return E.right({ deleted: true as const });
  },
  /** The project's sources that match the filter (every one with an empty filter), a page at a time. */
  list: async (projectModule: string, filter: SourceFilter = {}, page: PageRequest = {}) => {
    // The API's codec says so first; an embedder's prefix is held to the same rule.
    const badPrefix = filter.identifierPrefix === undefined ? null : prefixProblem(filter.identifierPrefix);
    if (badPrefix)
      return E.left(
        validationError('the prefix is not valid', [{ path: 'identifier_prefix', message: badPrefix }]),
      );
    const p = await d.sources.sources.list(
      projectModule,
      filter,
      page.limit ?? defaultPageSize,
      page.cursor ?? null,
    );
    if (p === 'bad_cursor') return E.left(badCursor);
    // Nothing at all: a misspelt project says so (a project with no sources answers an empty page).
    const unknown =
      p.items.length === 0 && !page.cursor ? await unknownProject(d.sources.configs, projectModule) : null;
    if (unknown) return E.left(unknown);
    return E.right({ items: p.items.map(viewSource), next_cursor: p.nextCursor });
  },
  /** Queues discovery of the named sources; says which it skipped and why. */
  discover: async (projectModule: string, identifiers: readonly string[]) => {
    if (identifiers.length > maxBulkSources)
      return E.left(
        validationError('too many sources', [
          { path: 'source_identifiers', message: `at most ${maxBulkSources} per request` },
        ]),
      );
    return requestDiscovery(d.sources, projectModule, identifiers);
  },
  /** The source with what discovery found and whether it is ready to run (the reasons when not). */
  status: async (id: string) => {
    const s = await d.sources.sources.get(id);
    if (!s) return E.left(noSource(id));
    const active = await d.sources.configs.active(s.projectModule);
    const readiness = sourceReadiness(s, active?.config.discovery.required_flags ?? []);
    const automation = await sourceAutomation(d.sources.admissions, s, active, d.sources.clock.now());
    return E.right({
      ...viewWholeSource(s),
      discovery_error: s.discoveryError,
      config_version: s.configVersion,
      signature: s.signature,
      metadata: s.metadata as Record<string, unknown> | null,
      discovery_flags: s.discoveryFlags,
      ready: readiness.ready,
      blocked_by: readiness.blockedBy,
      automation,
    });
  },
  events: async (id: string, page: EventPageRequest = {}) => {
    if (!(await d.sources.sources.get(id))) return E.left(noSource(id));
    return eventPage(d.sources.events, { kind: 'subject', subjectType: 'source', subjectId: id }, page);
  },
});

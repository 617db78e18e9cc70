import * as E from 'fp-ts/lib/Either.js';
import type { DiscoveryState } from '../../../core/domain/source.js';
import type { SourceFilter } from '../../../core/domain/sourceFilter.js';
import type { SourceItem } from '../../../core/usecases/sources/registerSources.js';
import { answer, fail, type Handler, pageOf, eventPageOf } from '../handler.js';

export const createSourceHandler: Handler = async (ctx) => {
  const b = ctx.body as SourceItem & { project_module: string };
  return answer(await ctx.app.sources.register(b.project_module, b, ctx.principal!.username), 201);
};

export const createSourcesBulkHandler: Handler = async (ctx) => {
  const b = ctx.body as { project_module: string; sources: SourceItem[] };
  return answer(await ctx.app.sources.registerMany(b.project_module, b.sources, ctx.principal!.username));
};

export const listSourcesHandler: Handler = async (ctx) => {
  const q = ctx.query as {
    project_module: string;
    discovery_state?: DiscoveryState;
    enabled?: boolean;
    needs_processing?: boolean;
    identifier_prefix?: string;
  };
  const filter: SourceFilter = {
    ...(q.discovery_state !== undefined ? { discoveryState: q.discovery_state } : {}),
    ...(q.enabled !== undefined ? { enabled: q.enabled } : {}),
    ...(q.needs_processing !== undefined ? { needsProcessing: q.needs_processing } : {}),
    ...(q.identifier_prefix !== undefined ? { identifierPrefix: q.identifier_prefix } : {}),
  };
  return answer(await ctx.app.sources.list(q.project_module, filter, pageOf(ctx)));
};

export const discoverSourcesHandler: Handler = async (ctx) => {
  const b = ctx.body as { project_module: string; source_identifiers: string[] };
  const r = await ctx.app.sources.discover(b.project_module, b.source_identifiers);
  if (E.isLeft(r)) return fail(r.left);
  ctx.log.info(
    { project_module: b.project_module, queued: r.right.queued.length, skipped: r.right.skipped.length },
    'discovery requested',
  );
  return { status: 202, body: r.right };
};

export const sourceStatusHandler: Handler = async (ctx) =>
  answer(await ctx.app.sources.status(ctx.params['id']!));

export const sourceEventsHandler: Handler = async (ctx) =>
  answer(await ctx.app.sources.events(ctx.params['id']!, eventPageOf(ctx)));

export const getSourceHandler: Handler = async (ctx) => answer(await ctx.app.sources.get(ctx.params['id']!));

export const updateSourceHandler: Handler = async (ctx) => {
  const { enabled } = ctx.body as { enabled: boolean };
  const r = await ctx.app.sources.setEnabled(ctx.params['id']!, enabled, ctx.principal!.username);
  if (E.isRight(r))
    ctx.log.info({ source_id: r.right.uuid, enabled }, enabled ? 'source enabled' : 'source disabled');
  return answer(r);
};

export const deleteSourceHandler: Handler = async (ctx) => {
  const r = await ctx.app.sources.delete(ctx.params['id']!, ctx.principal!.username);
  if (E.isRight(r)) ctx.log.info({ source_id: ctx.params['id'] }, 'source deleted');
  return answer(r);
};

/** This feature's handlers by route id (schema/routes/): the server's table spreads them. */
export const sourceHandlers: Readonly<Record<string, Handler>> = {
  createSource: createSourceHandler,
  createSourcesBulk: createSourcesBulkHandler,
  listSources: listSourcesHandler,
  discoverSources: discoverSourcesHandler,
  getSource: getSourceHandler,
  updateSource: updateSourceHandler,
  deleteSource: deleteSourceHandler,
  sourceStatus: sourceStatusHandler,
  sourceEvents: sourceEventsHandler,
};

import * as E from 'fp-ts/lib/Either.js';
import { appError, validationError } from '../../../core/errors.js';
import { sourceReadiness, viewSource } from '../../../core/domain/source.js';
import { requestDiscovery } from '../../../core/usecases/discovery/requestDiscovery.js';
import { registerSource, registerSources } from '../../../core/usecases/sources/registerSources.js';
import { sourceDeps } from '../../shared/composition.js';
import { fail, type Handler } from '../handler.js';
import { badCursor, eventPage } from './eventPage.js';

interface SourceCreateBody {
  project_module: string;
  source_identifier: string;
  enabled: boolean;
}

export const createSourceHandler: Handler = async (ctx) => {
  const b = ctx.body as SourceCreateBody;
  const r = await registerSource(sourceDeps(ctx.container), b.project_module, b, ctx.principal!.username);
  return E.isLeft(r) ? fail(r.left) : { status: 201, body: viewSource(r.right) };
};

export const createSourcesBulkHandler: Handler = async (ctx) => {
  const b = ctx.body as {
    project_module: string;
    sources: { source_identifier: string; enabled?: boolean }[];
  };
  const r = await registerSources(
    sourceDeps(ctx.container),
    b.project_module,
    b.sources,
    ctx.principal!.username,
  );
  if (E.isLeft(r)) return fail(r.left);
  const items = r.right.map((i) =>
    i.status === 'invalid'
      ? { source_identifier: i.source_identifier, status: i.status, error: i.error }
      : { source_identifier: i.source_identifier, status: i.status, uuid: i.source.id },
  );
  const count = (s: string) => items.filter((i) => i.status === s).length;
  return { body: { created: count('created'), existing: count('exists'), invalid: count('invalid'), items } };
};

export const listSourcesHandler: Handler = async (ctx) => {
  const page = await sourceDeps(ctx.container).sources.list(
    ctx.query['project_module'] as string,
    (ctx.query['limit'] as number | undefined) ?? 100,
    (ctx.query['cursor'] as string | undefined) ?? null,
  );
  if (page === 'bad_cursor') return fail(badCursor);
  return { body: { items: page.items.map(viewSource), next_cursor: page.nextCursor } };
};

export const discoverSourcesHandler: Handler = async (ctx) => {
  const b = ctx.body as { project_module: string; source_identifiers: string[] };
  if (b.source_identifiers.length > 1000)
    return fail(
      validationError('too many sources', [
        { path: 'source_identifiers', message: 'at most 1000 per request' },
      ]),
    );
  const r = await requestDiscovery(sourceDeps(ctx.container), b.project_module, b.source_identifiers);
  if (E.isLeft(r)) return fail(r.left);
  ctx.log.info(
    { project_module: b.project_module, queued: r.right.queued.length, skipped: r.right.skipped.length },
    'discovery requested',
  );
  return { status: 202, body: r.right };
};

const noSource = (id: string) => appError('not_found', `no source ${id}`);

export const sourceStatusHandler: Handler = async (ctx) => {
  const deps = sourceDeps(ctx.container);
  const s = await deps.sources.get(ctx.params['id']!);
  if (!s) return fail(noSource(ctx.params['id']!));
  const required = (await deps.configs.active(s.projectModule))?.config.discovery.required_flags ?? [];
  const readiness = sourceReadiness(s, required);
  return {
    body: {
      ...viewSource(s),
      discovery_error: s.discoveryError,
      config_version: s.configVersion,
      signature: s.signature,
      metadata: s.metadata as Record<string, unknown> | null,
      discovery_flags: s.discoveryFlags,
      ready: readiness.ready,
      blocked_by: readiness.blockedBy,
    },
  };
};

export const sourceEventsHandler: Handler = async (ctx) => {
  const deps = sourceDeps(ctx.container);
  const id = ctx.params['id']!;
  if (!(await deps.sources.get(id))) return fail(noSource(id));
  return eventPage(ctx, deps.events, { kind: 'subject', subjectType: 'source', subjectId: id });
};

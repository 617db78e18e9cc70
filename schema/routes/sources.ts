import { Uuid } from '../codecs.js';
import { EventPageView, PageQuery } from '../api/projects.js';
import {
  DiscoverAck,
  DiscoverRequest,
  SourceBulkCreate,
  SourceBulkResult,
  SourceCreate,
  SourceListQuery,
  SourcePageView,
  SourceStatusView,
  SourceView,
} from '../api/sources.js';
import type { RouteSpec } from '../routeSpec.js';

const idParam = { id: Uuid };

export const sourceRoutes: readonly RouteSpec[] = [
  {
    id: 'createSource',
    method: 'POST',
    path: '/sources',
    summary: 'Register a source (409 when the identifier exists in the project)',
    tag: 'sources',
    auth: 'operator',
    body: { codec: SourceCreate, contentType: 'application/json' },
    success: { status: 201, description: 'The source', codec: SourceView },
    errors: ['conflict'],
  },
  {
    id: 'createSourcesBulk',
    method: 'POST',
    path: '/sources/bulk',
    summary:
      'Register up to 1000 sources of one project; idempotent by identifier, with a result per item (created, exists, invalid)',
    tag: 'sources',
    auth: 'operator',
    body: { codec: SourceBulkCreate, contentType: 'application/json' },
    success: { status: 200, description: 'Per-item results, in request order', codec: SourceBulkResult },
    errors: [],
  },
  {
    id: 'listSources',
    method: 'GET',
    path: '/sources',
    summary: "A project's sources by identifier, paged (limit, default 100, at most 1000; cursor)",
    tag: 'sources',
    auth: 'viewer',
    query: SourceListQuery,
    success: { status: 200, description: 'A page of sources', codec: SourcePageView },
    errors: [],
  },
  {
    id: 'discoverSources',
    method: 'POST',
    path: '/sources/discover',
    summary: 'Queue discovery of sources now; says which were skipped and why',
    tag: 'sources',
    auth: 'operator',
    body: { codec: DiscoverRequest, contentType: 'application/json' },
    success: { status: 202, description: 'Accepted', codec: DiscoverAck },
    errors: ['conflict'],
  },
  {
    id: 'sourceStatus',
    method: 'GET',
    path: '/sources/{id}/status',
    summary: 'Discovery state, metadata, discovery flags, and whether (and why not) the source is ready',
    tag: 'sources',
    auth: 'viewer',
    params: idParam,
    success: { status: 200, description: 'The status', codec: SourceStatusView },
    errors: [],
  },
  {
    id: 'sourceEvents',
    method: 'GET',
    path: '/sources/{id}/events',
    summary: "A source's provenance events, oldest first, paged",
    tag: 'sources',
    auth: 'viewer',
    params: idParam,
    query: PageQuery,
    success: { status: 200, description: 'A page of events', codec: EventPageView },
    errors: [],
  },
];

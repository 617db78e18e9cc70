import { lineBreakingClass } from '../../core/domain/oneLine.js';
import * as t from 'io-ts';
import { boolFromString, DateTimeString, intFromString, strictObject, Uuid, withDefault } from '../codecs.js';
import { identifierPattern, identifierProblem, maxIdentifierLength } from '../../core/domain/source.js';
import { prefixProblem } from '../../core/domain/sourceFilter.js';
import { component, withSchema } from '../jsonSchema.js';
import { ProjectModule, ProjectName, pageQuery } from './common.js';

/** A source identifier as any project accepts it (a project's own pattern narrows it further). */
export const SourceIdentifier = withSchema(
  t.refinement(t.string, (s) => identifierProblem(s) === null, 'source identifier'),
  { type: 'string', minLength: 1, maxLength: maxIdentifierLength, pattern: identifierPattern },
);

export const SourceCreate = component(
  'SourceCreate',
  strictObject(
    'SourceCreate',
    { project_module: ProjectModule, source_identifier: SourceIdentifier },
    { enabled: withDefault(t.boolean, true) },
  ),
);

export const SourceBulkCreate = component(
  'SourceBulkCreate',
  strictObject('SourceBulkCreate', {
    project_module: ProjectModule,
    sources: t.array(strictObject('SourceBulkItem', { source_identifier: t.string }, { enabled: t.boolean })),
  }),
);

const DiscoveryStateC = t.keyof({ never: null, queued: null, running: null, done: null, failed: null });

const sourceFields = {
  uuid: Uuid,
  project_module: t.string,
  source_identifier: t.string,
  enabled: t.boolean,
  discovery_state: DiscoveryStateC,
  discovered_at: t.union([DateTimeString, t.null]),
  needs_processing: t.boolean,
  created_at: DateTimeString,
  updated_at: DateTimeString,
};

export const SourceView = component('Source', t.type(sourceFields));

export const SourceBulkResult = component(
  'SourceBulkResult',
  t.type({
    created: t.number,
    existing: t.number,
    invalid: t.number,
    items: t.array(
      t.intersection([
        t.type({
          source_identifier: t.string,
          status: t.keyof({ created: null, exists: null, invalid: null }),
        }),
        t.partial({ uuid: Uuid, error: t.string }),
      ]),
    ),
  }),
);

/** The start of a source identifier, as a list's filter takes it. */
const IdentifierPrefix = withSchema(
  t.refinement(t.string, (s) => prefixProblem(s) === null, 'source identifier prefix'),
  { type: 'string', minLength: 1, maxLength: maxIdentifierLength, pattern: `^[^${lineBreakingClass}]+$` },
);

export const SourceListQuery = t.intersection([
  t.type({ project_module: ProjectName }),
  t.partial({
    ...pageQuery(1000),
    discovery_state: DiscoveryStateC,
    enabled: boolFromString,
    needs_processing: boolFromString,
    identifier_prefix: IdentifierPrefix,
  }),
]);

export const SourcePageView = component(
  'SourcePage',
  t.type({ items: t.array(SourceView), next_cursor: t.union([t.string, t.null]) }),
);

/** A source's standing with execution automation after failed runs (core/domain/automationRetry.ts). */
const automationFields = {
  failed_runs: t.number,
  max_failed_runs: t.number,
  last_failed_execution: Uuid,
  last_failed_at: DateTimeString,
  hold: t.keyof({ trying: null, waiting: null, held: null }),
  retry_at: t.union([DateTimeString, t.null]),
};
const SourceAutomation = component('SourceAutomation', t.type(automationFields));

/** A project's execution automation and the sources its retry rule holds back (stopped ones first). */
export const ProjectAutomationView = component(
  'ProjectAutomation',
  t.type({
    project_module: t.string,
    config_version: t.number,
    enabled: t.boolean,
    /** Why automation, though enabled, can make no execution now (no such profile, budget spent); null when it can, or is off. */
    blocked: t.union([t.string, t.null]),
    max_failed_runs: t.number,
    retry_wait_minutes: t.number,
    held: t.number,
    waiting: t.number,
    sources: t.array(t.type({ source_uuid: Uuid, source_identifier: t.string, ...automationFields })),
  }),
);
export const ProjectAutomationQuery = t.partial({ limit: intFromString(1, 1000) });

export const SourceStatusView = component(
  'SourceStatus',
  t.type({
    ...sourceFields,
    discovery_error: t.union([t.string, t.null]),
    config_version: t.union([t.number, t.null]),
    signature: t.union([t.string, t.null]),
    metadata: t.union([t.UnknownRecord, t.null]),
    discovery_flags: t.UnknownRecord,
    ready: t.boolean,
    blocked_by: t.array(t.string),
    automation: t.union([SourceAutomation, t.null]),
  }),
);

export const DiscoverRequest = component(
  'DiscoverRequest',
  strictObject('DiscoverRequest', {
    project_module: ProjectModule,
    source_identifiers: t.array(SourceIdentifier),
  }),
);

export const DiscoverAck = component(
  'DiscoverAck',
  t.type({
    queued: t.array(t.string),
    skipped: t.array(t.type({ source_identifier: t.string, reason: t.string })),
    jobs: t.number,
  }),
);

export const SourceUpdate = component('SourceUpdate', strictObject('SourceUpdate', { enabled: t.boolean }));

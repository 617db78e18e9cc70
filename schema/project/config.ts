import * as t from 'io-ts';
import { maxSourcesPerExecution, type ProjectConfig } from '../../core/domain/projectConfig.js';
import {
  boundedString,
  discriminated,
  HttpUrl,
  intRange,
  numberRange,
  ServiceUrl,
  patternString,
  strictObject,
  withDefault,
} from '../codecs.js';
import { ProjectModule } from '../api/common.js';
import { withSchema } from '../jsonSchema.js';

/** Names of archives, transforms, queries, fields and flags. */
export const Name = patternString(/^[A-Za-z_][A-Za-z0-9_]{0,62}$/, 'name', 63);
const record = <C extends t.Mixed>(codec: C, name: string) =>
  withSchema(
    t.refinement(
      t.record(t.string, codec),
      (r) => Object.keys(r).every((k) => /^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(k)),
      name,
    ),
    { $inner: t.record(t.string, codec), propertyNames: { pattern: '^[A-Za-z_][A-Za-z0-9_]{0,62}$' } },
  );
const oneOf = <K extends string>(name: string, values: readonly K[]) =>
  withSchema(t.keyof(Object.fromEntries(values.map((v) => [v, null])) as Record<K, null>, name), {
    type: 'string',
    enum: [...values],
  });
const kind = <K extends string>(k: K) => ({ kind: t.literal(k) });

export const Transform = discriminated('Transform', 'kind', {
  strip_prefix: strictObject('strip_prefix', { ...kind('strip_prefix'), prefix: boundedString(1, 256) }),
  strip_suffix: strictObject('strip_suffix', { ...kind('strip_suffix'), suffix: boundedString(1, 256) }),
  extract_digits: strictObject('extract_digits', kind('extract_digits')),
  split_last: strictObject('split_last', {
    ...kind('split_last'),
    separators: t.array(boundedString(1, 16)),
  }),
  is_present: strictObject('is_present', kind('is_present')),
  trim: strictObject('trim', kind('trim')),
  lowercase: strictObject('lowercase', kind('lowercase')),
  uppercase: strictObject('uppercase', kind('uppercase')),
  regex_extract: strictObject(
    'regex_extract',
    { ...kind('regex_extract'), pattern: boundedString(1, 512) },
    { group: withDefault(intRange(0, 99), 1) },
  ),
  format: strictObject('format', {
    ...kind('format'),
    template: patternString(/\{value\}/, 'a template containing {value}', 512),
  }),
  chain: strictObject('chain', { ...kind('chain'), steps: t.array(Name) }),
});

export const TapArchive = strictObject(
  'TapArchive',
  { ...kind('tap'), url: ServiceUrl },
  {
    timeout_seconds: withDefault(intRange(1, 3600), 60),
    retries: withDefault(intRange(0, 10), 2),
    auth: withDefault(oneOf('auth', ['none', 'archive_credentials'] as const), 'none'),
    mode: withDefault(oneOf('mode', ['auto', 'sync', 'async'] as const), 'auto'),
    async_above_rows: withDefault(intRange(1, 10_000_000), 10_000),
    max_concurrent_queries: withDefault(intRange(1, 32), 2),
    origins: withDefault(t.array(HttpUrl), []),
    login_check_url: HttpUrl,
  },
);
const Archive = discriminated('Archive', 'kind', { tap: TapArchive });

const FieldRule = strictObject('FieldRule', { from: boundedString(1, 256) }, { transform: Name });

const QueryBatch = strictObject(
  'QueryBatch',
  { via: oneOf('via', ['in_list', 'upload'] as const) },
  {
    sources_per_query: withDefault(intRange(1, 1000), 100),
    match: strictObject('BatchMatch', { column: boundedString(1, 128), parameter: Name }),
  },
);

const Query = strictObject(
  'DiscoveryQuery',
  { name: Name, archive: Name, adql: boundedString(1, 20000) },
  {
    parameters: withDefault(
      record(
        strictObject('QueryParam', { type: oneOf('type', ['string', 'integer', 'number'] as const) }),
        'parameters',
      ),
      {},
    ),
    max_rows: withDefault(intRange(1, 100000), 10000),
    batch: QueryBatch,
  },
);

const Discovery = strictObject(
  'Discovery',
  { queries: t.array(Query), datasets_from: Name },
  {
    enrichments: withDefault(t.array(Query), []),
    field_map: withDefault(record(FieldRule, 'field_map'), {}),
    discovery_flags: withDefault(record(FieldRule, 'discovery_flags'), {}),
    required_flags: withDefault(t.array(Name), []),
    access_check: withDefault(t.boolean, false),
    signature: withDefault(
      strictObject(
        'Signature',
        {},
        {
          exclude_fields: withDefault(t.array(boundedString(1, 256)), []),
          include_discovery_flags: withDefault(t.boolean, true),
        },
      ),
      { exclude_fields: [], include_discovery_flags: true },
    ),
  },
);

const Sha256 = patternString(/^[0-9a-f]{64}$/, 'sha256', 64);

const GraphPatch = strictObject('GraphPatch', {
  match: strictObject('GraphMatch', {
    kind: oneOf('match kind', ['node_name', 'node_category', 'node_id'] as const),
    equals: boundedString(1, 512),
  }),
  set: t.record(t.string, t.union([t.string, t.number, t.boolean])),
});

const posInt = (max: number, def: number) => withDefault(intRange(1, max), def);
const discoveryDefaults = {
  enabled: false,
  every_minutes: 60,
  sources_per_tick: 1000,
  batch_size: 10,
  batches_in_flight: 24,
  stale_after_hours: 24,
};
const executionDefaults = {
  enabled: false,
  max_sources_per_execution: 1,
  sources_per_tick: 1000,
  runs_per_tick: 50,
  concurrent_runs: 10,
  min_sources_to_trigger: 1,
  max_wait_minutes: 1440,
  claim_ttl_minutes: 180,
  poll_interval_seconds: 60,
  poll_max_rounds: 40,
  max_failed_runs: 3,
  retry_wait_minutes: 30,
};
const Automation = strictObject(
  'Automation',
  {},
  {
    discovery: withDefault(
      strictObject(
        'DiscoveryAutomation',
        {},
        {
          enabled: withDefault(t.boolean, false),
          every_minutes: posInt(10080, 60),
          sources_per_tick: posInt(1_000_000, 1000),
          batch_size: posInt(10_000, 10),
          batches_in_flight: posInt(10_000, 24),
          stale_after_hours: posInt(8760, 24),
        },
      ),
      discoveryDefaults,
    ),
    execution: withDefault(
      strictObject(
        'ExecutionAutomation',
        {},
        {
          enabled: withDefault(t.boolean, false),
          archive_name: Name,
          deployment_profile_name: boundedString(1, 50),
          max_sources_per_execution: posInt(maxSourcesPerExecution, 1),
          sources_per_tick: posInt(1_000_000, 1000),
          runs_per_tick: posInt(100_000, 50),
          concurrent_runs: posInt(100_000, 10),
          min_sources_to_trigger: posInt(100_000, 1),
          max_wait_minutes: posInt(525_600, 1440),
          claim_ttl_minutes: posInt(10_080, 180),
          poll_interval_seconds: withDefault(intRange(1, 86400), 60),
          poll_max_rounds: posInt(100_000, 40),
          max_queue_wait_minutes: intRange(1, 525_600),
          max_failed_runs: posInt(1000, 3),
          retry_wait_minutes: posInt(10_080, 30),
        },
      ),
      executionDefaults,
    ),
  },
);

/**
 * A compute budget per UTC calendar month. The limit is above 0 and at most 10^8 hours (a
 * national facility's whole year is about 10^8 core-hours): a larger figure is a typo.
 */
const Budget = strictObject(
  'Budget',
  {
    limit: numberRange(0, 100_000_000, 'a number of hours above 0 and at most 100000000', true),
    unit: oneOf('node_hours or cpu_hours', ['node_hours', 'cpu_hours'] as const),
  },
  {
    period: withDefault(oneOf('month (a UTC calendar month)', ['month'] as const), 'month'),
    on_exhausted: withDefault(oneOf('block or warn', ['block', 'warn'] as const), 'block'),
  },
);

export const ProjectConfigCodec = strictObject(
  'ProjectConfig',
  {
    apiVersion: t.literal('surveyor/v1'),
    kind: t.literal('ProjectConfig'),
    metadata: strictObject(
      'Metadata',
      { module: ProjectModule },
      { description: withDefault(boundedString(0, 2000), '') },
    ),
    archives: record(Archive, 'archives'),
    source_identity: strictObject(
      'SourceIdentity',
      {},
      {
        pattern: boundedString(1, 512),
        template_vars: withDefault(
          record(
            strictObject(
              'TemplateVar',
              {},
              { from: withDefault(oneOf('from', ['canonical'] as const), 'canonical'), transform: Name },
            ),
            'template_vars',
          ),
          {},
        ),
      },
    ),
    discovery: Discovery,
    manifest: strictObject('Manifest', {
      group_by: t.array(Name),
      source_template: t.record(t.string, boundedString(0, 1024)),
    }),
    graph: strictObject('GraphRef', { sha256: Sha256 }, { path: boundedString(1, 1024), url: HttpUrl }),
  },
  {
    transforms: withDefault(record(Transform, 'transforms'), {}),
    graph_patches: withDefault(t.array(GraphPatch), []),
    output_verification: withDefault(
      strictObject(
        'OutputVerification',
        {},
        { required: withDefault(t.boolean, false), inventory_schema: boundedString(1, 256) },
      ),
      { required: false },
    ),
    automation: withDefault(Automation, { discovery: discoveryDefaults, execution: executionDefaults }),
    budget: Budget,
  },
);

// The codec fills every default, so a decoded value has the core's shape (the optional markers io-ts
// puts on defaulted fields are the only difference); the example configuration's test checks it.
export const asProjectConfig = (decoded: t.TypeOf<typeof ProjectConfigCodec>): ProjectConfig =>
  decoded as ProjectConfig;

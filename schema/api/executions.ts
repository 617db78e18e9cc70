import * as t from 'io-ts';
import { DateTimeString, oneLine, patternString, strictObject, Uuid } from '../codecs.js';
import { uuidPrefixPattern } from '../../core/domain/idPrefix.js';
import { executionStates } from '../../core/domain/execution.js';
import { component } from '../jsonSchema.js';
import { ProjectModule, ProjectName, pageQuery } from './common.js';
import { SourceIdentifier } from './sources.js';
import { ExecutionBudgetView, ExecutionUsageView, TimeParam } from './usage.js';

export const ExecutionCreate = component(
  'ExecutionCreate',
  strictObject(
    'ExecutionCreate',
    {
      project_module: ProjectModule,
      sources: t.array(strictObject('ExecutionSource', { source_identifier: SourceIdentifier })),
      archive_name: oneLine('an archive name', 63, 1),
    },
    { deployment_profile_name: oneLine('a profile name', 50, 1), deployment_profile_id: Uuid },
  ),
);

const nullable = <C extends t.Mixed>(c: C) => t.union([c, t.null]);

/** The execution states (core/domain/execution.ts), as an enum in the API document. */
export const ExecutionStateC = t.keyof(
  Object.fromEntries(executionStates.map((s) => [s, null])) as Record<(typeof executionStates)[number], null>,
);

export const ExecuteRequest = component(
  'ExecuteRequest',
  strictObject('ExecuteRequest', {}, { do_stage: t.boolean, do_submit: t.boolean }),
);

export const ReproduceRequest = component(
  'ReproduceRequest',
  strictObject(
    'ReproduceRequest',
    {},
    {
      execute: t.boolean,
      dry_run: t.boolean,
      with_current_config: t.boolean,
      with_current_profile: t.boolean,
      with_current_metadata: t.boolean,
    },
  ),
);

const executionFields = {
  uuid: Uuid,
  project_module: t.string,
  sources: t.array(t.type({ source_identifier: t.string })),
  archive_name: t.string,
  deployment_profile_name: t.string,
  deployment_profile_id: t.union([t.string, t.null]),
  config_version: t.number,
  state: ExecutionStateC,
  attempt: t.number,
  scheduler_job_id: t.union([t.string, t.null]),
  run_record: t.UnknownRecord,
  error: t.union([t.string, t.null]),
  do_stage: nullable(t.boolean),
  do_submit: nullable(t.boolean),
  execute_requested_at: nullable(DateTimeString),
  submitted_at: nullable(DateTimeString),
  cancel_requested_at: nullable(DateTimeString),
  finished_at: nullable(DateTimeString),
  created_by: t.string,
  created_at: DateTimeString,
  updated_at: DateTimeString,
};
/** Where in stage -> translate -> submit -> poll an execution is (core/domain/execution.ts phaseOf). */
const ExecutionPhaseC = t.keyof({
  waiting: null,
  stage: null,
  translate: null,
  submit: null,
  poll: null,
  terminal: null,
});

const debugFields = {
  dim_session_status_url: t.string,
  dim_graph_status_url: t.string,
  batch_session_dir: t.string,
  batch_login_node: t.string,
  batch_remote_user: t.string,
};

export const ExecutionView = component(
  'Execution',
  t.intersection([t.type(executionFields), t.partial(debugFields)]),
);

export const ExecutionStatusView = component(
  'ExecutionStatus',
  t.intersection([
    t.type({
      ...executionFields,
      phase: ExecutionPhaseC,
      blocked_by: t.array(t.string),
      source_status: t.array(
        t.type({
          source_identifier: t.string,
          uuid: t.string,
          ready: t.boolean,
          blocked_by: t.array(t.string),
        }),
      ),
    }),
    t.partial({ ...debugFields, budget: ExecutionBudgetView }),
  ]),
);

const DropStateC = t.keyof({
  waiting: null,
  running: null,
  done: null,
  error: null,
  cancelled: null,
  skipped: null,
});
export const DropStatesView = component(
  'DropStates',
  t.type({
    execution_id: Uuid,
    attempt: t.number,
    source: t.keyof({ island_manager: null, none: null }),
    read_at: t.string,
    states: t.record(t.string, DropStateC),
    counts: t.type({
      waiting: t.number,
      running: t.number,
      done: t.number,
      error: t.number,
      cancelled: t.number,
      skipped: t.number,
    }),
    note: nullable(t.string),
  }),
);

export const ExecuteResponse = component(
  'ExecuteResponse',
  t.intersection([t.type({ ...executionFields, blocked_by: t.array(t.string) }), t.partial(debugFields)]),
);

const maybeSeconds = nullable(t.number);
export const ExecutionSummaryView = component(
  'ExecutionSummary',
  t.type({
    uuid: Uuid,
    project_module: t.string,
    state: ExecutionStateC,
    phase: ExecutionPhaseC,
    attempt: t.number,
    dry_run: t.boolean,
    sources: t.number,
    scheduler_job_id: nullable(t.string),
    remote_state: nullable(t.string),
    error: nullable(t.string),
    failed_drops: t.array(t.string),
    durations_seconds: t.type({
      waiting: maybeSeconds,
      stage: maybeSeconds,
      translate: maybeSeconds,
      submit: maybeSeconds,
      poll: maybeSeconds,
      remote_queue: maybeSeconds,
      total: maybeSeconds,
    }),
    created_at: DateTimeString,
    execute_requested_at: nullable(DateTimeString),
    submitted_at: nullable(DateTimeString),
    finished_at: nullable(DateTimeString),
    events: t.number,
    usage: ExecutionUsageView,
  }),
);

export const LedgerSnapshotView = component(
  'LedgerSnapshot',
  t.type({
    execution_id: Uuid,
    generated_at: DateTimeString,
    state: ExecutionStateC,
    attempt: t.number,
    configuration: t.type({
      project_module: t.string,
      version: t.number,
      content_hash: nullable(t.string),
      graph: nullable(t.UnknownRecord),
    }),
    deployment_profile: t.type({
      id: nullable(t.string),
      name: t.string,
      version: t.number,
      translation: t.UnknownRecord,
      deployment: t.UnknownRecord,
    }),
    archive_name: t.string,
    switches: t.type({ do_stage: nullable(t.boolean), do_submit: nullable(t.boolean) }),
    sources: t.array(
      t.type({
        uuid: t.string,
        source_identifier: nullable(t.string),
        signature_used: nullable(t.string),
        signature_now: nullable(t.string),
        processed_signature: nullable(t.string),
      }),
    ),
    artifacts: t.array(
      t.type({
        attempt: t.number,
        name: t.string,
        media_type: t.string,
        sha256: t.string,
        size: t.number,
        created_at: DateTimeString,
        /** When retention dropped the content (the digest and size stay); null while it is stored. */
        content_pruned_at: nullable(DateTimeString),
      }),
    ),
    external: t.type({
      scheduler_job_id: nullable(t.string),
      backend_target: nullable(t.string),
      intent: t.unknown,
      previous_attempts: t.unknown,
    }),
    transitions: t.array(
      t.type({
        event_id: t.number,
        kind: t.string,
        attempt: t.unknown,
        actor: nullable(t.string),
        at: DateTimeString,
      }),
    ),
  }),
);

export const ExecutionListQuery = t.partial({
  id_prefix: patternString(
    uuidPrefixPattern,
    'the first 8 or more characters of an execution id, in lower case',
    36,
  ),
  project_module: ProjectName,
  state: ExecutionStateC,
  deployment_profile_id: Uuid,
  deployment_profile_name: oneLine('a profile name', 50, 1),
  source_id: Uuid,
  ended_since: TimeParam,
  ...pageQuery(500),
});

export const ExecutionPageView = component(
  'ExecutionPage',
  t.type({ items: t.array(ExecutionView), next_cursor: t.union([t.string, t.null]) }),
);

const ChangeView = t.intersection([t.type({ path: t.string }), t.partial({ a: t.unknown, b: t.unknown })]);
const ConfigSide = t.type({ project_module: t.string, version: t.number, content_hash: nullable(t.string) });
const BackendSide = t.type({
  kind: t.keyof({ rest_remote: null, batch_remote: null }),
  target: nullable(t.string),
  scheduler_job_id: nullable(t.string),
  translator_version: nullable(t.string),
});
const OutcomeSide = t.type({
  state: ExecutionStateC,
  attempt: t.number,
  error: nullable(t.string),
  remote_state: nullable(t.string),
  failed_drops: t.array(t.string),
});
export const ExecutionComparisonView = component(
  'ExecutionComparison',
  t.type({
    a: Uuid,
    b: Uuid,
    same: t.boolean,
    configuration: t.type({
      a: ConfigSide,
      b: ConfigSide,
      same: t.boolean,
      yaml_diff: nullable(t.string),
      yaml_diff_omitted: nullable(t.string),
    }),
    graph: t.type({ a: nullable(t.string), b: nullable(t.string), same: t.boolean }),
    profile: t.type({
      a: t.type({ name: t.string, version: t.number }),
      b: t.type({ name: t.string, version: t.number }),
      changes: t.array(ChangeView),
      truncated: t.boolean,
    }),
    sources: t.type({
      only_in_a: t.array(t.string),
      only_in_b: t.array(t.string),
      changed: t.array(
        t.type({
          source_identifier: t.string,
          signature_a: nullable(t.string),
          signature_b: nullable(t.string),
          fields: nullable(t.array(ChangeView)),
          fields_truncated: t.boolean,
        }),
      ),
    }),
    manifest: t.type({ a: t.boolean, b: t.boolean }),
    backend: t.type({ a: BackendSide, b: BackendSide }),
    outcome: t.type({ a: OutcomeSide, b: OutcomeSide }),
  }),
);

/** A W3C PROV-JSON document (https://www.w3.org/submissions/prov-json/): its prefixes, elements and relations by kind. */
export const ProvDocumentView = component(
  'ProvDocument',
  t.type({
    prefix: t.record(t.string, t.string),
    entity: t.UnknownRecord,
    activity: t.UnknownRecord,
    agent: t.UnknownRecord,
  }),
);

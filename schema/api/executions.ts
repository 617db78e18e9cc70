import * as t from 'io-ts';
import { boundedString, DateTimeString, strictObject, Uuid } from '../codecs.js';
import { component } from '../jsonSchema.js';
import { ProjectModule } from './common.js';

export const ExecutionCreate = component(
  'ExecutionCreate',
  strictObject(
    'ExecutionCreate',
    {
      project_module: ProjectModule,
      sources: t.array(strictObject('ExecutionSource', { source_identifier: boundedString(1, 256) })),
      archive_name: boundedString(1, 63),
    },
    { deployment_profile_name: boundedString(1, 50), deployment_profile_id: Uuid },
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
  state: t.string,
  attempt: t.number,
  scheduler_job_id: t.union([t.string, t.null]),
  run_record: t.UnknownRecord,
  error: t.union([t.string, t.null]),
  created_by: t.string,
  created_at: DateTimeString,
  updated_at: DateTimeString,
};
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
      phase: t.string,
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
    t.partial(debugFields),
  ]),
);

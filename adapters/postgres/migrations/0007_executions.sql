-- Executions: one or more sources run with a pinned configuration version and a snapshot of the
-- deployment profile taken at creation (later profile changes do not reach them).
CREATE TABLE executions (
  id                    uuid PRIMARY KEY,
  project_module        text NOT NULL,
  config_version        integer NOT NULL,
  profile_id            uuid,
  profile_snapshot      jsonb NOT NULL,
  archive_name          text NOT NULL,
  source_ids            uuid[] NOT NULL,
  state                 text NOT NULL,
  attempt               integer NOT NULL DEFAULT 0,
  do_stage              boolean,
  do_submit             boolean,
  execute_requested_at  timestamptz,
  scheduler_job_id      text,
  run_record            jsonb NOT NULL DEFAULT '{}',
  dim_session_status_url text,
  dim_graph_status_url  text,
  batch_session_dir     text,
  batch_login_node      text,
  batch_remote_user     text,
  error                 text,
  idempotency_key       text UNIQUE,
  request_hash          text,
  created_by            text NOT NULL,
  created_at            timestamptz NOT NULL,
  updated_at            timestamptz NOT NULL,
  FOREIGN KEY (project_module, config_version) REFERENCES project_configs (project_module, version)
);
CREATE INDEX executions_project_state ON executions (project_module, state);

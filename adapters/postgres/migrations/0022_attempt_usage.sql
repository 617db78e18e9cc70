-- What each attempt that reached a backend used there (sacct's figures, a DALiuGE session's times,
-- or our estimate when the backend could not say), written with the change that ends the attempt.
-- No foreign key to executions: accounting outlives the retention purge of old executions.
CREATE TABLE attempt_usage (
  execution_id   uuid NOT NULL,
  attempt        integer NOT NULL,
  project_module text NOT NULL,
  profile_name   text NOT NULL,
  backend        text NOT NULL CHECK (backend IN ('rest_remote', 'batch_remote')),
  outcome        text NOT NULL CHECK (outcome IN ('completed', 'failed', 'cancelled')),
  source         text NOT NULL CHECK (source IN ('sacct', 'session', 'estimate')),
  job_id         text,
  submitted_at   timestamptz,
  started_at     timestamptz,
  ended_at       timestamptz NOT NULL,
  queue_seconds  double precision NOT NULL CHECK (queue_seconds >= 0),
  run_seconds    double precision NOT NULL CHECK (run_seconds >= 0),
  nodes          integer NOT NULL CHECK (nodes >= 0),
  cpus           integer,
  node_seconds   double precision NOT NULL CHECK (node_seconds >= 0),
  cpu_seconds    double precision,
  max_rss_bytes  bigint,
  remote_state   text NOT NULL,
  exit_code      text,
  PRIMARY KEY (execution_id, attempt)
);
-- Usage by project over a range (the usage route, a budget's month): runs that ended after its start.
CREATE INDEX attempt_usage_project_ended ON attempt_usage (project_module, ended_at);

-- Runs of executions: submission and cancel bookkeeping, artifacts, and per-target polling.
ALTER TABLE executions
  ADD COLUMN backend_target      text,
  ADD COLUMN submitted_at        timestamptz,
  ADD COLUMN cancel_requested_at timestamptz,
  ADD COLUMN cancel_sent_at      timestamptz,
  ADD COLUMN finished_at         timestamptz,
  ADD CONSTRAINT executions_state_known CHECK (state IN
    ('pending', 'queued', 'staging', 'translating', 'submitting', 'running', 'cancelling', 'completed', 'failed', 'cancelled'));
-- Admission scans pending executions that were asked to run; polling scans a target's live runs.
CREATE INDEX executions_awaiting ON executions (execute_requested_at) WHERE state = 'pending' AND execute_requested_at IS NOT NULL;
CREATE INDEX executions_polled ON executions (backend_target, submitted_at) WHERE state IN ('running', 'cancelling');
CREATE INDEX executions_unfinished ON executions (project_module) WHERE state NOT IN ('completed', 'failed', 'cancelled');

-- What a run built (manifest, patched graph, translated graph), per attempt, with its digest.
CREATE TABLE execution_artifacts (
  execution_id uuid NOT NULL REFERENCES executions (id) ON DELETE CASCADE,
  attempt      integer NOT NULL,
  name         text NOT NULL,
  media_type   text NOT NULL,
  sha256       text NOT NULL,
  size         integer NOT NULL,
  content      text NOT NULL,
  created_at   timestamptz NOT NULL,
  PRIMARY KEY (execution_id, attempt, name)
);

-- When each backend target was last polled: the minimum interval per target is kept across workers.
CREATE TABLE poll_targets (
  target         text PRIMARY KEY,
  last_polled_at timestamptz NOT NULL,
  last_error     text
);

-- Automation looks for sources whose current signature was not processed yet.
CREATE INDEX sources_to_process ON sources (project_module, discovered_at)
  WHERE enabled AND metadata IS NOT NULL AND signature IS DISTINCT FROM processed_signature;

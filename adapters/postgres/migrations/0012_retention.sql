-- Retention: an artifact's content can be dropped while its digest and size stay in the ledger,
-- and pruning finds what is old by index instead of scanning whole tables.
ALTER TABLE execution_artifacts
  ALTER COLUMN content DROP NOT NULL,
  ADD COLUMN content_pruned_at timestamptz;
CREATE INDEX execution_artifacts_stored ON execution_artifacts (created_at) WHERE content IS NOT NULL;
CREATE INDEX provenance_events_created ON provenance_events (created_at);
CREATE INDEX jobs_finished ON jobs (coalesce(finished_at, updated_at)) WHERE state NOT IN ('queued', 'running');
CREATE INDEX executions_ended ON executions (coalesce(finished_at, updated_at))
  WHERE state IN ('completed', 'failed', 'cancelled');

-- When a source was claimed for discovery (queued or running): a claim older than the project's
-- claim_ttl_minutes whose job is gone is released by the discovery tick.
ALTER TABLE sources ADD COLUMN discovery_claimed_at timestamptz;
UPDATE sources SET discovery_claimed_at = updated_at WHERE discovery_state IN ('queued', 'running');
CREATE INDEX sources_discovery_claims ON sources (project_module, discovery_claimed_at)
  WHERE discovery_state IN ('queued', 'running');

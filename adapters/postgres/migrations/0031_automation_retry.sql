-- When each source's current signature was first found: automation counts a source's failed runs
-- from then (new data is a fresh start; core/domain/automationRetry.ts). Sources discovered before
-- this column count from their last discovery.
ALTER TABLE sources ADD COLUMN signature_at timestamptz;
UPDATE sources SET signature_at = discovered_at WHERE signature IS NOT NULL;

-- Automation's failed runs, per project and configuration version: what its retry rule reads on
-- every tick. Few rows (a source stops after max_failed_runs), so the index stays small.
CREATE INDEX executions_failed_by_automation ON executions (project_module, config_version)
  WHERE state = 'failed' AND created_by = 'scheduler';

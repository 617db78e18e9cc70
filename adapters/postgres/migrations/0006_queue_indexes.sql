-- Fewer indexes touched when a job changes state (claims and completions are the hot path):
-- jobs_kind_state served no query, and jobs without an idempotency key need no entry in the
-- idempotency index.
DROP INDEX jobs_kind_state;
DROP INDEX jobs_idempotency_live;
CREATE UNIQUE INDEX jobs_idempotency_live ON jobs (idempotency_key)
  WHERE idempotency_key IS NOT NULL AND state IN ('queued', 'running');

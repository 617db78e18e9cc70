-- When the backend last answered a poll round on the target: a run's deadline is kept while it
-- does not answer, from the last time it did (core/domain/runDeadline.ts).
ALTER TABLE poll_targets ADD COLUMN last_answered_at timestamptz;

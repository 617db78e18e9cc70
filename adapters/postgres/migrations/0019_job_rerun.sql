-- A job asked for again while it runs (a poll round a submission asks for, when the target's round
-- is running and may have read its executions before the submission) runs once more after it: when
-- it completes it is queued again, due at rerun_at.
ALTER TABLE jobs ADD COLUMN rerun_at timestamptz;

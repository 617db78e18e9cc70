-- An idle worker asks for the soonest run_at still ahead among queued jobs (with its claim) and
-- sleeps until then; this keeps that answer one index probe however many jobs are queued.
CREATE INDEX jobs_due ON jobs (run_at) WHERE state = 'queued';

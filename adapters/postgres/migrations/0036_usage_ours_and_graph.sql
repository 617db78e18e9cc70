-- What an attempt spent with us before its backend had it (a worker taking the run to the
-- submission: staging, translation, submission and their waits), beside the cluster's queue wait
-- and run time; and the graph it ran (its file's name), for failure rates per graph. Null for
-- attempts recorded before they were kept, and for runs that never started with us.
ALTER TABLE attempt_usage ADD COLUMN our_seconds double precision CHECK (our_seconds >= 0);
ALTER TABLE attempt_usage ADD COLUMN graph text CHECK (length(graph) <= 200);

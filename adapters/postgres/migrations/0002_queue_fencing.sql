-- Fencing tokens come from one sequence: every claim of any job gets a number never used before.
CREATE SEQUENCE jobs_fencing_seq AS bigint;
CREATE INDEX jobs_kind_state ON jobs (kind, state);

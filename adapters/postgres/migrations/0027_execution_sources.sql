-- The executions that ran a source ("what happened to HIPASSJ1234+00?"), newest first: a source's
-- few executions are found by containment in source_ids, not by reading every execution.
CREATE INDEX executions_sources ON executions USING gin (source_ids);

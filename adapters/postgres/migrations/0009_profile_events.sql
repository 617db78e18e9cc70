-- Deployment profile changes are provenance events of their own subject type (global profiles have
-- no project: their events carry the empty project module).
ALTER TABLE provenance_events DROP CONSTRAINT IF EXISTS provenance_events_subject_type_check;
ALTER TABLE provenance_events
  ADD CONSTRAINT provenance_events_subject_type_check
  CHECK (subject_type IN ('project', 'source', 'execution', 'profile'));

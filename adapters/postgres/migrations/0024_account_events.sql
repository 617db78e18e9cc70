-- The account audit: changes to users and unlocks of logins are provenance events of their own
-- subject types, 'user' (the username in lower case) and 'address' (a client address unlocked).
-- They belong to no project (the empty project module), like global profiles' events.
ALTER TABLE provenance_events DROP CONSTRAINT IF EXISTS provenance_events_subject_type_check;
ALTER TABLE provenance_events
  ADD CONSTRAINT provenance_events_subject_type_check
  CHECK (subject_type IN ('project', 'source', 'execution', 'profile', 'user', 'address')) NOT VALID;
ALTER TABLE provenance_events VALIDATE CONSTRAINT provenance_events_subject_type_check;
-- The audit is read across accounts in id order; the few account events among millions of a
-- survey's are found without reading the rest.
CREATE INDEX provenance_events_accounts ON provenance_events (id)
  WHERE subject_type IN ('user', 'address');

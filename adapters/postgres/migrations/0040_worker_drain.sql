-- A worker asked to drain (`surveyor worker drain`, POST /workers/{id}/drain): it stops claiming at
-- its next heartbeat, finishes or hands back what it holds within its grace period, and exits.
-- Who asked, and when, stay on its row until it deregisters.
ALTER TABLE workers ADD COLUMN drain_requested_at timestamptz;
ALTER TABLE workers ADD COLUMN drain_requested_by text;

-- A pause is a window: it may begin ahead (starts_at, the time it was made unless set later) and
-- end by itself (ends_at; null: when it is resumed). A row whose end has passed holds nothing and
-- is replaced by the next pause of its profile.
ALTER TABLE profile_pauses
  ADD COLUMN starts_at timestamptz,
  ADD COLUMN ends_at   timestamptz;
UPDATE profile_pauses SET starts_at = paused_at;
ALTER TABLE profile_pauses
  ALTER COLUMN starts_at SET NOT NULL,
  ADD CONSTRAINT profile_pauses_window CHECK (ends_at IS NULL OR ends_at > starts_at);

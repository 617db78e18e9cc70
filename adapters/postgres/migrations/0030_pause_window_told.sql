-- What the scheduler has told of a window: that a pause set ahead began, that one with an end
-- ended. Each is told once (an event with the flag, in one transaction); a replace starts afresh.
ALTER TABLE profile_pauses
  ADD COLUMN began_told boolean NOT NULL DEFAULT false,
  ADD COLUMN ended_told boolean NOT NULL DEFAULT false;

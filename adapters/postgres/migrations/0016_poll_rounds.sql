-- A poll round that changes nothing writes nothing: the execution tick records when it schedules a
-- round (last_polled_at, and the one before in prev_polled_at), and a round writes only when its
-- error or whether the backend answered changes, or when it started late (over a second after its
-- schedule, or unscheduled). `answering` says the latest finished round answered; while it holds,
-- the last answer is at least the round before the newest scheduled one (prev_polled_at).
ALTER TABLE poll_targets ADD COLUMN prev_polled_at timestamptz;
ALTER TABLE poll_targets ADD COLUMN answering boolean NOT NULL DEFAULT false;

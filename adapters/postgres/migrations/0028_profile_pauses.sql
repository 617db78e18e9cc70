-- A deployment profile paused by hand (its backend down for maintenance): admission holds the runs
-- that would submit with it. A row of its own, not a column of the profile: a pause has no version,
-- and replacing a profile neither ends nor copies it. It goes with the profile.
CREATE TABLE profile_pauses (
  profile_id uuid PRIMARY KEY REFERENCES deployment_profiles (id) ON DELETE CASCADE,
  paused_at  timestamptz NOT NULL,
  paused_by  text NOT NULL,
  reason     text NOT NULL
);

-- Who may lift a pause: an admin's pause (a maintenance window on a global profile, or any an
-- admin made) stands until an admin resumes or replaces it. The role is the pauser's at the time;
-- pauses made before it was kept count as an operator's, as every pause did then.
ALTER TABLE profile_pauses ADD COLUMN paused_by_role text NOT NULL DEFAULT 'operator';

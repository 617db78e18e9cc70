-- The wall time (sbatch --time, minutes) a batch attempt was given, so that an estimate from
-- history (core/domain/walltime.ts) knows how long a run that reached its limit (TIMEOUT) had.
-- Null for DALiuGE sessions and for runs recorded before it was kept.
ALTER TABLE attempt_usage ADD COLUMN limit_minutes integer CHECK (limit_minutes > 0);
-- The estimate reads a profile's newest runs of a project.
CREATE INDEX attempt_usage_project_profile_ended ON attempt_usage (project_module, profile_name, ended_at DESC);

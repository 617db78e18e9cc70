CREATE TABLE deployment_profiles (
  id             uuid PRIMARY KEY,
  name           text NOT NULL,
  description    text NOT NULL DEFAULT '',
  project_module text,
  is_default     boolean NOT NULL DEFAULT false,
  translation    jsonb NOT NULL,
  deployment     jsonb NOT NULL,
  version        integer NOT NULL,
  created_at     timestamptz NOT NULL,
  updated_at     timestamptz NOT NULL
);
-- Names are unique within a scope (a module, or the global scope).
CREATE UNIQUE INDEX deployment_profiles_name ON deployment_profiles (coalesce(project_module, ''), name);
-- One default per scope.
CREATE UNIQUE INDEX deployment_profiles_default ON deployment_profiles (coalesce(project_module, '')) WHERE is_default;

-- Provenance: milestones of sources, executions and projects, read as three streams.
CREATE TABLE provenance_events (
  id             bigserial PRIMARY KEY,
  project_module text NOT NULL,
  subject_type   text NOT NULL CHECK (subject_type IN ('project', 'source', 'execution')),
  subject_id     text NOT NULL,
  kind           text NOT NULL,
  payload        jsonb NOT NULL DEFAULT '{}',
  actor          text,
  created_at     timestamptz NOT NULL
);
CREATE INDEX provenance_events_subject ON provenance_events (subject_type, subject_id, id);
CREATE INDEX provenance_events_project ON provenance_events (project_module, id);

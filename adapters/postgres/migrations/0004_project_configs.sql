-- Each upload of a project's configuration is an immutable version; one is active per project.
CREATE TABLE project_configs (
  project_module text NOT NULL,
  version        integer NOT NULL,
  content_hash   text NOT NULL,
  yaml           text NOT NULL,
  config         jsonb NOT NULL,
  created_at     timestamptz NOT NULL,
  created_by     text NOT NULL,
  PRIMARY KEY (project_module, version)
);

CREATE TABLE projects (
  project_module text PRIMARY KEY,
  active_version integer NOT NULL,
  updated_at     timestamptz NOT NULL,
  FOREIGN KEY (project_module, active_version) REFERENCES project_configs (project_module, version)
);

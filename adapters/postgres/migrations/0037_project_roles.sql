-- Roles an account holds for single projects, beside its own role (core/domain/roles.ts roleIn):
-- a viewer made operator of one survey may run that survey and no other. Admin stays global.
CREATE TABLE user_project_roles (
  user_id        uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  project_module text NOT NULL CHECK (length(project_module) BETWEEN 1 AND 100),
  role           text NOT NULL CHECK (role IN ('operator')),
  granted_by     text NOT NULL,
  granted_at     timestamptz NOT NULL,
  PRIMARY KEY (user_id, project_module)
);

-- An account may hold no role of its own (`none`): it reads and runs only the projects it holds a
-- role for (core/domain/roles.ts roleIn), which may now be viewer as well as operator.
ALTER TABLE users DROP CONSTRAINT users_role_check;
ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('none', 'viewer', 'operator', 'admin'));
ALTER TABLE user_project_roles DROP CONSTRAINT user_project_roles_role_check;
ALTER TABLE user_project_roles ADD CONSTRAINT user_project_roles_role_check CHECK (role IN ('viewer', 'operator'));

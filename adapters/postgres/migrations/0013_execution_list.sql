-- Listing executions newest first (GET /executions), whole or by project.
CREATE INDEX executions_newest ON executions (created_at DESC, id DESC);
CREATE INDEX executions_project_newest ON executions (project_module, created_at DESC, id DESC);

-- Sources (observation targets) and what discovery found for them.
CREATE TABLE sources (
  id                uuid PRIMARY KEY,
  project_module    text NOT NULL,
  source_identifier text NOT NULL,
  enabled           boolean NOT NULL,
  -- never | queued | running | done | failed
  discovery_state   text NOT NULL DEFAULT 'never',
  discovery_error   text,
  discovered_at     timestamptz,
  config_version    integer,
  metadata          jsonb,
  discovery_flags   jsonb NOT NULL DEFAULT '{}',
  signature         text,
  -- The signature an execution last processed; a different current one marks the source for processing.
  processed_signature text,
  created_at        timestamptz NOT NULL,
  updated_at        timestamptz NOT NULL,
  UNIQUE (project_module, source_identifier)
);
CREATE INDEX sources_discovery_due ON sources (project_module, discovered_at NULLS FIRST) WHERE enabled;

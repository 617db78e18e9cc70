-- Alerting (core/domain/alerting.ts). Channels hold where alerts go; their secrets (a webhook's URL
-- and signing secret, an SMTP password) are sealed with the service's secrets key, never in clear.
CREATE TABLE notification_channels (
  id uuid PRIMARY KEY,
  name text NOT NULL UNIQUE,
  description text NOT NULL DEFAULT '',
  kind text NOT NULL CHECK (kind IN ('webhook', 'email')),
  enabled boolean NOT NULL,
  settings jsonb NOT NULL,
  sealed_secrets text NOT NULL,
  version integer NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE TABLE alert_rules (
  id uuid PRIMARY KEY,
  name text NOT NULL UNIQUE,
  kind text NOT NULL,
  enabled boolean NOT NULL,
  project_module text,
  conditions jsonb NOT NULL,
  channel_ids uuid[] NOT NULL,
  cooldown_minutes integer NOT NULL,
  -- The provenance event kinds that fire an event-driven rule (empty for rules the tick evaluates):
  -- matched by the statement that records each event, which writes the outbox row.
  event_kinds text[] NOT NULL,
  version integer NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

-- One row per (event, rule) an event fired, written with the event: the alert survives any crash
-- between the event and its delivery. The dispatcher turns rows into deliveries and removes them.
CREATE TABLE alert_outbox (
  id bigserial PRIMARY KEY,
  event_id bigint NOT NULL,
  rule_id uuid NOT NULL,
  created_at timestamptz NOT NULL
);

CREATE TABLE alert_deliveries (
  id uuid PRIMARY KEY,
  rule_id uuid,
  rule_name text,
  channel_id uuid NOT NULL,
  channel_kind text NOT NULL,
  dedup_key text NOT NULL,
  subject text NOT NULL,
  message jsonb NOT NULL,
  state text NOT NULL CHECK (state IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  suppressed integer NOT NULL DEFAULT 0,
  last_status integer,
  last_latency_ms integer,
  last_error text,
  created_at timestamptz NOT NULL,
  last_attempt_at timestamptz,
  ended_at timestamptz
);
-- The dedup window looks up the latest delivery of a (rule, channel, key).
CREATE INDEX alert_deliveries_dedup ON alert_deliveries (rule_id, channel_id, dedup_key, created_at DESC);
CREATE INDEX alert_deliveries_newest ON alert_deliveries (created_at DESC, id DESC);

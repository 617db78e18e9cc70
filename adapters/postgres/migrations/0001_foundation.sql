-- Foundation: users and logins, worker registry, the job queue table.

CREATE TABLE users (
  id            uuid PRIMARY KEY,
  username      text NOT NULL,
  email         text NOT NULL,
  role          text NOT NULL CHECK (role IN ('viewer', 'operator', 'admin')),
  password_hash text NOT NULL,
  created_at    timestamptz NOT NULL,
  disabled_at   timestamptz
);
CREATE UNIQUE INDEX users_username_key ON users (lower(username));

-- One row per login; access tokens name it (claim sid), logout revokes it.
CREATE TABLE auth_sessions (
  id            uuid PRIMARY KEY,
  user_id       uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at    timestamptz NOT NULL,
  expires_at    timestamptz NOT NULL,
  revoked_at    timestamptz,
  revoke_reason text
);
CREATE INDEX auth_sessions_user ON auth_sessions (user_id);

-- Refresh tokens are stored as SHA-256 digests only; used_at makes each one single-use.
CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES auth_sessions (id) ON DELETE CASCADE,
  issued_at  timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX refresh_tokens_session ON refresh_tokens (session_id);

-- Failed-login counters in fixed windows, per username and per client address.
CREATE TABLE login_failures (
  key          text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  failures     integer NOT NULL
);

CREATE TABLE workers (
  id           text PRIMARY KEY,
  hostname     text NOT NULL,
  pid          integer NOT NULL,
  roles        text[] NOT NULL,
  started_at   timestamptz NOT NULL,
  heartbeat_at timestamptz NOT NULL
);

-- The queue (docs/decisions/queue.md). Claims take queued rows with FOR UPDATE SKIP LOCKED.
CREATE TABLE jobs (
  id               uuid PRIMARY KEY,
  kind             text NOT NULL,
  payload          jsonb NOT NULL,
  state            text NOT NULL CHECK (state IN ('queued', 'running', 'succeeded', 'failed', 'dead', 'cancelled')),
  idempotency_key  text,
  priority         integer NOT NULL DEFAULT 0,
  attempts         integer NOT NULL DEFAULT 0,
  max_attempts     integer NOT NULL DEFAULT 5 CHECK (max_attempts >= 1),
  run_at           timestamptz NOT NULL,
  lease_owner      text,
  lease_expires_at timestamptz,
  fencing_token    bigint NOT NULL DEFAULT 0,
  last_error       text,
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL,
  finished_at      timestamptz
);
CREATE UNIQUE INDEX jobs_idempotency_live ON jobs (idempotency_key) WHERE state IN ('queued', 'running');
CREATE INDEX jobs_claimable ON jobs (priority DESC, run_at, id) WHERE state = 'queued';
CREATE INDEX jobs_leases ON jobs (lease_expires_at) WHERE state = 'running';

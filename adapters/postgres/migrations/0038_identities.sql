-- Signing in through an OpenID Connect provider (core/usecases/auth/identity*.ts).

-- Which account an identity is: found by issuer and subject only, never by e-mail or name.
CREATE TABLE user_identities (
  issuer          text NOT NULL CHECK (length(issuer) BETWEEN 1 AND 500),
  subject         text NOT NULL CHECK (length(subject) BETWEEN 1 AND 255),
  user_id         uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  linked_at       timestamptz NOT NULL,
  PRIMARY KEY (issuer, subject)
);
CREATE INDEX user_identities_user ON user_identities (user_id);

-- Sign-ins under way: a browser's by its state's digest, a device's by its handle's.
CREATE TABLE identity_sign_ins (
  key_hash            text PRIMARY KEY,
  kind                text NOT NULL CHECK (kind IN ('browser', 'device')),
  binding_hash        text,
  nonce               text,
  code_verifier       text,
  sealed_device_code  text,
  return_to           text,
  interval_seconds    integer NOT NULL,
  created_at          timestamptz NOT NULL,
  expires_at          timestamptz NOT NULL,
  spent_at            timestamptz
);
CREATE INDEX identity_sign_ins_open ON identity_sign_ins (expires_at) WHERE spent_at IS NULL;

-- A login's identity and the provider's refresh token (sealed), asked again at each refresh.
-- Written before the session (no foreign key): a session from the provider never lacks it.
CREATE TABLE identity_logins (
  session_id      uuid PRIMARY KEY,
  issuer          text NOT NULL,
  subject         text NOT NULL,
  sealed_refresh  text,
  updated_at      timestamptz NOT NULL
);

-- The admin's mapping: members of a group hold a role for a project.
CREATE TABLE identity_group_roles (
  group_name      text NOT NULL CHECK (length(group_name) BETWEEN 1 AND 200),
  project_module  text NOT NULL CHECK (length(project_module) BETWEEN 1 AND 100),
  role            text NOT NULL CHECK (role IN ('viewer', 'operator')),
  set_by          text NOT NULL,
  set_at          timestamptz NOT NULL,
  PRIMARY KEY (group_name, project_module)
);

-- A role for a project either an admin granted or the account's groups give; only the latter
-- follow the groups (an admin's grant stays until an admin takes it).
ALTER TABLE user_project_roles ADD COLUMN from_groups boolean NOT NULL DEFAULT false;

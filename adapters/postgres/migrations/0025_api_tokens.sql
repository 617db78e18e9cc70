-- API tokens are logins made for programs: an auth session with a name, a role no higher than its
-- owner's, and the sha256 of its secret (never the secret). Logins leave the three columns null.
ALTER TABLE auth_sessions
  ADD COLUMN token_name text,
  ADD COLUMN token_role text CHECK (token_role IN ('viewer', 'operator', 'admin')),
  ADD COLUMN token_hash text,
  -- When it was last used, told at most every ten minutes: its owner sees which tokens are stale.
  ADD COLUMN token_last_used_at timestamptz,
  ADD CONSTRAINT auth_sessions_token_fields CHECK (
    (token_name IS NULL AND token_role IS NULL AND token_hash IS NULL)
    OR (token_name IS NOT NULL AND token_role IS NOT NULL AND token_hash IS NOT NULL)
  );
-- An account's tokens and everyone's are listed newest first; logins are not among them.
CREATE INDEX auth_sessions_api_tokens ON auth_sessions (user_id, created_at DESC) WHERE token_hash IS NOT NULL;

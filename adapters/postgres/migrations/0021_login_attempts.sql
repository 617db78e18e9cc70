-- The login throttle's counters count attempts (a success gives its attempt back), not failures:
-- the table and its column say so.
ALTER TABLE login_failures RENAME TO login_attempts;
ALTER TABLE login_attempts RENAME COLUMN failures TO attempts;
ALTER TABLE login_attempts RENAME CONSTRAINT login_failures_pkey TO login_attempts_pkey;

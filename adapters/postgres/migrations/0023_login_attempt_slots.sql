-- The login throttle counts over a sliding window (core/domain/loginAttempts.ts): per key, the
-- newest slot, the slot's length and a count per slot, newest first. A fixed window's count is
-- kept whole in the slot its window ended in (or now's, if sooner), under the default window's
-- slot length; a service with another window counts it whole in its newest slot. So an upgrade
-- frees nobody a limit held back.
ALTER TABLE login_attempts ADD COLUMN slot bigint, ADD COLUMN slot_ms integer, ADD COLUMN counts integer[];
UPDATE login_attempts SET
  slot_ms = 90000,
  slot = floor(extract(epoch FROM LEAST(now(), window_start + interval '899.999 seconds')) * 1000 / 90000),
  counts = ARRAY[attempts];
ALTER TABLE login_attempts
  ALTER COLUMN slot SET NOT NULL,
  ALTER COLUMN slot_ms SET NOT NULL,
  ALTER COLUMN counts SET NOT NULL,
  DROP COLUMN window_start,
  DROP COLUMN attempts;

-- The login throttle counts an attempt only while its key is below the limit, and tells a hold once
-- a window (core/domain/loginAttempts.ts, reserveWithin): refused tries never push a count, or the
-- wait they are told, up. told_slot is the slot a hold was last told in. The reservation is one
-- function call, so a key's row is locked only while it runs (a flood of attempts on one username
-- queues on that row for microseconds each, and holds no pool connection across round trips).
ALTER TABLE login_attempts ADD COLUMN told_slot bigint;

CREATE FUNCTION login_attempt_reserve(k text, now_slot bigint, len integer, keep integer, lim integer)
RETURNS TABLE (r_slot bigint, r_slot_ms integer, r_counts integer[], r_told_slot bigint, r_counted boolean, r_tell boolean)
LANGUAGE plpgsql AS $$
DECLARE
  row login_attempts%ROWTYPE;
  at bigint;
  moved integer[];
  told bigint;
  tell boolean := false;
BEGIN
  INSERT INTO login_attempts (key, slot, slot_ms, counts) VALUES (k, now_slot, len, '{}')
    ON CONFLICT (key) DO NOTHING;
  SELECT * INTO row FROM login_attempts WHERE key = k FOR UPDATE;
  IF row.slot_ms = len THEN
    -- Another process's clock may be behind: the newest slot stands for now.
    at := GREATEST(now_slot, row.slot);
    moved := (array_fill(0, ARRAY[LEAST(at - row.slot, keep)::int]) || row.counts)[1:keep];
    told := row.told_slot;
  ELSE
    -- Counted under another window length: kept whole in the newest slot, told afresh.
    at := now_slot;
    moved := ARRAY[(SELECT COALESCE(sum(c), 0)::int FROM unnest(row.counts) c)];
    told := NULL;
  END IF;
  IF (SELECT COALESCE(sum(c), 0) FROM unnest(moved) c) < lim THEN
    moved := array_prepend(COALESCE(moved[1], 0) + 1, moved[2:keep]);
    UPDATE login_attempts SET slot = at, slot_ms = len, counts = moved, told_slot = told WHERE key = k;
    RETURN QUERY SELECT at, len, moved, told, true, false;
  ELSE
    tell := told IS NULL OR at - told > keep - 1;
    IF tell THEN told := at; END IF;
    UPDATE login_attempts SET slot = at, slot_ms = len, counts = moved, told_slot = told WHERE key = k;
    RETURN QUERY SELECT at, len, moved, told, false, tell;
  END IF;
END
$$;

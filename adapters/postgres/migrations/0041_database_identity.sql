-- Which copy of the database this is: its cluster's system identifier, this database's and this
-- table's OIDs, and the WAL timeline. A dump restored (into a new cluster, a new database, or over
-- these tables), a point-in-time recovery or a promoted standby (a new timeline) changes at least
-- one, while the row keeps what the copy was made from. A worker compares the two before it claims
-- work, and on a difference looks every unsubmitted execution's work up on its backend before
-- anything is submitted (core/usecases/maintenance/restoreGate.ts; docs/deployment.md).
CREATE FUNCTION surveyor_database_identity() RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  sys text;
BEGIN
  -- Readable by every role unless a site revoked it; then the other parts still tell copies apart.
  BEGIN
    SELECT system_identifier::text INTO sys FROM pg_control_system();
  EXCEPTION WHEN insufficient_privilege THEN
    sys := NULL;
  END;
  RETURN jsonb_build_object(
    'system_identifier', sys,
    'database_oid', (SELECT oid::text FROM pg_database WHERE datname = current_database()),
    'table_oid', 'database_identity'::regclass::oid::text,
    -- The WAL file name begins with the timeline, in hex; it moves the moment a server is promoted.
    'timeline', ('x' || substr(pg_walfile_name(pg_current_wal_lsn()), 1, 8))::bit(32)::int
  );
END
$$;

CREATE TABLE database_identity (
  singleton   boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  identity    jsonb NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO database_identity (identity) VALUES (surveyor_database_identity());

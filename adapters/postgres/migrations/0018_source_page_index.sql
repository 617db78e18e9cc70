-- A page of sources is read in byte order of the identifier (COLLATE "C", the same on every
-- server whatever its locale), which the unique index in the database's collation cannot give:
-- with 100,000 sources every page scanned and sorted the whole project (50 ms). This index gives
-- the order, so a page reads its rows and stops.
CREATE INDEX sources_page ON sources (project_module, source_identifier COLLATE "C");

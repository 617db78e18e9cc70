-- The execution tick reads the sources automation may run in (discovered_at, id) order, a page at a
-- time: with id in the index the order comes from it and the read stops at the page (it sorted
-- every ready source before).
DROP INDEX sources_to_process;
CREATE INDEX sources_to_process ON sources (project_module, discovered_at, id)
  WHERE enabled AND metadata IS NOT NULL AND signature IS DISTINCT FROM processed_signature;

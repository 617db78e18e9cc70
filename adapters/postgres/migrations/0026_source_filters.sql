-- A list of sources can ask for those that need an operator's eye. Each filter reads an index in
-- identifier order (COLLATE "C", as the page index), so a page stops at its rows even when few of
-- a million sources match: discovery failed (by state), disabled, or found data not processed yet.
CREATE INDEX sources_page_state ON sources (project_module, discovery_state, source_identifier COLLATE "C");
CREATE INDEX sources_page_disabled ON sources (project_module, source_identifier COLLATE "C") WHERE NOT enabled;
CREATE INDEX sources_page_to_process ON sources (project_module, source_identifier COLLATE "C")
  WHERE signature IS NOT NULL AND signature IS DISTINCT FROM processed_signature;

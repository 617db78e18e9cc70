-- Artifact contents are stored zstd-compressed by the writer (graphs are hundreds of kilobytes of
-- JSON that compress about tenfold): the database stores and logs a tenth of the bytes, and does
-- not compress them again (EXTERNAL storage). Existing contents stay as they were ('identity').
ALTER TABLE execution_artifacts ALTER COLUMN content TYPE bytea USING convert_to(content, 'UTF8');
ALTER TABLE execution_artifacts ALTER COLUMN content SET STORAGE EXTERNAL;
ALTER TABLE execution_artifacts
  ADD COLUMN encoding text NOT NULL DEFAULT 'identity' CHECK (encoding IN ('identity', 'zstd'));

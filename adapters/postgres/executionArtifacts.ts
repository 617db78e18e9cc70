import type { ArtifactInfo, ArtifactWrite } from '../../core/ports/ExecutionRepository.js';
import { promisify } from 'node:util';
import { constants, zstdCompress, zstdDecompress } from 'node:zlib';
import { type Db, prepared } from './db.js';

const compressed = promisify(zstdCompress);
const decompressed = promisify(zstdDecompress);
// Level 1: a 360 KB graph in about 0.3 ms, to a tenth of its size.
const level = { params: { [constants.ZSTD_c_compressionLevel]: 1 } };

// An execution's artifacts (manifest, graphs, staging records): written under the job's lease.

/**
 * Writes one or more artifacts of an attempt in one statement (all or none), under the job's
 * fence: a step's graphs and manifest cost one round trip, not one each.
 */
export const saveArtifacts = async (
  db: Db,
  list: readonly ArtifactWrite[],
  fence: { jobId: string; token: number },
  now: Date,
): Promise<'ok' | 'lease_lost'> => {
  if (list.length === 0) return 'ok';
  // Compressed here (zstd, off the event loop); sent as parameters, not formatted into the
  // text: a graph is hundreds of kilobytes that neither the client should escape nor the server's
  // parser scan.
  const contents = await Promise.all(list.map((a) => compressed(Buffer.from(a.content, 'utf8'), level)));
  const values: unknown[] = [fence.jobId, fence.token, now];
  const rows = list.map((a, i) => {
    const at = values.length;
    values.push(
      a.executionId,
      a.attempt,
      a.name,
      a.mediaType,
      a.sha256,
      Buffer.byteLength(a.content),
      contents[i],
    );
    const p = (k: number) => `$${at + k}`;
    return `(${p(1)}::uuid, ${p(2)}::int, ${p(3)}::text, ${p(4)}::text, ${p(5)}::text, ${p(6)}::int, ${p(7)}::bytea)`;
  });
  const r = await db.any(
    prepared(
      `INSERT INTO execution_artifacts (execution_id, attempt, name, media_type, sha256, size, content, encoding, created_at)
     SELECT v.*, 'zstd', $3::timestamptz FROM (VALUES ${rows.join(', ')}) AS v
     WHERE EXISTS (SELECT 1 FROM jobs WHERE id = $1::uuid AND fencing_token = $2::bigint AND state = 'running' FOR SHARE)
     ON CONFLICT (execution_id, attempt, name) DO UPDATE
       SET media_type = excluded.media_type, sha256 = excluded.sha256, size = excluded.size,
           content = excluded.content, encoding = 'zstd', created_at = excluded.created_at
     RETURNING 1`,
      values,
    ),
  );
  return r.length > 0 ? 'ok' : 'lease_lost';
};

/** One artifact (see saveArtifacts). */
export const saveArtifact = (
  db: Db,
  a: ArtifactWrite,
  fence: { jobId: string; token: number },
  now: Date,
): Promise<'ok' | 'lease_lost'> => saveArtifacts(db, [a], fence, now);

export const artifact = async (
  db: Db,
  executionId: string,
  attempt: number,
  name: string,
): Promise<string | null> => {
  const r = await db.oneOrNone<{ content: Buffer | null; encoding: 'identity' | 'zstd' }>(
    'SELECT content, encoding FROM execution_artifacts WHERE execution_id = $1 AND attempt = $2 AND name = $3',
    [executionId, attempt, name],
  );
  if (!r?.content) return null;
  return (r.encoding === 'zstd' ? await decompressed(r.content) : r.content).toString('utf8');
};

export const artifacts = async (db: Db, executionId: string): Promise<ArtifactInfo[]> => {
  const rows = await db.any<{
    attempt: number;
    name: string;
    media_type: string;
    sha256: string;
    size: number;
    created_at: Date;
    content_pruned_at: Date | null;
  }>(
    `SELECT attempt, name, media_type, sha256, size, created_at, content_pruned_at FROM execution_artifacts
     WHERE execution_id = $1 ORDER BY attempt, created_at, name`,
    [executionId],
  );
  return rows.map((r) => ({
    attempt: r.attempt,
    name: r.name,
    mediaType: r.media_type,
    sha256: r.sha256,
    size: r.size,
    createdAt: r.created_at,
    contentPrunedAt: r.content_pruned_at,
  }));
};

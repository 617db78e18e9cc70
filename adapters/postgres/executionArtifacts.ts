import type { ArtifactInfo } from '../../core/ports/ExecutionRepository.js';
import { promisify } from 'node:util';
import { constants, zstdCompress, zstdDecompress } from 'node:zlib';
import { type Db, pgp } from './db.js';

const compressed = promisify(zstdCompress);
const decompressed = promisify(zstdDecompress);
// Level 1: a 360 KB graph in about 0.3 ms, to a tenth of its size.
const level = { params: { [constants.ZSTD_c_compressionLevel]: 1 } };

// An execution's artifacts (manifest, graphs, staging records): written under the job's lease.

export const saveArtifact = async (
  db: Db,
  a: {
    executionId: string;
    attempt: number;
    name: string;
    mediaType: string;
    content: string;
    sha256: string;
  },
  fence: { jobId: string; token: number },
  now: Date,
): Promise<'ok' | 'lease_lost'> => {
  // Compressed here (zstd, off the event loop); sent as a parameter, not formatted into the
  // text: a graph is hundreds of kilobytes that neither the client should escape nor the server's
  // parser scan.
  const content = await compressed(Buffer.from(a.content, 'utf8'), level);
  const r = await db.oneOrNone(
    new pgp.ParameterizedQuery({
      text: `INSERT INTO execution_artifacts (execution_id, attempt, name, media_type, sha256, size, content, encoding, created_at)
     SELECT $3::uuid, $4::int, $5::text, $6::text, $7::text, $8::int, $9::bytea, 'zstd', $10::timestamptz
     WHERE EXISTS (SELECT 1 FROM jobs WHERE id = $1::uuid AND fencing_token = $2::bigint AND state = 'running' FOR SHARE)
     ON CONFLICT (execution_id, attempt, name) DO UPDATE
       SET media_type = $6, sha256 = $7, size = $8, content = $9, encoding = 'zstd', created_at = $10
     RETURNING 1`,
      values: [
        fence.jobId,
        fence.token,
        a.executionId,
        a.attempt,
        a.name,
        a.mediaType,
        a.sha256,
        Buffer.byteLength(a.content),
        content,
        now,
      ],
    }),
  );
  return r ? 'ok' : 'lease_lost';
};

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

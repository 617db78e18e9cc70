import type { ArtifactInfo } from '../../core/ports/ExecutionRepository.js';
import { type Db, pgp } from './db.js';

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
  // Sent as parameters, not formatted into the text: a graph is hundreds of kilobytes that neither
  // the client should escape nor the server's parser scan.
  const r = await db.oneOrNone(
    new pgp.ParameterizedQuery({
      text: `INSERT INTO execution_artifacts (execution_id, attempt, name, media_type, sha256, size, content, created_at)
     SELECT $3::uuid, $4::int, $5::text, $6::text, $7::text, $8::int, $9::text, $10::timestamptz
     WHERE EXISTS (SELECT 1 FROM jobs WHERE id = $1::uuid AND fencing_token = $2::bigint AND state = 'running' FOR SHARE)
     ON CONFLICT (execution_id, attempt, name) DO UPDATE
       SET media_type = $6, sha256 = $7, size = $8, content = $9, created_at = $10
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
        a.content,
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
  const r = await db.oneOrNone<{ content: string }>(
    'SELECT content FROM execution_artifacts WHERE execution_id = $1 AND attempt = $2 AND name = $3',
    [executionId, attempt, name],
  );
  return r?.content ?? null;
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

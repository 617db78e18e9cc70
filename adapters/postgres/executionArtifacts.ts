import type { Lease } from '../../core/domain/job.js';
import type { ArtifactInfo, ArtifactStore, ArtifactWrite } from '../../core/ports/ArtifactStore.js';
import { promisify } from 'node:util';
import { constants, zstdCompress, zstdCompressSync, zstdDecompress } from 'node:zlib';
import { type Db, prepared } from './db.js';

const compressed = promisify(zstdCompress);
const decompressed = promisify(zstdDecompress);
// Level 1: a 360 KB graph in about 0.2 ms, to a tenth of its size.
const level = { params: { [constants.ZSTD_c_compressionLevel]: 1 } };
// Below this size an artifact is compressed on the event loop: node:zlib's asynchronous call costs
// about 0.1 ms of the loop's own time whatever the size (a 38-byte record: 0.10 ms against 0.02
// synchronously; a 360 KB graph: 0.46 ms of CPU against 0.21), so only large ones gain from it.
const syncBelow = 1024 * 1024;

const compress = (text: string): Buffer | Promise<Buffer> => {
  const b = Buffer.from(text, 'utf8');
  return b.length < syncBelow ? zstdCompressSync(b, level) : compressed(b, level);
};

// An execution's artifacts (manifest, graphs, staging records): written under the job's lease.

/**
 * Compresses artifacts' contents (zstd; see syncBelow) for `artifactsInsert`. They are sent
 * as parameters, not formatted into the text: a graph is hundreds of kilobytes that neither the
 * client should escape nor the server's parser scan.
 */
export const compressArtifacts = (list: readonly ArtifactWrite[]): Promise<Buffer[]> =>
  Promise.all(list.map((a) => compress(a.content)));

/**
 * The insert of artifacts (replacing an attempt's artifact of the same name), only `when` holds;
 * `arg` adds a value and returns its parameter, `now` is the parameter of the time.
 */
export const artifactsInsert = (
  list: readonly ArtifactWrite[],
  contents: readonly Buffer[],
  arg: (v: unknown) => string,
  now: string,
  when: string,
): string => {
  const rows = list.map(
    (a, i) =>
      `(${arg(a.executionId)}::uuid, ${arg(a.attempt)}::int, ${arg(a.name)}::text, ${arg(a.mediaType)}::text, ${arg(a.sha256)}::text, ${arg(Buffer.byteLength(a.content))}::int, ${arg(contents[i])}::bytea)`,
  );
  return `INSERT INTO execution_artifacts (execution_id, attempt, name, media_type, sha256, size, content, encoding, created_at)
     SELECT v.*, 'zstd', ${now}::timestamptz FROM (VALUES ${rows.join(', ')}) AS v
     WHERE ${when}
     ON CONFLICT (execution_id, attempt, name) DO UPDATE
       SET media_type = excluded.media_type, sha256 = excluded.sha256, size = excluded.size,
           content = excluded.content, encoding = 'zstd', created_at = excluded.created_at
     RETURNING 1`;
};

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
  const contents = await compressArtifacts(list);
  const values: unknown[] = [fence.jobId, fence.token, now];
  const arg = (v: unknown) => {
    values.push(v);
    return `$${values.length}`;
  };
  const text = artifactsInsert(
    list,
    contents,
    arg,
    '$3',
    `EXISTS (SELECT 1 FROM jobs WHERE id = $1::uuid AND fencing_token = $2::bigint AND state = 'running' FOR SHARE)`,
  );
  const r = await db.any(prepared(text, values));
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

export class PgArtifactStore implements ArtifactStore {
  constructor(private readonly db: Db) {}
  saveArtifact(a: ArtifactWrite, fence: Lease, now: Date) {
    return saveArtifacts(this.db, [a], fence, now);
  }
  saveArtifacts(list: readonly ArtifactWrite[], fence: Lease, now: Date) {
    return saveArtifacts(this.db, list, fence, now);
  }
  artifact(executionId: string, attempt: number, name: string) {
    return artifact(this.db, executionId, attempt, name);
  }
  artifacts(executionId: string) {
    return artifacts(this.db, executionId);
  }
}

import { createReadStream } from 'node:fs';
import { mkdir, open, rename, stat, statfs, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { PermanentJobError } from '../../core/domain/job.js';
import { peerText, where } from '../shared/peerText.js';
import type { Verification } from '../../core/domain/manifest.js';
import { type ArchiveHttp, ArchiveUnavailable, presigned } from './archiveHttp.js';
import { type CasdaChecksum, CasdaHasher, formatCasdaChecksum } from './casdaChecksum.js';
import { statusError } from './uws.js';
import { outboundSpan, urlAttributes } from '../trace/outboundSpan.js';

export interface DownloadLimits {
  /** Largest file fetched; a bigger one is refused before its bytes are read. */
  readonly maxFileBytes: number;
  /** Space the disk must keep free after the file is written. */
  readonly minFreeBytes: number;
  readonly connectTimeoutMs: number;
  /** Longest silence between two pieces of a download. */
  readonly idleTimeoutMs: number;
}

export interface Downloaded {
  readonly size: number;
  /** The archive's checksum, verified against the bytes (null: the archive gave none). */
  readonly checksum: string | null;
  /** Bytes that were already there from an earlier try (0: fetched from the start). */
  readonly resumedFrom: number;
  /** The file was complete before this call: nothing was fetched. */
  readonly alreadyThere: boolean;
  /** How the bytes were checked: the archive's checksum, else the size the answer announced, else not. */
  readonly verifiedBy: Verification;
}

/**
 * A pre-signed link (an object store's: CASDA's SODA results are links to Pawsey's S3) that the
 * store no longer honours, expired as such links do: a fresh one is asked of the archive, and the
 * download resumes from the bytes already on disk.
 */
export class LinkExpired extends ArchiveUnavailable {
  constructor(message: string) {
    super(message);
    this.name = 'LinkExpired';
  }
}

/** How far writes may trail the bytes received before the download waits for the disk. */
const writeAheadBytes = 8 * 1024 * 1024;
/** How much is written between two flushes to disk while a download runs. */
const syncEveryBytes = 64 * 1024 * 1024;

const exists = async (path: string) => {
  try {
    return await stat(path);
  } catch {
    return null;
  }
};

/** The checksum of a whole file as it is on disk now, in CASDA's form (what `checksum` fields hold). */
export const checksumOf = async (path: string): Promise<string> => {
  const h = new CasdaHasher();
  for await (const chunk of createReadStream(path)) h.update(chunk as Buffer);
  return formatCasdaChecksum(h.digest());
};

/** Hashes what an interrupted download already wrote, so the checksum covers the whole file. */
const hashExisting = async (path: string, h: CasdaHasher, bytes: number) => {
  if (bytes === 0) return;
  for await (const chunk of createReadStream(path, { start: 0, end: bytes - 1 })) h.update(chunk as Buffer);
};

const freeBytes = async (dir: string) => {
  const s = await statfs(dir);
  return Number(s.bavail) * Number(s.bsize);
};

/**
 * Fetches one file to `dest`, resumably: bytes go to `dest.part` and the file is renamed into place
 * only when complete and, where the archive gave a checksum, verified, so a file at `dest` is never
 * fetched again. A `.part` left by an interrupted try is continued with an HTTP Range request (and
 * started over when the server ignores the range). The size is checked against the cap and the
 * free disk space before any byte is written.
 */
export const downloadFile = (...a: Parameters<typeof fetchFile>): Promise<Downloaded> =>
  outboundSpan(
    'download',
    { ...urlAttributes('GET', a[1]), 'surveyor.archive': a[0].name },
    () => fetchFile(...a),
    (d) => ({ 'surveyor.bytes': d.size - d.resumedFrom, 'surveyor.resumed_from': d.resumedFrom }),
  );

const fetchFile = async (
  http: ArchiveHttp,
  url: string,
  dest: string,
  expected: CasdaChecksum | null,
  limits: DownloadLimits,
  signal?: AbortSignal,
): Promise<Downloaded> => {
  const done = await exists(dest);
  if (done) {
    if (expected && done.size !== expected.size)
      throw new PermanentJobError(
        `${dest} exists with ${done.size} bytes but the archive says ${expected.size}; remove it to fetch it again`,
      );
    return {
      size: done.size,
      checksum: expected ? formatCasdaChecksum(expected) : null,
      resumedFrom: done.size,
      alreadyThere: true,
      // Verified when it was renamed into place; how is what the staged record kept then.
      verifiedBy: expected ? 'checksum' : 'none',
    };
  }
  if (expected && expected.size > limits.maxFileBytes)
    throw new PermanentJobError(
      `${where(url)} is ${expected.size} bytes, more than SERVICE_STAGING_MAX_FILE_BYTES (${limits.maxFileBytes})`,
    );
  await mkdir(dirname(dest), { recursive: true });
  const part = `${dest}.part`;
  let have = (await exists(part))?.size ?? 0;
  if (expected && have > expected.size) {
    await unlink(part);
    have = 0;
  }
  // The bytes already there are hashed before the request: hashing a large part takes a while, and
  // the download's idle timeout runs from the moment the headers arrive.
  const resumed = new CasdaHasher();
  await hashExisting(part, resumed, have);
  const res = await http.fetchFollowing({
    method: 'GET',
    url,
    ...(have > 0 ? { headers: { range: `bytes=${have}-` } } : {}),
    timeoutMs: limits.connectTimeoutMs,
    idleTimeoutMs: limits.idleTimeoutMs,
    ...(signal ? { signal } : {}),
  });
  if (res.status === 416 && expected && have === expected.size) {
    res.discard(); // the part already holds every byte; it is verified below
  } else if (res.status === 403 && presigned(url)) {
    // S3 answers an expired link with 403 AccessDenied ("Request has expired"; Ceph's gateway
    // without the message): either way this link is done, and a fresh one is the cure.
    const text = await res.text(16 * 1024).catch(() => '');
    const said = /<Message>([^<]*)<\/Message>/.exec(text)?.[1] ?? /<Code>([^<]*)<\/Code>/.exec(text)?.[1];
    throw new LinkExpired(
      `${where(url)}: the object store refused the archive's pre-signed link (403${said ? `: ${peerText(said, 120)}` : ''})`,
    );
  } else if (res.status !== 200 && res.status !== 206) {
    throw await statusError(http, res, `downloading ${where(url)}`);
  }
  let from = have;
  if (res.status === 200) from = 0; // the server ignored the range: start over
  if (res.status === 206) {
    const m = /^bytes (\d+)-\d+\/(\d+|\*)$/.exec(res.headers.get('content-range') ?? '');
    if (!m || Number(m[1]) !== have) {
      res.discard();
      await unlink(part).catch(() => {});
      throw new ArchiveUnavailable(
        `${where(url)} answered a range other than the one asked for; starting over`,
      );
    }
  }
  const length = Number(res.headers.get('content-length') ?? Number.NaN);
  const total = expected?.size ?? (Number.isFinite(length) ? from + length : null);
  if (total !== null && total > limits.maxFileBytes) {
    res.discard();
    throw new PermanentJobError(
      `${where(url)} is ${total} bytes, more than SERVICE_STAGING_MAX_FILE_BYTES (${limits.maxFileBytes})`,
    );
  }
  const need = (total ?? from) - from + limits.minFreeBytes;
  const free = await freeBytes(dirname(dest));
  if (free < need) {
    res.discard();
    throw new ArchiveUnavailable(
      `not enough disk space for ${where(url)}: ${free} bytes free in ${dirname(dest)}, ${need} needed (SERVICE_STAGING_MIN_FREE_BYTES kept free)`,
    );
  }
  const hasher = from === have ? resumed : new CasdaHasher();
  const fh = await open(part, from === 0 ? 'w' : 'r+');
  let size = from;
  // Pieces are written as they arrive, one write at a time: while a write is on its way the pieces
  // that arrive meanwhile gather, and go in the next write together (one call for many pieces on a
  // fast link, a piece at a time on a slow one), so the disk and the network overlap and a worker
  // killed mid-way leaves on disk nearly all that had arrived. At most writeAheadBytes wait.
  let batch: Buffer[] = [];
  let batched = 0;
  let written = from;
  let writing: Promise<void> | null = null;
  let writeError: unknown = null;
  // The disk is flushed as the bytes come (a datasync every syncEveryBytes, off the event loop,
  // one at a time), so the fsync before the rename waits for the last stretch, not the whole file.
  let synced = from;
  let syncing: Promise<void> | null = null;
  const syncSome = () => {
    if (syncing || written - synced < syncEveryBytes) return;
    const upTo = written;
    syncing = fh.datasync().then(
      () => {
        synced = upTo;
        syncing = null;
      },
      (err: unknown) => {
        writeError ??= err;
        syncing = null;
      },
    );
  };
  const pump = () => {
    if (writing || batched === 0 || writeError) return;
    const [bufs, at] = [batch, written];
    written += batched;
    batch = [];
    batched = 0;
    writing = fh.writev(bufs, at).then(
      () => {
        writing = null;
        syncSome();
        pump();
      },
      (err: unknown) => {
        writeError = err;
        writing = null;
      },
    );
  };
  const drained = async () => {
    while (writing) await writing;
  };
  try {
    if (res.status !== 416)
      for await (const chunk of res.body) {
        size += chunk.length;
        if (size > limits.maxFileBytes)
          throw new PermanentJobError(
            `${where(url)} grew past SERVICE_STAGING_MAX_FILE_BYTES (${limits.maxFileBytes}) while downloading`,
          );
        hasher.update(chunk);
        batch.push(chunk);
        batched += chunk.length;
        pump();
        if (batched > writeAheadBytes) await drained();
        if (writeError) throw writeError;
      }
    pump();
    await drained();
    await syncing;
    if (writeError) throw writeError;
    await fh.sync();
  } finally {
    // What arrived before a failure is kept for the resume.
    pump();
    await drained();
    await syncing;
    await fh.close();
  }
  const got = hasher.digest();
  if (
    expected &&
    (got.size !== expected.size || got.crc32 !== expected.crc32 || got.sha1 !== expected.sha1)
  ) {
    await unlink(part).catch(() => {});
    throw new ArchiveUnavailable(
      `${where(url)}: the bytes do not match the archive's checksum (got ${formatCasdaChecksum(got)}, expected ${formatCasdaChecksum(expected)}); it will be fetched again`,
    );
  }
  if (total !== null && got.size !== total) {
    throw new ArchiveUnavailable(
      `${where(url)}: the download ended at ${got.size} of ${total} bytes; it will be resumed`,
    );
  }
  await rename(part, dest);
  return {
    size: got.size,
    checksum: expected ? formatCasdaChecksum(got) : null,
    resumedFrom: from,
    alreadyThere: false,
    verifiedBy: expected ? 'checksum' : total !== null ? 'size' : 'none',
  };
};

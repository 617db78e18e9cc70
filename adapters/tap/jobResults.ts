import { peerText, where } from '../shared/peerText.js';
import { type ArchiveHttp, ArchiveUnavailable, presigned } from './archiveHttp.js';
import { parseCasdaChecksum } from './casdaChecksum.js';
import { LinkExpired } from './download.js';
import { resultUrl, statusError, type UwsResult } from './uws.js';

// What a staging job's results are: files, their CASDA checksums, and the names they are staged under.

/** A file or folder name from archive text: no separators, no dot names, no control characters. */
export const safeSegment = (raw: string): string => {
  const s = raw
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '_')
    .replace(/^\.+/, '_')
    .slice(0, 200);
  return s === '' ? '_' : s;
};

/** A job's result file and its CASDA `.checksum` result, when the archive gave one. */
export interface ResultFile {
  readonly file: UwsResult;
  readonly checksum: UwsResult | null;
}

export const resultFiles = (results: readonly UwsResult[]): ResultFile[] => {
  const sums = new Map(results.filter((r) => r.id.endsWith('.checksum')).map((r) => [r.id.slice(0, -9), r]));
  return results
    .filter((r) => !r.id.endsWith('.checksum'))
    .map((file) => ({ file, checksum: sums.get(file.id) ?? null }));
};

/** The file name a result stands for: the last segment of its URL, else its id. */
export const resultName = (r: UwsResult, jobUrl: string) => {
  try {
    const last = new URL(resultUrl(r.href, jobUrl)).pathname.split('/').filter(Boolean).pop();
    return safeSegment(decodeURIComponent(last ?? r.id));
  } catch {
    return safeSegment(r.id);
  }
};

/** A `.checksum` result read (a pre-signed link the store refuses is expired, as a file's is). */
export const readChecksum = async (
  http: ArchiveHttp,
  url: string,
  timeoutMs: number,
  signal?: AbortSignal,
) => {
  const res = await http.request({ method: 'GET', url, timeoutMs, ...(signal ? { signal } : {}) });
  if (res.status === 403 && presigned(url)) {
    res.discard();
    throw new LinkExpired(
      `${where(url)}: the object store refused the archive's pre-signed link to the checksum (403)`,
    );
  }
  if (res.status !== 200) throw await statusError(http, res, `reading the checksum ${where(url)}`);
  const text = await res.text(4096);
  const c = parseCasdaChecksum(text);
  if (!c) throw new ArchiveUnavailable(`${where(url)} is not a CASDA checksum: ${peerText(text, 100)}`);
  return c;
};

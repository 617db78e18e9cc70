import { rm, stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { type StagedPart, verificationOf } from '../../core/domain/manifest.js';
import { checksumOf } from './download.js';

/**
 * Whether the files an earlier attempt staged are still there as they were verified (size, and
 * checksum where the archive gave one; a file verified by nothing is never reused). Null when they
 * are; otherwise why not, and a file found changed is removed, so that staging fetches it again
 * (a download never overwrites a file it did not write).
 */
export const stagedFilesIntact = async (
  stagingRoot: string,
  parts: readonly StagedPart[],
  signal?: AbortSignal,
): Promise<string | null> => {
  const root = resolve(stagingRoot);
  if (parts.length === 0) return 'the earlier attempt recorded no files';
  for (const part of parts) {
    signal?.throwIfAborted();
    const path = resolve(part.path);
    if (!path.startsWith(root + sep)) return `${part.name} is outside the staging folder`;
    const verified = verificationOf(part);
    if (verified === 'none') return `${part.name} was staged with nothing from the archive to check it by`;
    const size = await stat(path).then(
      (s) => s.size,
      () => null,
    );
    if (size === null) return `${part.name} is no longer on disk`;
    // A changed file goes, so that staging the dataset again fetches it (a download never
    // overwrites a file it did not write).
    const changed =
      size !== part.size
        ? `${part.name} has ${size} bytes, not the ${part.size} it was staged with`
        : verified === 'checksum' && (await checksumOf(path)) !== part.checksum
          ? `${part.name} no longer matches its checksum`
          : null;
    if (changed !== null) {
      await rm(path, { force: true });
      return `${changed}; removed, to be fetched again`;
    }
  }
  return null;
};

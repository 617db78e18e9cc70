import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** `../shared/graphs/upstream/` beside the checkout: graphs from DALiuGE's and EAGLE's repositories. */
export const upstreamGraphDir = fileURLToPath(
  new URL('../../../../shared/graphs/upstream/', import.meta.url),
);

/** The path of an upstream graph; a missing one fails the test saying where it was looked for. */
export const upstreamGraph = (name: string): string => {
  const path = join(upstreamGraphDir, name);
  if (!existsSync(path))
    throw new Error(
      `the upstream graph ${name} is not at ${path}: the tests read ../shared/graphs/upstream beside the checkout`,
    );
  return path;
};

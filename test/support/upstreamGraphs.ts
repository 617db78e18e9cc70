import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
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

/** Copies upstream graphs into a test's graph directory and records their sha256 beside the others. */
export const addUpstreamGraphs = (
  graphs: { readonly dir: string; readonly sha: Record<string, string> },
  names: readonly string[],
) => {
  for (const name of names) {
    const to = join(graphs.dir, name);
    copyFileSync(upstreamGraph(name), to);
    graphs.sha[name] = createHash('sha256').update(readFileSync(to)).digest('hex');
  }
};

// The DALiuGE and EAGLE graphs scripts/test gathers at pinned commits (test/README.md, "Upstream graphs").
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Graphs from DALiuGE's and EAGLE's repositories, unchanged (test/README.md, "Upstream graphs", says
 * which and where from): SURVEYOR_UPSTREAM_GRAPHS, which scripts/test sets to the folder where it
 * gathered them at their pinned commits (scripts/lib/upstream-graphs.sh), or that folder.
 */
export const upstreamGraphDir =
  process.env['SURVEYOR_UPSTREAM_GRAPHS'] ??
  join(
    process.env['SURVEYOR_TESTBED_DIR'] ?? fileURLToPath(new URL('../../../.testbed/', import.meta.url)),
    'upstream-graphs',
  );

/** The path of an upstream graph; a missing one fails the test saying where it was looked for. */
export const upstreamGraph = (name: string): string => {
  const path = join(upstreamGraphDir, name);
  if (!existsSync(path))
    throw new Error(
      `the upstream graph ${name} is not at ${path}: scripts/test gathers them there (scripts/lib/upstream-graphs.sh), or set SURVEYOR_UPSTREAM_GRAPHS to a folder of them (test/README.md, "Upstream graphs")`,
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

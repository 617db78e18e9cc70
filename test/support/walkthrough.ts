// The walkthroughs the docs give, read as the reader sees them: the indented blocks after each
// `<!-- name -->` marker of a page, unindented, in order (a blank line inside a block is kept).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export const walkthroughBlocks = (page: string, marker: string): string => {
  const lines = readFileSync(`${repoRoot}${page}`, 'utf8').split('\n');
  const out: string[] = [];
  lines.forEach((l, i) => {
    if (!l.startsWith(`<!-- ${marker}`)) return;
    const block: string[] = [];
    for (const b of lines.slice(i + 1)) {
      if (b.startsWith('    ')) block.push(b.slice(4));
      else if (b === '' && block.length > 0) block.push('');
      else if (block.length > 0) break;
    }
    out.push(block.join('\n').trimEnd());
  });
  if (out.length === 0) throw new Error(`${page} has no ${marker} block`);
  return out.join('\n');
};

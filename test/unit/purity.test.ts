// The core stays pure: no I/O module and nothing from adapters or hosts.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import test from 'ava';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });

// The core may import only itself and pure libraries; everything with I/O comes through ports.
// re2js: linear-time regular expressions for patterns from configurations (core/domain/safeRegex.ts).
const allowedPackages = [/^fp-ts(\/|$)/, /^io-ts(\/|$)/, /^re2js$/];

test('the core imports no I/O module and nothing from adapters or hosts', (t) => {
  const files = sources(join(root, 'core'));
  t.true(files.length > 10);
  const offences: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(
      /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g,
    )) {
      const spec = (m[1] ?? m[2])!;
      const ok = spec.startsWith('.')
        ? !relative(join(root, 'core'), join(file, '..', spec)).startsWith('..')
        : allowedPackages.some((re) => re.test(spec));
      if (!ok) offences.push(`${relative(root, file)} imports ${spec}`);
    }
    if (/\b(process\.[A-Za-z]|require\()/.test(text))
      offences.push(`${relative(root, file)} touches process/require`);
  }
  t.deepEqual(offences, []);
});

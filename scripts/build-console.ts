// Builds the web console (hosts/console) into dist/console: one script and one stylesheet with
// content hashes in their names, and index.html naming them. Run by scripts/setup. Fails when the
// gzipped script passes its budget, so the console stays small as it grows.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../..', import.meta.url));
const source = join(root, 'hosts/console');
const out = join(root, 'dist/console');
/** The budget: 150 KB of gzipped JavaScript. */
export const scriptBudgetBytes = 150 * 1024;

const main = async () => {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const result = await build({
    entryPoints: [join(source, 'main.tsx')],
    bundle: true,
    minify: true,
    format: 'esm',
    target: ['chrome111', 'firefox115', 'safari16.4'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    tsconfig: join(source, 'tsconfig.json'),
    entryNames: 'app-[hash]',
    outdir: out,
    metafile: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  const outputs = Object.keys(result.metafile.outputs).map((p) => basename(p));
  const js = outputs.find((n) => n.endsWith('.js'));
  const css = outputs.find((n) => n.endsWith('.css'));
  if (!js || !css) throw new Error(`build-console: expected one .js and one .css, got ${outputs.join(', ')}`);
  const html = readFileSync(join(source, 'index.html'), 'utf8').replace('{{js}}', js).replace('{{css}}', css);
  writeFileSync(join(out, 'index.html'), html);
  const gz = gzipSync(readFileSync(join(out, js)), { level: 9 }).length;
  if (gz > scriptBudgetBytes)
    throw new Error(`build-console: ${js} is ${gz} bytes gzipped, over the ${scriptBudgetBytes}-byte budget`);
  if (process.env['SURVEYOR_BUILD_VERBOSE']) console.error(`console: ${js} ${gz} bytes gzipped, ${css}`);
};

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

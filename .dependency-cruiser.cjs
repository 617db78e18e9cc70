// The layer rules (core/README.md, "Layers"), checked by scripts/test's lint step with
// dependency-cruiser. Known violations are listed in .dependency-cruiser-known-violations.json:
// they may only go away (`scripts/layers --shrink` rewrites the list after a fix); a new one fails.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'core-imports-only-core',
      comment:
        'The core is pure: it imports itself and pure libraries, never adapters, hosts or schema (everything with I/O comes through ports).',
      severity: 'error',
      from: { path: '^core/' },
      to: { path: '^(adapters|hosts|schema|examples)/' },
    },
    {
      name: 'core-no-io',
      comment: 'The core imports no Node.js built-in module: I/O comes through ports.',
      severity: 'error',
      from: { path: '^core/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'adapters-not-hosts',
      comment: 'Adapters implement ports; they never import a host (API, worker, CLI, library).',
      severity: 'error',
      from: { path: '^adapters/' },
      to: { path: '^hosts/' },
    },
    {
      name: 'schema-not-hosts-or-adapters',
      comment: 'The codecs describe the interface; they import the core at most.',
      severity: 'error',
      from: { path: '^schema/' },
      to: { path: '^(hosts|adapters)/' },
    },
    {
      name: 'hosts-through-the-face',
      comment:
        'The API, the worker, the CLI and the console reach the application through its face (core/app) and the composition root (hosts/composition), never an adapter, a use case or a repository port directly.',
      severity: 'error',
      from: { path: '^hosts/(api|worker|cli|console)/' },
      to: {
        path: '^(adapters/|core/usecases/|core/ports/[A-Za-z]*Repository\\.ts$)',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'console-apart',
      comment:
        "The web console runs in the browser: it imports nothing from the server but the API's types (type-only imports of schema/, gone once compiled).",
      severity: 'error',
      from: { path: '^hosts/console/' },
      to: {
        path: '^(adapters|core|schema|hosts/(api|worker|cli|library|composition))/',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'no-cycles',
      comment: 'No import cycles.',
      severity: 'error',
      from: { path: '^(core|adapters|hosts|schema)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|node_modules|test|examples)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};

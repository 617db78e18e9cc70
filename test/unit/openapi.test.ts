// Drift checks: schema/openapi.json and the project schema are what the codecs generate, every route
// has a handler and the reverse, every operation names its role and protected ones need a token.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import test from 'ava';
import { handlers } from '../../hosts/api/handlerTable.js';
import { buildOpenApi, renderOpenApi } from '../../schema/openapi.js';
import { renderProjectConfigSchema } from '../../schema/project/renderSchema.js';
import { routes } from '../../schema/routes.js';

const committed = fileURLToPath(new URL('../../../schema/openapi.json', import.meta.url));

test('schema/openapi.json is what the codecs generate (run scripts/gen-openapi after changing them)', (t) => {
  t.is(readFileSync(committed, 'utf8'), renderOpenApi());
});

test('schema/project-config.schema.json is what the codec generates (run scripts/gen-openapi)', (t) => {
  const file = fileURLToPath(new URL('../../../schema/project-config.schema.json', import.meta.url));
  t.is(readFileSync(file, 'utf8'), renderProjectConfigSchema());
});

test('every route has a handler and every handler a route', (t) => {
  t.deepEqual(Object.keys(handlers).sort(), routes.map((r) => r.id).sort());
});

test('every operation names its required role and protected ones need a bearer token', (t) => {
  const doc = buildOpenApi() as { paths: Record<string, Record<string, Record<string, unknown>>> };
  for (const [path, ops] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(ops)) {
      const role = op['x-required-role'];
      t.true(['public', 'none', 'viewer', 'operator', 'admin'].includes(role as string), `${method} ${path}`);
      const security = op['security'] as unknown[];
      t.is(security.length === 0, role === 'public', `${method} ${path}`);
      if (role !== 'public')
        t.truthy((op['responses'] as Record<string, unknown>)['401'], `${method} ${path} 401`);
    }
});

// Every operation of schema/openapi.json is reached from the command line by some cli*.test.ts
// file (each checks its own, from the API's request log) or left to others with the reason.
import { existsSync } from 'node:fs';
import test from 'ava';
import { cliCovers, notTheCli } from '../support/cliCoverage.js';
import { apiOperations } from '../support/cliSession.js';

test('every operation of the API is named by a CLI test file, or said why not', (t) => {
  const operations = apiOperations().map((o) => o.id);
  t.true(operations.length > 60);
  const named = new Set([...Object.values(cliCovers).flat(), ...Object.keys(notTheCli)]);
  t.deepEqual(
    operations.filter((id) => !named.has(id)),
    [],
    'each needs a command in a cli*.test.ts file that names it (or a reason in notTheCli)',
  );
  t.deepEqual(
    [...named].filter((id) => !operations.includes(id)),
    [],
    'names of operations that no longer exist',
  );
  for (const file of Object.keys(cliCovers))
    t.true(
      existsSync(new URL(`../../../test/integration/${file}.test.ts`, import.meta.url)),
      `${file}.test.ts exists`,
    );
});

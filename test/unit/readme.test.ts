// Docs kept true: docs/configuration.md documents every variable with its default, and README.md gives
// the two commands.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import test from 'ava';
import { configVariables } from '../../schema/environment.js';

const read = (path: string) =>
  readFileSync(fileURLToPath(new URL(`../../../${path}`, import.meta.url)), 'utf8');
const readme = read('README.md');
const configuration = read('docs/configuration.md');

test('docs/configuration.md documents every environment variable with its default', (t) => {
  for (const [name, v] of Object.entries(configVariables)) {
    const row = configuration.split('\n').find((l) => l.startsWith(`| \`${name}\` |`));
    t.truthy(row, `${name} is missing from the table in docs/configuration.md`);
    t.true(
      row!.includes(`| ${v.default} |`),
      `${name}: docs/configuration.md's default differs from ${v.default}`,
    );
  }
});

test('README.md gives the two commands', (t) => {
  t.regex(readme, /scripts\/start/);
  t.regex(readme, /scripts\/test/);
});

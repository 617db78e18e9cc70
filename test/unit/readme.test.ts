import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import test from 'ava';
import { configVariables } from '../../schema/config.js';

const readme = readFileSync(fileURLToPath(new URL('../../../README.md', import.meta.url)), 'utf8');

test('README.md documents every environment variable with its default', (t) => {
  for (const [name, v] of Object.entries(configVariables)) {
    const row = readme.split('\n').find((l) => l.startsWith(`| \`${name}\` |`));
    t.truthy(row, `${name} is missing from the README table`);
    t.true(row!.includes(`| ${v.default} |`), `${name}: README default differs from ${v.default}`);
  }
});

test('README.md gives the two commands', (t) => {
  t.regex(readme, /scripts\/start/);
  t.regex(readme, /scripts\/test/);
});

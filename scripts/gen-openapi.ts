// Writes schema/openapi.json and schema/project-config.schema.json from the io-ts codecs
// (run: scripts/gen-openapi). Tests fail when the committed files differ from a fresh generation.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderOpenApi } from '../schema/openapi.js';
import { renderProjectConfigSchema } from '../schema/project/renderSchema.js';

for (const [file, render] of [
  ['openapi.json', renderOpenApi],
  ['project-config.schema.json', renderProjectConfigSchema],
] as const) {
  const target = fileURLToPath(new URL(`../../schema/${file}`, import.meta.url));
  writeFileSync(target, render());
  process.stdout.write(`wrote ${target}\n`);
}

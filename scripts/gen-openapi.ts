// Writes schema/openapi.json from the codecs and the route table (run: scripts/gen-openapi).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderOpenApi } from '../schema/openapi.js';

const target = fileURLToPath(new URL('../../schema/openapi.json', import.meta.url));
writeFileSync(target, renderOpenApi());
process.stdout.write(`wrote ${target}\n`);

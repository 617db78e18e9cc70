import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The shipped WALLABY project configuration, as text. */
export const wallabyYaml = readFileSync(
  fileURLToPath(new URL('../../../schema/examples/wallaby_hires.project.yaml', import.meta.url)),
  'utf8',
);

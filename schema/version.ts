import { readFileSync } from 'node:fs';

// Read at run time from the package root (dist/schema/ -> ../../package.json); importing the JSON
// would make tsc copy a package.json into dist/ and shadow the real one.
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export const serviceVersion: string = pkg.version;

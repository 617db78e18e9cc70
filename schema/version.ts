import pkg from '../package.json' with { type: 'json' };

export const serviceVersion: string = pkg.version;

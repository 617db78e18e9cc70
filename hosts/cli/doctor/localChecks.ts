import { existsSync, statfsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Config } from '../../../schema/environment.js';
import { type DoctorFinding, fail, pass } from './finding.js';

const minNodeMajor = 22;
/** Below this the embedded database, staging and logs soon stop (staging keeps its own floor too). */
const minFreeBytes = 1024 ** 3;
const minSecretBytes = 32;

export const nodeCheck = (version = process.versions.node): DoctorFinding => {
  const major = Number(version.split('.')[0]);
  return major >= minNodeMajor
    ? pass('node', `Node.js ${version}`)
    : fail(
        'node',
        `Node.js ${version} is older than ${minNodeMajor}`,
        'run scripts/setup, which fetches Node 24 into .tools/, or install Node.js 22 or newer',
      );
};

export const jwtSecretCheck = (config: Config): DoctorFinding => {
  const secret = config.SERVICE_JWT_SECRET;
  if (secret === undefined) {
    if (config.SERVICE_ENV === 'production')
      return fail(
        'jwt secret',
        'SERVICE_JWT_SECRET is not set',
        'surveyor init writes one, or set 48 random bytes',
      );
    const file = join(config.SERVICE_DATA_DIR, 'jwt-secret');
    return pass(
      'jwt secret',
      existsSync(file)
        ? `generated in ${file} (development)`
        : `generated into ${file} at first start (development)`,
    );
  }
  const bytes = Buffer.byteLength(secret, 'utf8');
  if (bytes < minSecretBytes)
    return fail(
      'jwt secret',
      `SERVICE_JWT_SECRET is ${bytes} bytes, fewer than ${minSecretBytes}`,
      'surveyor init writes a 48-byte one; every login ends when it changes',
    );
  if (new Set(secret).size < 8)
    return fail(
      'jwt secret',
      'SERVICE_JWT_SECRET repeats a few characters',
      'use random bytes (surveyor init)',
    );
  return pass('jwt secret', `SERVICE_JWT_SECRET set, ${bytes} bytes`);
};

/** Free space where the data directory is (or would be made). */
export const diskCheck = (config: Config): DoctorFinding => {
  let dir = resolve(config.SERVICE_DATA_DIR);
  while (!existsSync(dir) && dirname(dir) !== dir) dir = dirname(dir);
  const s = statfsSync(dir);
  const free = s.bavail * s.bsize;
  const gib = (n: number) => `${(n / 1024 ** 3).toFixed(1)} GiB`;
  return free >= minFreeBytes
    ? pass('disk space', `${gib(free)} free at ${dir}`)
    : fail(
        'disk space',
        `${gib(free)} free at ${dir}, under ${gib(minFreeBytes)}`,
        'free space there or point SERVICE_DATA_DIR (and SERVICE_STAGING_DIR) elsewhere',
      );
};

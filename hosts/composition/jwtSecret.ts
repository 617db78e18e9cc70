import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../../schema/environment.js';

/**
 * The JWT signing secret: SERVICE_JWT_SECRET, or in development one generated on first start and
 * kept in the data directory, so tokens survive restarts (SPEC: the secret must stay stable).
 */
export const resolveJwtSecret = (
  config: Config,
): { secret: string; source: 'environment' | 'generated' | 'data_dir' } => {
  if (config.SERVICE_JWT_SECRET !== undefined)
    return { secret: config.SERVICE_JWT_SECRET, source: 'environment' };
  const file = join(config.SERVICE_DATA_DIR, 'jwt-secret');
  const read = () => readFileSync(file, 'utf8').trim();
  if (existsSync(file)) return { secret: read(), source: 'data_dir' };
  mkdirSync(config.SERVICE_DATA_DIR, { recursive: true, mode: 0o755 });
  // Written whole to a private file, then linked into place: processes starting together all end
  // up with the one secret that won, never a half-written one.
  const secret = randomBytes(48).toString('base64url');
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${secret}\n`, { mode: 0o600 });
  try {
    linkSync(tmp, file);
    return { secret, source: 'generated' };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return { secret: read(), source: 'data_dir' };
  } finally {
    unlinkSync(tmp);
  }
};

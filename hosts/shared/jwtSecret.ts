import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../../schema/config.js';

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
  if (existsSync(file)) return { secret: readFileSync(file, 'utf8').trim(), source: 'data_dir' };
  mkdirSync(config.SERVICE_DATA_DIR, { recursive: true, mode: 0o755 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return { secret, source: 'generated' };
};

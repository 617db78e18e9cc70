import {
  chmodSync,
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** What `surveyor login` keeps: the server, who logged in, the refresh token and the last access token. */
export interface Credentials {
  readonly server: string;
  readonly username: string;
  readonly refresh_token: string;
  readonly access_token?: string;
  /** ISO time the access token stops working. */
  readonly access_expires_at?: string;
}

export class CredentialsError extends Error {}

/** SURVEYOR_CONFIG_DIR, else $XDG_CONFIG_HOME/surveyor, else ~/.config/surveyor. */
export const configDir = (env: NodeJS.ProcessEnv = process.env): string =>
  env['SURVEYOR_CONFIG_DIR'] ??
  join(env['XDG_CONFIG_HOME'] ?? join(env['HOME'] ?? homedir(), '.config'), 'surveyor');

const file = (dir: string) => join(dir, 'credentials.json');

/** The stored login, or null when there is none. Refuses a file others may read. */
export const readCredentials = (dir = configDir()): Credentials | null => {
  let mode: number;
  try {
    mode = statSync(file(dir)).mode;
  } catch {
    return null;
  }
  if ((mode & 0o077) !== 0)
    throw new CredentialsError(
      `${file(dir)} may be read by other users (mode ${(mode & 0o777).toString(8)}): run chmod 600 on it, or surveyor login again`,
    );
  const c = JSON.parse(readFileSync(file(dir), 'utf8')) as Partial<Credentials>;
  if (typeof c.server !== 'string' || typeof c.refresh_token !== 'string' || typeof c.username !== 'string')
    throw new CredentialsError(`${file(dir)} is not a login surveyor wrote: run surveyor login`);
  return c as Credentials;
};

/** Writes the login with mode 0600 (the directory 0700), replacing the file in one step. */
export const writeCredentials = (c: Credentials, dir = configDir()): void => {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const tmp = `${file(dir)}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(c, null, 2)}\n`, { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, file(dir));
};

export const removeCredentials = (dir = configDir()): void => rmSync(file(dir), { force: true });

/**
 * Runs `fn` holding the credentials lock, so that two commands at once do not both spend the same
 * refresh token (a spent token presented again ends the whole login). A lock older than 30 s is
 * taken as left by a crashed command.
 */
export const withCredentialsLock = async <T>(fn: () => Promise<T>, dir = configDir()): Promise<T> => {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const lock = join(dir, 'credentials.lock');
  for (const until = Date.now() + 15_000; ; ) {
    try {
      closeSync(openSync(lock, 'wx', 0o600));
      break;
    } catch {
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 30_000) rmSync(lock, { force: true });
      else if (Date.now() > until) throw new CredentialsError(`another surveyor command holds ${lock}`);
      else await new Promise((r) => setTimeout(r, 50));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { force: true });
  }
};

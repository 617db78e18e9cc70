import { ApiClient, ApiError } from './apiClient.js';
import {
  type Credentials,
  CredentialsError,
  readCredentials,
  withCredentialsLock,
  writeCredentials,
} from './credentials.js';

interface TokenResponse {
  readonly access_token: string;
  readonly expires_in: number;
  readonly refresh_token: string;
}

/** Stores what a login or a refresh answered. */
export const saveTokens = (server: string, username: string, t: TokenResponse): Credentials => {
  const c: Credentials = {
    server,
    username,
    refresh_token: t.refresh_token,
    access_token: t.access_token,
    access_expires_at: new Date(Date.now() + t.expires_in * 1000).toISOString(),
  };
  writeCredentials(c);
  return c;
};

const stillGood = (c: Credentials) =>
  c.access_token !== undefined &&
  c.access_expires_at !== undefined &&
  Date.parse(c.access_expires_at) - Date.now() > 30_000;

/**
 * A client logged in as `surveyor login` left it: the stored access token while it has more than
 * 30 s left, else a new one from the refresh token (rotated and stored again, under the lock).
 * The server is `--server`, else SURVEYOR_URL, else the one logged in to.
 */
export const loggedIn = async (server: string | undefined, timeoutMs: number): Promise<ApiClient> => {
  const apiToken = process.env['SURVEYOR_TOKEN'];
  if (apiToken !== undefined && apiToken !== '') return withApiToken(server, apiToken, timeoutMs);
  const first = readCredentials();
  if (!first) throw new CredentialsError('not logged in: run surveyor login --server URL');
  const target = server ?? process.env['SURVEYOR_URL'] ?? first.server;
  if (target.replace(/\/+$/, '') !== first.server.replace(/\/+$/, ''))
    throw new CredentialsError(
      `logged in to ${first.server}, not ${target}: run surveyor login --server ${target}`,
    );
  const plain = new ApiClient(first.server, null, timeoutMs);
  if (stillGood(first)) return plain.withToken(first.access_token!);
  const fresh = await withCredentialsLock(async () => {
    // Another command may have refreshed while this one waited for the lock.
    const c = readCredentials();
    if (!c) throw new CredentialsError('not logged in: run surveyor login --server URL');
    if (stillGood(c)) return c;
    try {
      const t = await plain.request<TokenResponse>('POST', '/auth/refresh', {
        body: { refresh_token: c.refresh_token },
      });
      return saveTokens(c.server, c.username, t);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401)
        throw new CredentialsError('the login has ended (expired or logged out): run surveyor login again');
      throw err;
    }
  });
  return plain.withToken(fresh.access_token!);
};

/**
 * A client acting with an API token from SURVEYOR_TOKEN (a program's, made with `surveyor token
 * create`): the stored login's tokens are not used. The server is --server, else SURVEYOR_URL, else
 * the one logged in to (said on stderr, since a token says nothing of where it was made); with none
 * of them it must be named.
 */
const withApiToken = (server: string | undefined, token: string, timeoutMs: number): ApiClient => {
  const stored = (server ?? process.env['SURVEYOR_URL']) ? undefined : readCredentials()?.server;
  const target = server ?? process.env['SURVEYOR_URL'] ?? stored;
  if (!target)
    throw new CredentialsError(
      'SURVEYOR_TOKEN is set and no login is stored: give the server with --server URL or SURVEYOR_URL',
    );
  if (stored !== undefined)
    process.stderr.write(`surveyor: SURVEYOR_TOKEN is used with ${stored}, the server logged in to\n`);
  if (!/^https?:\/\//.test(target)) throw new CredentialsError(`${target} is not an http(s) URL`);
  return new ApiClient(target, token, timeoutMs, (line) => process.stderr.write(`surveyor: ${line}\n`));
};

// The console's API client. The access token lives in this module's memory only; the refresh
// token is an HttpOnly cookie the browser sends to the console session routes and no script can
// read. A 401 refreshes once; when that fails the console shows sign-in and keeps the page.
const prefix = '/api/v2';
/** Longest any call may take: the console never hangs on a request. */
const timeoutMs = 30_000;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

let accessToken: string | null = null;
let onSignedOut: (why: string | null) => void = () => {};
// Why the last refresh was refused, when the server named a reason (the password was changed, the
// account disabled, logged out elsewhere…); null when it did not.
let endedBecause: string | null = null;

/** Called when the login has ended (expired, revoked, logged out elsewhere), with why when known. */
export const whenSignedOut = (f: (why: string | null) => void) => {
  onSignedOut = f;
};

const errorOf = async (res: Response): Promise<ApiError> => {
  try {
    const body = (await res.json()) as {
      error?: { code?: string; message?: string; details?: Record<string, unknown> };
    };
    const e = body.error ?? {};
    return new ApiError(res.status, e.code ?? 'error', e.message ?? res.statusText, e.details ?? {});
  } catch {
    return new ApiError(res.status, 'error', `${res.status} ${res.statusText}`);
  }
};

const send = (method: string, path: string, body?: BodyInit, headers: Record<string, string> = {}) =>
  fetch(prefix + path, {
    method,
    headers: { ...headers, ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}) },
    credentials: 'same-origin',
    cache: 'no-store',
    signal: AbortSignal.timeout(timeoutMs),
    ...(body !== undefined ? { body } : {}),
  });

const takeTokens = async (res: Response) => {
  if (!res.ok) throw await errorOf(res);
  accessToken = ((await res.json()) as { access_token: string }).access_token;
  endedBecause = null;
};

/**
 * Trades the refresh cookie for a new access token. A refresh token works once and presenting a
 * spent one ends the login, so tabs of one browser take turns (Web Locks, where the page is a
 * secure context) and each one sends the cookie the previous turn left.
 */
export const refresh = async (): Promise<boolean> => {
  const run = async () => {
    const res = await send('POST', '/auth/console-session/refresh');
    if (!res.ok) {
      accessToken = null;
      const e = await errorOf(res);
      // Requests that were in flight refresh after the first refusal and find the cookie cleared
      // (no reason then): the reason the first one heard stays until the next sign-in.
      if (typeof e.details['reason'] === 'string') endedBecause = e.message;
      return false;
    }
    await takeTokens(res);
    return true;
  };
  return navigator.locks ? navigator.locks.request('surveyor-console-refresh', run) : run();
};

const signedIn = new Set<() => void>();

/** Calls `f` after each sign-in (so what failed while signed out loads again); returns the unsubscribe. */
export const whenSignedIn = (f: () => void): (() => void) => {
  signedIn.add(f);
  return () => signedIn.delete(f);
};

export const signIn = async (username: string, password: string) => {
  await takeTokens(
    await send('POST', '/auth/console-session', JSON.stringify({ username, password }), {
      'Content-Type': 'application/json',
    }),
  );
  for (const f of signedIn) f();
};

export const signOut = async () => {
  try {
    await call('POST', '/auth/console-session/logout');
  } finally {
    accessToken = null;
  }
};

/** One API call: JSON (or YAML text) in, JSON out; an ApiError for any error answer. */
export const call = async <T>(
  method: string,
  path: string,
  body?: unknown,
  opts: { yaml?: boolean; headers?: Record<string, string> } = {},
): Promise<T> => {
  const encoded = body === undefined ? undefined : opts.yaml ? String(body) : JSON.stringify(body);
  const headers = {
    ...(body === undefined ? {} : { 'Content-Type': opts.yaml ? 'application/x-yaml' : 'application/json' }),
    ...opts.headers,
  };
  // Signed out: the page waits for sign-in instead of asking the API again and again.
  if (accessToken === null) throw new ApiError(401, 'unauthorized', 'signed out; sign in to go on');
  let res = await send(method, path, encoded, headers);
  if (res.status === 401) {
    if (!(await refresh())) {
      onSignedOut(endedBecause);
      throw await errorOf(res);
    }
    res = await send(method, path, encoded, headers);
  }
  if (!res.ok) {
    if (res.status === 401) onSignedOut(null);
    throw await errorOf(res);
  }
  return (await res.json()) as T;
};

export const get = <T>(path: string) => call<T>('GET', path);

/** A GET whose body is read whatever its status (/ready answers 503 with its body), with the token. */
export const getAnyStatus = async <T>(path: string): Promise<T> =>
  (await send('GET', path)).json() as Promise<T>;

/** A query string from the parameters that are set. */
export const query = (params: Record<string, string | number | undefined | null>): string => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
};

/** The identity provider people may sign in with here, if any (a public route: no login yet). */
export const identityProvider = async (): Promise<{ readonly label: string } | null> => {
  try {
    const r = await fetch(`${prefix}/auth/oidc`, { credentials: 'same-origin' });
    if (!r.ok) return null;
    const b = (await r.json()) as { enabled: boolean; label: string | null };
    return b.enabled ? { label: b.label ?? 'your institution' } : null;
  } catch {
    return null;
  }
};

/** Where the browser goes to sign in through the provider, coming back to `returnTo` (a #/ route). */
export const providerSignInUrl = (returnTo: string): string =>
  `${prefix}/auth/oidc/start?return_to=${encodeURIComponent(returnTo)}`;

import * as t from 'io-ts';

/**
 * Codecs for environment variables: each decodes a string (or its absence, with the fallback) and
 * fails with a sentence that says what the value must be.
 */
export const fromEnv = <A>(name: string, parse: (raw: string) => A | string, fallback: string | undefined) =>
  new t.Type<A, unknown, unknown>(
    name,
    (u): u is A => u !== undefined,
    (u, c) => {
      if (u === undefined || u === '') {
        if (fallback === undefined) return t.success(undefined as A);
        u = fallback;
      }
      if (typeof u !== 'string') return t.failure(u, c, 'must be a string');
      const v = parse(u);
      return typeof v === 'string' && v.startsWith('!') ? t.failure(u, c, v.slice(1)) : t.success(v as A);
    },
    (a) => a,
  );

export const bool = (def: boolean) =>
  fromEnv<boolean>(
    'boolean',
    (s) => {
      const v = s.trim().toLowerCase();
      if (['1', 'true', 'yes', 'on'].includes(v)) return true;
      if (['0', 'false', 'no', 'off'].includes(v)) return false;
      return '!must be true or false';
    },
    String(def),
  );

export const int = (def: number | undefined, min: number, max: number) =>
  fromEnv<number>(
    'integer',
    (s) => {
      if (!/^-?\d+$/.test(s.trim())) return '!must be a whole number';
      const n = Number(s.trim());
      return n < min || n > max ? `!must be between ${min} and ${max}` : n;
    },
    def === undefined ? undefined : String(def),
  );

/** A number of processes: a whole number from 1 to `max`, or `auto` (one per core the machine has). */
export const processCount = (max: number) =>
  fromEnv<number | 'auto'>(
    'process-count',
    (s) => {
      const v = s.trim().toLowerCase();
      if (v === 'auto') return 'auto';
      if (!/^\d+$/.test(v)) return `!must be auto or a whole number from 1 to ${max}`;
      const n = Number(v);
      return n < 1 || n > max ? `!must be auto or a whole number from 1 to ${max}` : n;
    },
    '1',
  );

export const oneOf = <K extends string>(values: readonly K[], def: K) =>
  fromEnv<K>(
    'enum',
    (s) => ((values as readonly string[]).includes(s) ? (s as K) : `!must be one of ${values.join(', ')}`),
    def,
  );

export const optionalString = fromEnv<string | undefined>('string', (s) => s, undefined);

/** The parts of a process that have a mock: SERVICE_MOCK_PARTS names those kept mock in real mode. */
export const partNames = ['translator', 'backends', 'archive', 'stager'] as const;
export type PartName = (typeof partNames)[number];

export const partList = fromEnv<readonly PartName[]>(
  'part-list',
  (s) => {
    const parts = s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    const bad = parts.filter((p) => !(partNames as readonly string[]).includes(p));
    return bad.length > 0
      ? `!unknown part ${bad.join(', ')}: name some of ${partNames.join(', ')}, separated by commas`
      : (parts as PartName[]);
  },
  ' ',
);

export const postgresUrl = fromEnv<string | undefined>(
  'postgres-url',
  (s) => {
    try {
      const u = new URL(s);
      return u.protocol === 'postgres:' || u.protocol === 'postgresql:' ? s : '!must be a postgres:// URL';
    } catch {
      return '!must be a postgres:// URL';
    }
  },
  undefined,
);

/**
 * A base http(s) URL, as URL parsing writes it (characters such as `>` or a space percent-encoded,
 * the host in lower case), without a trailing slash; credentials, a query or a fragment are refused:
 * the value is written into documents (PROV-N names every record under it) and requests.
 */
const parseHttpUrl = (s: string): string => {
  let u: URL;
  try {
    u = new URL(s.trim());
  } catch {
    return '!must be an http(s) URL';
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return '!must be an http(s) URL';
  if (u.username || u.password) return '!must not hold credentials (user:password@)';
  if (u.search || u.hash || s.includes('#') || s.includes('?'))
    return '!must be a base URL, without a query or a fragment';
  return `${u.origin}${u.pathname}`.replace(/\/+$/, '');
};

export const httpUrl = (def: string) => fromEnv<string>('url', parseHttpUrl, def);

/** An http(s) URL as httpUrl takes it, or nothing when unset. */
export const optionalHttpUrl = fromEnv<string | undefined>('url', parseHttpUrl, undefined);

const port = '(?::(?:[1-9][0-9]{0,4}|\\*))?';
const hostEntry = new RegExp(
  `^(?:(?:\\*\\.)?[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?${port}|\\[[0-9a-f:.]+\\]${port}|[0-9a-f:.]*:[0-9a-f:.]*)$`,
);

/**
 * A comma-separated list of hosts (names, IP addresses, `*.domain`), each with an optional port
 * (`:8001`, or `:*` for any; `[v6]:8001`); unset means none given.
 */
export const hostList = fromEnv<readonly string[] | undefined>(
  'host-list',
  (s) => {
    const hosts = s
      .split(',')
      .map((x) => x.trim().toLowerCase())
      .filter(Boolean);
    const bad = hosts.filter((h) => !hostEntry.test(h) || Number(/:(\d+)$/.exec(h)?.[1] ?? 0) > 65535);
    return bad.length > 0 ? `!not host names (host, host:port, host:*, [v6]:port): ${bad.join(', ')}` : hosts;
  },
  undefined,
);

/**
 * A comma-separated list of origins (`https://host[:port]`, or `http://` for a server on this
 * machine), each normalised as URL parsing writes it; unset means none.
 */
export const originList = fromEnv<readonly string[] | undefined>(
  'origin-list',
  (s) => {
    const out: string[] = [];
    for (const raw of s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean)) {
      let u: URL;
      try {
        u = new URL(raw);
      } catch {
        return `!not an origin: ${raw.slice(0, 100)} (write scheme://host[:port])`;
      }
      // Never repeated when it holds credentials: the message goes to the log.
      if (u.username || u.password) return '!an origin must not hold credentials (user:password@)';
      if (u.protocol !== 'https:' && u.protocol !== 'http:')
        return `!not an http(s) origin: ${raw.slice(0, 100)}`;
      if ((u.pathname !== '/' && u.pathname !== '') || u.search || u.hash)
        return `!not an origin: ${raw.slice(0, 100)} (scheme://host[:port] only, no path, query or fragment)`;
      out.push(u.origin);
    }
    return out;
  },
  undefined,
);

/** A comma-separated list of field names; unset means the built-in list. */
export const nameList = fromEnv<readonly string[] | undefined>(
  'name-list',
  (s) => {
    const names = s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    const bad = names.filter((n) => !/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(n));
    return bad.length > 0 ? `!not field names: ${bad.join(', ')}` : names;
  },
  undefined,
);

/** One environment variable: how it is decoded, its default as the docs show it, and what it does. */
export interface VarSpec<A> {
  readonly codec: t.Type<A, unknown, unknown>;
  readonly doc: string;
  readonly default: string;
}

export const spec = <A>(codec: t.Type<A, unknown, unknown>, def: string, doc: string): VarSpec<A> => ({
  codec,
  default: def,
  doc,
});

/**
 * The one redaction function every output passes through: logs, errors, events, API responses.
 * It hides values under secret-looking keys, PEM blocks, bearer tokens, credentials in URLs, and
 * any value registered as a secret (the JWT secret, passwords read from files, keys).
 */
export const REDACTED = '[redacted]';

/**
 * A key holds a secret when one of its words is a secret's name. Words are split at `_`, `-`, `.`,
 * spaces and camelCase humps; a word also counts when it ends with one of the longer names
 * (`dbpassword`, `jwtsecret`). Never a part of a word: astronomy's field names are full of
 * `hipass`, `bandpass`, `passband`, `bypass`, `compass` and `tokenizer`, and a user reading their
 * own configuration must see what they stored. A bare `pass` is no secret's name either
 * (`low_pass`, `band_pass` are filters); none of ours is called so, and a secret's value is
 * hidden wherever it appears once registered (`SecretRegistry`).
 */
const secretWords = new Set(['pwfile', 'cookie', 'cookies', 'authorization']);
const secretEndings = [
  'password',
  'passwd',
  'passphrase',
  'secret',
  'secrets',
  'token',
  'tokens',
  'credential',
  'credentials',
  'apikey',
  'privatekey',
];
const secretPairs = new Set(['api key', 'private key']);
const wordsOf = (key: string): string[] =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
const namesSecret = (key: string): boolean => {
  const words = wordsOf(key);
  return words.some(
    (w, i) =>
      secretWords.has(w) ||
      secretEndings.some((e) => w.endsWith(e)) ||
      (i > 0 && secretPairs.has(`${words[i - 1]} ${w}`)),
  );
};
const pemBlock = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?(-----END [A-Z0-9 ]*PRIVATE KEY-----|$)/g;
const bearer = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;
const urlCredentials = /\b([a-z][a-z0-9+.-]*:\/\/)([^/\s:@]+):([^/\s@]+)@/gi;
const jwtLike = /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}/g;
// An API token (domain/apiToken.ts): its prefix is there to be found.
const apiTokenLike = /\bsvy_[0-9a-f]{32}_[A-Za-z0-9_-]{43}/g;

// Key decisions, remembered: a list repeats the same few keys on every row.
const secretKeys = new Map<string, boolean>();

/** Whether a field of this name holds a secret (its value is never shown). */
export const isSecretKey = (key: string): boolean => {
  let secret = secretKeys.get(key);
  if (secret === undefined) {
    secret = namesSecret(key);
    if (secretKeys.size < 4096) secretKeys.set(key, secret);
  }
  return secret;
};

/** Whether redact replaces this value of this key: a string or an object under a secret key. */
const hiddenUnder = (key: string, v: unknown): boolean =>
  (typeof v === 'string' || (typeof v === 'object' && v !== null)) && isSecretKey(key);

export class SecretRegistry {
  private readonly values = new Set<string>();
  // A value JSON writes with escapes (quotes, backslashes, control characters, surrogates) may
  // not appear as itself in a serialised body, so bodies are then always walked.
  private escapes = false;
  /** Registers a secret value; values shorter than 6 characters are ignored as too common. */
  add(value: string | undefined | null): void {
    if (!value || value.length < 6) return;
    this.values.add(value);
    if (JSON.stringify(value) !== `"${value}"`) this.escapes = true;
  }
  has(): boolean {
    return this.values.size > 0;
  }
  /** Whether serialised JSON may hold a registered value (never false when it does). */
  mayBeIn(json: string): boolean {
    if (this.escapes) return true;
    for (const s of this.values) if (json.includes(s)) return true;
    return false;
  }
  [Symbol.iterator](): Iterator<string> {
    return this.values[Symbol.iterator]();
  }
}

// Every pattern above needs one of these to match: most strings (ids, names, timestamps) have none
// and skip the four replacements, which made redaction the largest cost of a list response. The
// letters are spelt as classes: V8 ran the same pattern with the i flag about six times slower.
const mayHide = /-----BEGIN|[Bb][Ee][Aa][Rr][Ee][Rr]|[Bb][Aa][Ss][Ii][Cc]|:\/\/|eyJ|svy_/;

export const redactString = (text: string, secrets?: SecretRegistry): string => {
  let out = mayHide.test(text)
    ? text
        .replace(pemBlock, REDACTED)
        .replace(bearer, (_m, scheme: string) => `${scheme} ${REDACTED}`)
        .replace(urlCredentials, (_m, scheme: string, user: string) => `${scheme}${user}:${REDACTED}@`)
        .replace(jwtLike, REDACTED)
        .replace(apiTokenLike, REDACTED)
    : text;
  if (secrets) for (const s of secrets) if (out.includes(s)) out = out.split(s).join(REDACTED);
  return out;
};

const maxDepth = 12;

/**
 * Documents that users write and read back as they are (project configurations): no secret of
 * ours can be in them under a key (credentials come from the environment), so their keys hide
 * nothing; their values still pass through `redactString` (registered secrets, keys, tokens).
 */
const userDocuments = new WeakSet<object>();

/** Marks a document whose keys redaction must not act on (see `userDocuments`). */
export const userDocument = <T extends object>(doc: T): T => {
  userDocuments.add(doc);
  return doc;
};

/** A user document's values redacted as strings, at any depth (its keys are the user's). */
const redactValues = (value: unknown, secrets: SecretRegistry | undefined, depth: number): unknown => {
  if (typeof value === 'string') return redactString(value, secrets);
  if (value === null || typeof value !== 'object' || depth > maxDepth * 4) return value;
  if (Array.isArray(value)) return value.map((v) => redactValues(v, secrets, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [
      k,
      redactValues(v, secrets, depth + 1),
    ]),
  );
};

export const redact = <T>(value: T, secrets?: SecretRegistry, depth = 0): T => {
  if (typeof value === 'string') return redactString(value, secrets) as T;
  if (value === null || typeof value !== 'object' || depth > maxDepth) return value;
  if (userDocuments.has(value)) return redactValues(value, secrets, depth) as T;
  if (value instanceof Date) return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, secrets, depth + 1)) as T;
  if (value instanceof Error) {
    const e = value as Error & { code?: unknown };
    return { name: e.name, message: redactString(e.message, secrets), code: e.code } as T;
  }
  // fromEntries defines each key as the object's own, "__proto__" too (a user's JSON may hold it):
  // assigning it would set the copy's prototype instead.
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [
      k,
      hiddenUnder(k, v) ? REDACTED : redact(v, secrets, depth + 1),
    ]),
  ) as T;
};

/**
 * Whether redact would leave every key's value as it is: only plain objects, arrays and dates
 * (an Error or a class instance is rewritten), no value to hide under a secret-looking key.
 */
const keysNeedNothing = (value: unknown, depth: number): boolean => {
  if (value === null || typeof value !== 'object' || value instanceof Date) return true;
  if (depth > maxDepth) return false;
  if (Array.isArray(value)) {
    for (const v of value) if (!keysNeedNothing(v, depth + 1)) return false;
    return true;
  }
  if (userDocuments.has(value)) return true;
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  for (const k of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[k];
    if (hiddenUnder(k, v) || (typeof v === 'object' && !keysNeedNothing(v, depth + 1))) return false;
  }
  return true;
};

const patterns = [pemBlock, bearer, urlCredentials, jwtLike, apiTokenLike];

/**
 * Whether no pattern matches anywhere in serialised JSON without escapes. There every string is
 * written as itself, so a pattern that would match in one would match here too (a match across
 * strings only sends the body the slow way). With an escape (a quote, a tab) a string's text
 * differs from its serialised form, and nothing is concluded.
 */
const textHidesNothing = (json: string): boolean => {
  if (json.includes('\\')) return false;
  for (const p of patterns) {
    p.lastIndex = 0;
    const hit = p.test(json);
    p.lastIndex = 0;
    if (hit) return false;
  }
  return true;
};

/**
 * `JSON.stringify(redact(value, secrets))`, the same text. A body whose serialised text holds no
 * pattern's anchor (or, without escapes, no pattern's match: a provenance document is full of
 * URLs) and no registered value, and whose keys hide nothing, is sent as serialised: scans of the
 * text instead of copying the whole tree (a page of 100 sources: 80 us -> 15 us).
 */
export const redactedJson = (value: unknown, secrets?: SecretRegistry): string => {
  const json = JSON.stringify(value);
  if (json === undefined) return json;
  if (!secrets?.mayBeIn(json) && (!mayHide.test(json) || textHidesNothing(json)) && keysNeedNothing(value, 0))
    return json;
  return JSON.stringify(redact(value, secrets));
};

/**
 * The one redaction function every output passes through: logs, errors, events, API responses.
 * It hides values under secret-looking keys, PEM blocks, bearer tokens, credentials in URLs, and
 * any value registered as a secret (the JWT secret, passwords read from files, keys).
 */
export const REDACTED = '[redacted]';

const secretKey =
  /(pass(word|phrase)?|secret|token|authorization|private[_-]?key|api[_-]?key|cookie|credential|pwfile)/i;
const pemBlock = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?(-----END [A-Z0-9 ]*PRIVATE KEY-----|$)/g;
const bearer = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;
const urlCredentials = /\b([a-z][a-z0-9+.-]*:\/\/)([^/\s:@]+):([^/\s@]+)@/gi;
const jwtLike = /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}/g;

/** Whether a field of this name holds a secret (its value is never shown). */
export const isSecretKey = (key: string): boolean => secretKey.test(key);

export class SecretRegistry {
  private readonly values = new Set<string>();
  /** Registers a secret value; values shorter than 6 characters are ignored as too common. */
  add(value: string | undefined | null): void {
    if (value && value.length >= 6) this.values.add(value);
  }
  has(): boolean {
    return this.values.size > 0;
  }
  [Symbol.iterator](): Iterator<string> {
    return this.values[Symbol.iterator]();
  }
}

// Every pattern above needs one of these to match: most strings (ids, names, timestamps) have none
// and skip the four replacements, which made redaction the largest cost of a list response.
const mayHide = /-----BEGIN|bearer|basic|:\/\/|eyJ/i;

export const redactString = (text: string, secrets?: SecretRegistry): string => {
  let out = mayHide.test(text)
    ? text
        .replace(pemBlock, REDACTED)
        .replace(bearer, (_m, scheme: string) => `${scheme} ${REDACTED}`)
        .replace(urlCredentials, (_m, scheme: string, user: string) => `${scheme}${user}:${REDACTED}@`)
        .replace(jwtLike, REDACTED)
    : text;
  if (secrets) for (const s of secrets) if (out.includes(s)) out = out.split(s).join(REDACTED);
  return out;
};

const maxDepth = 12;

export const redact = <T>(value: T, secrets?: SecretRegistry, depth = 0): T => {
  if (typeof value === 'string') return redactString(value, secrets) as T;
  if (value === null || typeof value !== 'object' || depth > maxDepth) return value;
  if (value instanceof Date) return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, secrets, depth + 1)) as T;
  if (value instanceof Error) {
    const e = value as Error & { code?: unknown };
    return { name: e.name, message: redactString(e.message, secrets), code: e.code } as T;
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    out[k] =
      secretKey.test(k) && (typeof v === 'string' || (typeof v === 'object' && v !== null))
        ? REDACTED
        : redact(v, secrets, depth + 1);
  }
  return out as T;
};

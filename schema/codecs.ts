import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { breaksALine, lineBreakingClass } from '../core/domain/oneLine.js';
import { charLength } from '../core/domain/charLength.js';
import { withSchema } from './jsonSchema.js';

/** A string of bounded length (counted in characters). */
export const boundedString = (min: number, max: number, name = `string(${min}..${max})`) =>
  withSchema(
    t.refinement(
      t.string,
      (s) => {
        const n = charLength(s);
        return n >= min && n <= max;
      },
      name,
    ),
    { type: 'string', minLength: min, maxLength: max },
  );

export const patternString = (pattern: RegExp, name: string, maxLength = 256) =>
  withSchema(
    t.refinement(t.string, (s) => charLength(s) <= maxLength && pattern.test(s), name),
    { type: 'string', pattern: pattern.source, maxLength },
  );

export const intRange = (
  min: number,
  max: number = Number.MAX_SAFE_INTEGER,
  name = `integer(${min}..${max})`,
) =>
  withSchema(
    t.refinement(t.number, (n) => Number.isInteger(n) && n >= min && n <= max, name),
    { type: 'integer', minimum: min, ...(max < Number.MAX_SAFE_INTEGER ? { maximum: max } : {}) },
  );

/** A finite number in [min, max] (exclusiveMin: greater than min). */
export const numberRange = (min: number, max: number, name: string, exclusiveMin = false) =>
  withSchema(
    t.refinement(
      t.number,
      (n) => Number.isFinite(n) && (exclusiveMin ? n > min : n >= min) && n <= max,
      name,
    ),
    { type: 'number', ...(exclusiveMin ? { exclusiveMinimum: min } : { minimum: min }), maximum: max },
  );

export const Uuid = patternString(
  /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/,
  'uuid',
  36,
);

// A codec of its own: annotating the shared t.string would make every string a date-time.
export const DateTimeString = withSchema(
  new t.Type<string, string, unknown>('DateTimeString', t.string.is, t.string.validate, t.string.encode),
  { type: 'string', format: 'date-time' },
);

/**
 * An object codec that rejects keys it does not know: a typo in a request is an error the client
 * hears about, not a silently ignored field.
 */
export const strictObject = <P extends t.Props, O extends t.Props = Record<never, never>>(
  name: string,
  required: P,
  optional?: O,
) => {
  const base = optional ? t.intersection([t.type(required), t.partial(optional)]) : t.type(required);
  const known = new Set([...Object.keys(required), ...Object.keys(optional ?? {})]);
  type A = t.TypeOf<t.TypeC<P>> & Partial<t.TypeOf<t.TypeC<O>>>;
  const codec = new t.Type<A, A, unknown>(
    name,
    (u): u is A => base.is(u),
    (u, c) => {
      if (typeof u !== 'object' || u === null || Array.isArray(u))
        return t.failure(u, c, 'expected an object');
      const extra: t.Errors = Object.keys(u)
        .filter((k) => !known.has(k))
        .map((k) => ({
          value: (u as Record<string, unknown>)[k],
          context: [...c, { key: k, type: t.never, actual: (u as Record<string, unknown>)[k] }],
          message: 'unknown field',
        }));
      const r = base.validate(u, c);
      if (E.isLeft(r)) return t.failures([...r.left, ...extra]);
      return extra.length > 0 ? t.failures(extra) : t.success(r.right as A);
    },
    (a) => a,
  );
  return withSchema(codec, {
    $inner: base,
    additionalProperties: false,
  });
};

/**
 * An optional field that decodes to `fallback` when absent: stored and returned objects always
 * carry every field, with the documented defaults filled in.
 */
export const withDefault = <A, O>(codec: t.Type<A, O, unknown>, fallback: A) => {
  const d = new t.Type<A, O, unknown>(
    codec.name,
    codec.is,
    (u, c) => (u === undefined ? t.success(fallback) : codec.validate(u, c)),
    codec.encode,
  );
  return withSchema(d, { $inner: codec, default: fallback });
};

/** The http(s) URL a string spells (at most 2,048 characters), or null. */
const httpUrlOf = (s: string): URL | null => {
  if (s.length > 2048 || !URL.canParse(s)) return null;
  const u = new URL(s);
  return u.protocol === 'http:' || u.protocol === 'https:' ? u : null;
};

export const HttpUrl = withSchema(
  t.refinement(t.string, (s) => httpUrlOf(s) !== null, 'http(s) URL'),
  { type: 'string', format: 'uri', maxLength: 2048 },
);

/**
 * The base URL of a service we call (a translator, a TAP service): http(s), no credentials, no
 * query and no fragment. Endpoints are appended to its path; a `#` or `?` would cut them off and
 * send the request to whatever URL the value spells.
 */
export const ServiceUrl = withSchema(
  t.refinement(
    t.string,
    (s) => {
      const u = httpUrlOf(s);
      return u !== null && u.username === '' && u.password === '' && !s.includes('?') && !s.includes('#');
    },
    'http(s) base URL without credentials, query or fragment',
  ),
  { type: 'string', format: 'uri', maxLength: 2048, pattern: '^https?://[^?#@]+$' },
);

/**
 * One line of text: nothing that breaks or steers a line (core/domain/oneLine.ts: C0 and C1
 * controls, the line separators), as a line break in a value would start a new line wherever it is
 * written and a CSI would steer the terminal the CLI writes to.
 */
export const oneLine = (name: string, max: number, min = 0) =>
  withSchema(
    t.refinement(boundedString(min, max), (s) => !breaksALine.test(s), name),
    { type: 'string', minLength: min, maxLength: max, pattern: `^[^${lineBreakingClass}]*$` },
  );

/** A host name or address: no scheme, no path, no spaces. */
export const HostName = patternString(
  /^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$|^\[?[0-9A-Fa-f:.]+\]?$/,
  'host',
  253,
);

export const Port = intRange(1, 65535, 'port');

/**
 * A union chosen by one field (`kind`): errors come from the member the client meant, or one
 * error on the field itself, instead of every member's complaints.
 */
export const discriminated = <K extends string, M extends Record<string, t.Mixed>>(
  name: string,
  field: K,
  members: M,
) => {
  type A = t.TypeOf<M[keyof M]>;
  const keys = Object.keys(members);
  const codec = new t.Type<A, A, unknown>(
    name,
    (u): u is A => keys.some((k) => members[k]!.is(u)),
    (u, c) => {
      if (typeof u !== 'object' || u === null || Array.isArray(u))
        return t.failure(u, c, 'expected an object');
      const tag = (u as Record<string, unknown>)[field];
      const member = typeof tag === 'string' ? members[tag] : undefined;
      if (!member)
        return t.failures([
          {
            value: tag,
            context: [...c, { key: field, type: t.never, actual: tag }],
            message:
              tag === undefined
                ? `is required: one of ${keys.join(', ')}`
                : `must be one of ${keys.join(', ')}`,
          },
        ]);
      return member.validate(u, c) as t.Validation<A>;
    },
    (a) => a,
  );
  return withSchema(codec, {
    $inner: t.union(Object.values(members) as unknown as [t.Mixed, t.Mixed]),
    discriminator: { propertyName: field },
  });
};

/** A query switch: `true` or `false`. */
export const boolFromString = withSchema(
  new t.Type<boolean, string, unknown>(
    'boolean',
    (u): u is boolean => typeof u === 'boolean',
    (u, c) =>
      u === 'true'
        ? t.success(true)
        : u === 'false'
          ? t.success(false)
          : t.failure(u, c, 'must be true or false'),
    String,
  ),
  { type: 'boolean' },
);

/** An integer written as a decimal string (query and path parameters), within bounds. */
export const intFromString = (min: number, max: number, name = `integer(${min}..${max})`) =>
  withSchema(
    new t.Type<number, string, unknown>(
      name,
      (u): u is number => typeof u === 'number' && Number.isInteger(u) && u >= min && u <= max,
      (u, c) => {
        const n = typeof u === 'string' && /^\d{1,15}$/.test(u) ? Number(u) : Number.NaN;
        return Number.isInteger(n) && n >= min && n <= max
          ? t.success(n)
          : t.failure(u, c, `must be a whole number from ${min} to ${max}`);
      },
      String,
    ),
    { type: 'integer', minimum: min, maximum: max },
  );

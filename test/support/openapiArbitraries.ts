// Request values from the OpenAPI document, as fast-check arbitraries: values the document calls
// valid, values it calls invalid (each checked against the document, so a generator bug cannot
// pass for a server bug), and valid values with a NUL or a lone surrogate put into one string.
import fc from 'fast-check';
import { check, resolve, type Schema } from './openapiCheck.js';

/**
 * Values to prefer for a property or parameter of a given name (ids that exist, the project's
 * module, cursors the API returned). Read when a value is generated, so they grow during a run.
 */
export type Pools = Readonly<Record<string, readonly unknown[]>>;

const chars = (s: string) => [...s].length;
const noNul = (s: string) => s.replaceAll('\u0000', ' ');

/** The pattern without lookahead or lookbehind groups (fast-check cannot generate them). */
export const withoutLookarounds = (source: string): string => {
  let out = '';
  for (let i = 0; i < source.length; i++) {
    if (source[i] === '\\') {
      out += source.slice(i, i + 2);
      i++;
    } else if (/^\(\?<?[=!]/.test(source.slice(i, i + 4))) {
      let depth = 0;
      for (; i < source.length; i++) {
        if (source[i] === '\\') i++;
        else if (source[i] === '(') depth++;
        else if (source[i] === ')' && --depth === 0) break;
      }
    } else out += source[i];
  }
  return out;
};

const patternStrings = (pattern: string, min: number, max: number): fc.Arbitrary<string> => {
  const re = new RegExp(pattern, 'u');
  let source: fc.Arbitrary<string>;
  try {
    source = fc.stringMatching(new RegExp(pattern));
  } catch {
    source = fc.stringMatching(new RegExp(withoutLookarounds(pattern)));
  }
  return source.map(noNul).filter((s) => re.test(s) && chars(s) >= min && chars(s) <= max);
};

const strings = (s: Schema): fc.Arbitrary<string> => {
  const min = (s['minLength'] as number | undefined) ?? 0;
  const max = (s['maxLength'] as number | undefined) ?? 1000;
  const pattern = s['pattern'] as string | undefined;
  if (s['format'] === 'date-time')
    return fc
      .date({ min: new Date('1970-01-01'), max: new Date('2200-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString());
  if (s['format'] === 'uri')
    return fc
      .webUrl({ validSchemes: ['http', 'https'] })
      .filter((u) => chars(u) <= max && (pattern === undefined || new RegExp(pattern, 'u').test(u)));
  if (pattern !== undefined) return patternStrings(pattern, min, max);
  // Any character but NUL (surrogates come only in pairs), short mostly, sometimes at the limit.
  const short = fc.string({ unit: 'binary', minLength: min, maxLength: Math.min(max, Math.max(min, 24)) });
  if (max <= 24) return short.map(noNul);
  const long = fc.string({ unit: 'grapheme-ascii', minLength: Math.max(min, max - 2), maxLength: max });
  return fc.oneof({ weight: 9, arbitrary: short }, { weight: 1, arbitrary: long }).map(noNul);
};

const numbers = (s: Schema, integer: boolean): fc.Arbitrary<number> => {
  const exclusive = s['exclusiveMinimum'] as number | undefined;
  const min = (s['minimum'] as number | undefined) ?? exclusive;
  const max = s['maximum'] as number | undefined;
  return integer
    ? fc.integer({
        min: exclusive !== undefined ? exclusive + 1 : (min ?? Number.MIN_SAFE_INTEGER),
        max: max ?? Number.MAX_SAFE_INTEGER,
      })
    : fc.double({
        min: min ?? -1e12,
        max: max ?? 1e12,
        minExcluded: exclusive !== undefined,
        noNaN: true,
        noDefaultInfinity: true,
      });
};

const fromPool = (pool: readonly unknown[], fallback: fc.Arbitrary<unknown>) =>
  fc.tuple(fc.nat(), fallback).map(([i, f]) => (pool.length === 0 ? f : pool[i % pool.length]));

/** Values `schema` accepts; for a property named `key` with a pool, mostly the pool's. */
export const valid = (schema: Schema, pools: Pools = {}, key?: string, depth = 0): fc.Arbitrary<unknown> => {
  const own = generated(resolve(schema), pools, depth);
  const pool = key === undefined ? undefined : pools[key];
  return pool ? fc.oneof({ weight: 1, arbitrary: own }, { weight: 3, arbitrary: fromPool(pool, own) }) : own;
};

const objects = (s: Schema, pools: Pools, depth: number): fc.Arbitrary<Record<string, unknown>> => {
  const props = (s['properties'] ?? {}) as Record<string, Schema>;
  const required = ((s['required'] ?? []) as string[]).filter((k) => k in props);
  const known = fc.record(
    Object.fromEntries(Object.entries(props).map(([k, p]) => [k, valid(p, pools, k, depth + 1)])),
    { requiredKeys: required },
  ) as fc.Arbitrary<Record<string, unknown>>;
  const extra = s['additionalProperties'];
  if (typeof extra !== 'object' || extra === null) return known;
  const names = s['propertyNames']
    ? strings(resolve(s['propertyNames'] as Schema))
    : strings({ maxLength: 12 });
  const more = fc.dictionary(names, valid(extra as Schema, pools, undefined, depth + 1), {
    maxKeys: depth > 3 ? 0 : 3,
  });
  return fc.tuple(known, more).map(([a, b]) => ({ ...b, ...a }));
};

const generated = (s: Schema, pools: Pools, depth: number): fc.Arbitrary<unknown> => {
  if ('const' in s) return fc.constant(s['const']);
  if (Array.isArray(s['enum'])) return fc.constantFrom(...(s['enum'] as unknown[]));
  for (const key of ['oneOf', 'anyOf'] as const)
    if (Array.isArray(s[key]))
      return fc
        .oneof(...(s[key] as Schema[]).map((alt) => valid(alt, pools, undefined, depth)))
        .filter((v) => check(s, v).length === 0);
  switch (s['type']) {
    case 'string':
      return strings(s);
    case 'integer':
      return numbers(s, true);
    case 'number':
      return numbers(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valid(s['items'] as Schema, pools, undefined, depth + 1), {
        minLength: (s['minItems'] as number | undefined) ?? 0,
        maxLength: Math.max(
          (s['minItems'] as number | undefined) ?? 0,
          Math.min((s['maxItems'] as number | undefined) ?? 4, depth > 3 ? 1 : 4),
        ),
      });
    case 'object':
      return objects(s, pools, depth);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
};

const otherTypes: readonly unknown[] = [null, 0, 1.5, -1, 'x', '', true, [], {}, [1], { a: 1 }];

/**
 * Values `schema` refuses, each confirmed against the document; null when it refuses nothing
 * (an unconstrained value).
 */
export const invalid = (schema: Schema, pools: Pools = {}, depth = 0): fc.Arbitrary<unknown> | null => {
  const s = resolve(schema);
  const options: fc.Arbitrary<unknown>[] = [];
  const wrongTypes = otherTypes.filter((v) => check(s, v).length > 0);
  if (wrongTypes.length > 0) options.push(fc.constantFrom(...wrongTypes));
  if (s['type'] === 'string') {
    const min = s['minLength'] as number | undefined;
    const max = s['maxLength'] as number | undefined;
    if (max !== undefined && max < 100_000)
      options.push(fc.string({ unit: 'grapheme-ascii', minLength: max + 1, maxLength: max + 4 }));
    if (min !== undefined && min > 0) options.push(fc.constant(''));
    if (typeof s['pattern'] === 'string') {
      const re = new RegExp(s['pattern'] as string, 'u');
      options.push(
        fc
          .oneof(
            fc.string({ unit: 'binary', maxLength: 20 }),
            fc.constantFrom(
              ' x',
              'x ',
              'a\nb',
              'a\tb',
              '../x',
              '/a/../b',
              'a b',
              'Ä',
              '$(id)',
              '`id`',
              ';',
              '#',
            ),
          )
          .map(noNul)
          .filter((v) => !re.test(v)),
      );
    }
    if (s['format'] === 'uri') options.push(fc.constantFrom('not a url', 'ftp://x.org/', 'http://', 'x:y'));
  }
  if (s['type'] === 'integer' || s['type'] === 'number') {
    if (typeof s['maximum'] === 'number') options.push(fc.constant((s['maximum'] as number) + 1));
    if (typeof s['minimum'] === 'number') options.push(fc.constant((s['minimum'] as number) - 1));
    if (typeof s['exclusiveMinimum'] === 'number') options.push(fc.constant(s['exclusiveMinimum'] as number));
    if (s['type'] === 'integer') options.push(fc.constantFrom(0.5, 1.25, 1e300));
  }
  if (Array.isArray(s['enum']) || 'const' in s)
    options.push(fc.constantFrom('no-such-value', 'REST_REMOTE', 17));
  if (s['type'] === 'array' && s['items']) {
    const bad = invalid(s['items'] as Schema, pools, depth + 1);
    if (bad)
      options.push(
        fc
          .tuple(fc.array(valid(s['items'] as Schema, pools, undefined, depth + 1), { maxLength: 2 }), bad)
          .map(([good, b]) => [...good, b]),
      );
  }
  if (s['type'] === 'object') {
    const whole = objects(s, pools, depth);
    const props = (s['properties'] ?? {}) as Record<string, Schema>;
    const required = (s['required'] ?? []) as string[];
    if (required.length > 0)
      options.push(
        fc.tuple(whole, fc.constantFrom(...required)).map(([o, k]) => {
          const { [k]: _, ...rest } = o;
          return rest;
        }),
      );
    if (s['additionalProperties'] === false) options.push(whole.map((o) => ({ ...o, unexpected_field: 1 })));
    const badProps = Object.entries(props)
      .map(([k, p]) => [k, invalid(p, pools, depth + 1)] as const)
      .filter((e): e is readonly [string, fc.Arbitrary<unknown>] => e[1] !== null);
    if (badProps.length > 0)
      options.push(
        fc
          .constantFrom(...badProps)
          .chain(([k, bad]) => fc.tuple(whole, bad).map(([o, b]) => ({ ...o, [k]: b }))),
      );
    if (s['propertyNames']) options.push(whole.map((o) => ({ ...o, 'not a name!': 1 })));
  }
  for (const key of ['oneOf', 'anyOf'] as const)
    if (Array.isArray(s[key]))
      for (const alt of s[key] as Schema[]) {
        const bad = invalid(alt, pools, depth + 1);
        if (bad) options.push(bad);
      }
  if (options.length === 0) return null;
  return fc.oneof(...options).filter((v) => check(s, v).length > 0);
};

/** The NUL and lone-surrogate strings every decoder must refuse. */
export const hostileText = fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfff', '\udc00\ud800');

/**
 * `value` with one of its strings (a value or a key) made hostile; a value without strings gets
 * a hostile key.
 */
export const spoil = (value: unknown, pick: number, bad: string): unknown => {
  const slots: { holder: Record<string, unknown> | unknown[]; key: string | number; isKey: boolean }[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v))
      v.forEach((x, i) => {
        if (typeof x === 'string') slots.push({ holder: v, key: i, isKey: false });
        else walk(x);
      });
    else if (v !== null && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        slots.push({ holder: v as Record<string, unknown>, key: k, isKey: true });
        if (typeof x === 'string') slots.push({ holder: v as Record<string, unknown>, key: k, isKey: false });
        else walk(x);
      }
  };
  const copy = structuredClone(value);
  walk(copy);
  if (slots.length === 0) return typeof copy === 'string' ? copy + bad : { [`k${bad}`]: copy };
  const slot = slots[pick % slots.length]!;
  if (slot.isKey) {
    const holder = slot.holder as Record<string, unknown>;
    holder[`${slot.key}${bad}`] = holder[slot.key as string];
    delete holder[slot.key as string];
  } else {
    const holder = slot.holder as Record<string | number, unknown>;
    holder[slot.key] = `${holder[slot.key] as string}${bad}`;
  }
  return copy;
};

// Checks an answer against schema/openapi.json: a documented status, media type and shape.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type Schema = Record<string, unknown>;

export interface Parameter {
  readonly name: string;
  readonly in: 'path' | 'query';
  readonly required: boolean;
  readonly schema: Schema;
}

export interface Operation {
  readonly operationId: string;
  readonly 'x-required-role': 'public' | 'viewer' | 'operator' | 'admin';
  readonly parameters?: readonly Parameter[];
  readonly requestBody?: { content: Record<string, { schema: Schema }> };
  readonly responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}

/** schema/openapi.json as the tests read it. */
export const doc = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../../schema/openapi.json', import.meta.url)), 'utf8'),
) as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

export const resolve = (s: Schema): Schema =>
  typeof s['$ref'] === 'string'
    ? resolve(doc.components.schemas[(s['$ref'] as string).split('/').pop()!]!)
    : s;

const typeOf = (v: unknown) =>
  v === null
    ? 'null'
    : Array.isArray(v)
      ? 'array'
      : typeof v === 'number' && Number.isInteger(v)
        ? 'integer'
        : typeof v;

/**
 * Checks a value against a schema of the subset our generator emits ($ref, type, properties,
 * required, additionalProperties, propertyNames, items, enum, const, oneOf, anyOf, allOf, string
 * and number bounds, date-time and uri). Returns the problems, with JSON paths.
 */
export const check = (schema: Schema, v: unknown, path = '$'): string[] => {
  const s = resolve(schema);
  const out: string[] = [];
  for (const key of ['oneOf', 'anyOf'] as const)
    if (Array.isArray(s[key])) {
      const ok = (s[key] as Schema[]).filter((alt) => check(alt, v, path).length === 0).length;
      if (key === 'oneOf' ? ok !== 1 : ok === 0)
        out.push(`${path}: matches ${ok} of the ${key} alternatives`);
    }
  if (Array.isArray(s['allOf'])) for (const part of s['allOf'] as Schema[]) out.push(...check(part, v, path));
  if (s['const'] !== undefined && v !== s['const']) out.push(`${path}: is not ${JSON.stringify(s['const'])}`);
  if (Array.isArray(s['enum']) && !(s['enum'] as unknown[]).includes(v))
    out.push(`${path}: ${JSON.stringify(v)} is not in the enum`);
  const types = s['type'] === undefined ? null : ([] as string[]).concat(s['type'] as string | string[]);
  if (types) {
    const actual = typeOf(v);
    const fits = types.includes(actual) || (actual === 'integer' && types.includes('number'));
    if (!fits) return [...out, `${path}: is ${actual}, not ${types.join('|')}`];
  }
  if (typeof v === 'string') {
    const length = [...v].length; // JSON Schema counts characters, not UTF-16 units
    if (typeof s['minLength'] === 'number' && length < s['minLength'])
      out.push(`${path}: shorter than ${s['minLength']}`);
    if (typeof s['maxLength'] === 'number' && length > s['maxLength'])
      out.push(`${path}: longer than ${s['maxLength']}`);
    if (typeof s['pattern'] === 'string' && !new RegExp(s['pattern'] as string, 'u').test(v))
      out.push(`${path}: does not match ${s['pattern']}`);
    if (s['format'] === 'date-time' && Number.isNaN(Date.parse(v))) out.push(`${path}: not a date-time`);
    if (s['format'] === 'uri' && !URL.canParse(v)) out.push(`${path}: not a URI`);
  }
  if (typeof v === 'number') {
    if (typeof s['minimum'] === 'number' && v < s['minimum']) out.push(`${path}: below ${s['minimum']}`);
    if (typeof s['maximum'] === 'number' && v > s['maximum']) out.push(`${path}: above ${s['maximum']}`);
  }
  if (Array.isArray(v) && s['items'])
    for (const [i, x] of v.entries()) out.push(...check(s['items'] as Schema, x, `${path}[${i}]`));
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
    const o = v as Record<string, unknown>;
    const props = (s['properties'] ?? {}) as Record<string, Schema>;
    for (const r of (s['required'] ?? []) as string[]) if (!(r in o)) out.push(`${path}: ${r} is missing`);
    for (const [k, x] of Object.entries(o)) {
      if (s['propertyNames'])
        out.push(...check(s['propertyNames'] as Schema, k, `${path}[${JSON.stringify(k)}]`));
      if (props[k]) out.push(...check(props[k], x, `${path}.${k}`));
      else if (s['additionalProperties'] === false) out.push(`${path}: ${k} is not allowed`);
      else if (typeof s['additionalProperties'] === 'object')
        out.push(...check(s['additionalProperties'] as Schema, x, `${path}.${k}`));
    }
  }
  return out;
};

/** The response schema the OpenAPI document gives for a path template, method and status. */
export const responseSchema = (pathTemplate: string, method: string, status: number): Schema | null => {
  const op = doc.paths[pathTemplate]?.[method.toLowerCase()];
  if (!op) throw new Error(`the OpenAPI document has no ${method} ${pathTemplate}`);
  const r = op.responses[String(status)];
  if (!r) throw new Error(`the OpenAPI document has no ${status} response for ${method} ${pathTemplate}`);
  return r.content?.['application/json']?.schema ?? null;
};

/** Problems of a response against the document ([] when it conforms). */
export const checkResponse = (
  pathTemplate: string,
  method: string,
  status: number,
  body: unknown,
): string[] => {
  const schema = responseSchema(pathTemplate, method, status);
  return schema ? check(schema, body) : [];
};

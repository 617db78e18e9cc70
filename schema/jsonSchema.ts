import type * as t from 'io-ts';

/** A JSON Schema (2020-12, the dialect of OpenAPI 3.1) as plain data. */
export type JsonSchema = { readonly [key: string]: unknown };

// Codecs made by our combinators carry their JSON Schema here; the rest is derived from io-ts tags.
const described = new WeakMap<t.Mixed, JsonSchema>();
const named = new WeakMap<t.Mixed, string>();

/** Attaches an explicit JSON Schema to a codec (used for refinements io-ts cannot describe). */
export const withSchema = <C extends t.Mixed>(codec: C, schema: JsonSchema): C => {
  described.set(codec, schema);
  return codec;
};

/** Marks a codec as a named component: it becomes `#/components/schemas/<name>` in OpenAPI. */
export const component = <C extends t.Mixed>(name: string, codec: C): C => {
  named.set(codec, name);
  return codec;
};

export const componentName = (codec: t.Mixed): string | undefined => named.get(codec);

type Tagged = t.Mixed & { _tag?: string } & Record<string, unknown>;

export interface SchemaContext {
  /** Collects named components; when absent, components are inlined. */
  readonly components?: Map<string, JsonSchema>;
}

const mergeObjects = (parts: JsonSchema[]): JsonSchema => {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  let additional: unknown;
  for (const p of parts) {
    Object.assign(properties, (p['properties'] as Record<string, unknown>) ?? {});
    required.push(...((p['required'] as string[]) ?? []));
    if (p['additionalProperties'] === false) additional = false;
  }
  return {
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    ...(additional === false ? { additionalProperties: false } : {}),
  };
};

const isPlainObjectSchema = (s: JsonSchema): boolean => s['type'] === 'object' && 'properties' in s;

export const toJsonSchema = (codec: t.Mixed, ctx: SchemaContext = {}, root = true): JsonSchema => {
  const name = named.get(codec);
  if (name !== undefined && ctx.components && !root) {
    if (!ctx.components.has(name)) {
      ctx.components.set(name, {}); // placeholder against recursion
      ctx.components.set(name, toJsonSchema(codec, ctx, true));
    }
    return { $ref: `#/components/schemas/${name}` };
  }
  const explicit = described.get(codec);
  if (explicit !== undefined) {
    const inner = explicit['$inner'] as t.Mixed | undefined;
    if (inner !== undefined) {
      const { $inner: _, ...rest } = explicit;
      return { ...toJsonSchema(inner, ctx, false), ...rest };
    }
    return explicit;
  }
  const c = codec as Tagged;
  const sub = (x: t.Mixed) => toJsonSchema(x, ctx, false);
  switch (c._tag) {
    case 'StringType':
      return { type: 'string' };
    case 'NumberType':
      return { type: 'number' };
    case 'BooleanType':
      return { type: 'boolean' };
    case 'NullType':
      return { type: 'null' };
    case 'UnknownType':
      return {};
    case 'AnyDictionaryType':
      return { type: 'object' };
    case 'AnyArrayType':
      return { type: 'array' };
    case 'LiteralType':
      return { const: c['value'] };
    case 'KeyofType':
      return { enum: Object.keys(c['keys'] as object) };
    case 'ArrayType':
    case 'ReadonlyArrayType':
      return { type: 'array', items: sub(c['type'] as t.Mixed) };
    case 'ReadonlyType':
    case 'ExactType':
      return sub(c['type'] as t.Mixed);
    case 'DictionaryType':
      return { type: 'object', additionalProperties: sub(c['codomain'] as t.Mixed) };
    case 'RefinementType':
      if (c.name === 'Int') return { type: 'integer' };
      return sub(c['type'] as t.Mixed);
    case 'InterfaceType':
    case 'PartialType': {
      const props = c['props'] as Record<string, t.Mixed>;
      const properties = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, sub(v)]));
      const required = c._tag === 'InterfaceType' ? Object.keys(props) : [];
      return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
    }
    case 'IntersectionType': {
      const parts = (c['types'] as t.Mixed[]).map((x) => toJsonSchema(x, { components: undefined }, false));
      return parts.every(isPlainObjectSchema)
        ? mergeObjects(parts)
        : { allOf: (c['types'] as t.Mixed[]).map(sub) };
    }
    case 'UnionType': {
      const types = c['types'] as t.Mixed[];
      const schemas = types.map(sub);
      if (schemas.every((s) => 'const' in s)) return { enum: schemas.map((s) => s['const']) };
      return { oneOf: schemas };
    }
    default:
      throw new Error(
        `no JSON Schema for codec ${codec.name} (${String(c._tag)}); describe it with withSchema`,
      );
  }
};

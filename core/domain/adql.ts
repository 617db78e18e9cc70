import type { FieldIssue } from '../errors.js';

/**
 * ADQL query templates. A placeholder is `{name}` (the value as a literal of its declared type) or
 * `{name:like_prefix}` / `{name:like_suffix}` / `{name:like_contains}` (a quoted LIKE pattern whose
 * value has `%`, `_` and `\` escaped with a backslash, PostgreSQL's LIKE escape and so DaCHS's), or,
 * in a batch query, `{name:in_list}` (a parenthesised list of the batch's values, each a literal).
 * Values are always rendered as ADQL literals, quoted and escaped; they are never spliced into the
 * text. A placeholder inside a quoted literal or a delimited identifier is an error, because there
 * it would be spliced.
 */
export type ParamType = 'string' | 'integer' | 'number';
export type PlaceholderMode = 'literal' | 'like_prefix' | 'like_suffix' | 'like_contains' | 'in_list';
export const placeholderModes: readonly PlaceholderMode[] = [
  'literal',
  'like_prefix',
  'like_suffix',
  'like_contains',
  'in_list',
];

export type TemplatePart =
  | { readonly text: string }
  | { readonly name: string; readonly mode: PlaceholderMode };

export interface ParsedTemplate {
  readonly parts: readonly TemplatePart[];
  readonly names: readonly string[];
}

const placeholder = /^\{([a-z][a-z0-9_]*)(?::([a-z_]+))?\}/;

export const parseTemplate = (adql: string): { template: ParsedTemplate; issues: FieldIssue[] } => {
  const parts: TemplatePart[] = [];
  const issues: FieldIssue[] = [];
  let text = '';
  let quote: "'" | '"' | null = null;
  for (let i = 0; i < adql.length; i++) {
    const ch = adql[i]!;
    if (quote) {
      if (ch === quote) {
        if (adql[i + 1] === quote) {
          text += ch + ch;
          i++;
          continue;
        }
        quote = null;
      } else if (ch === '{' && placeholder.test(adql.slice(i))) {
        issues.push({
          path: '',
          message: `placeholder ${adql.slice(i).match(placeholder)![0]} inside a quoted ${quote === "'" ? 'literal' : 'identifier'}: values are quoted for you; write {name} for '…' or {name:like_prefix} for '…%'`,
        });
      }
      text += ch;
      continue;
    }
    if (ch === "'" || ch === '"') {
      quote = ch;
      text += ch;
      continue;
    }
    if (ch === '{') {
      const m = adql.slice(i).match(placeholder);
      if (!m) {
        issues.push({ path: '', message: `a '{' that starts no placeholder at offset ${i}` });
        text += ch;
        continue;
      }
      const mode = (m[2] ?? 'literal') as PlaceholderMode;
      if (!placeholderModes.includes(mode))
        issues.push({
          path: '',
          message: `unknown placeholder mode '${m[2]}' in ${m[0]}; use ${placeholderModes.join(', ')}`,
        });
      if (text) parts.push({ text });
      text = '';
      parts.push({ name: m[1]!, mode });
      i += m[0].length - 1;
      continue;
    }
    text += ch;
  }
  if (quote) issues.push({ path: '', message: 'an unterminated quote' });
  if (text) parts.push({ text });
  const names = [...new Set(parts.flatMap((p) => ('name' in p ? [p.name] : [])))];
  return { template: { parts, names }, issues };
};

const maxValueLength = 1024;

/** An ADQL string literal: single quotes doubled; control characters refused. */
export const adqlString = (v: string): string => {
  if (v.length > maxValueLength) throw new RangeError(`a value longer than ${maxValueLength} characters`);
  // Control characters (other than tab and line breaks) have no place in a query value.
  if ([...v].some((ch) => ch.charCodeAt(0) < 32 && ch !== '\t' && ch !== '\n' && ch !== '\r'))
    throw new RangeError('a value with control characters');
  return `'${v.replace(/'/g, "''")}'`;
};

const literal = (name: string, type: ParamType, v: unknown): string => {
  if (type === 'string') {
    if (typeof v !== 'string' && typeof v !== 'number') throw new TypeError(`${name}: expected a string`);
    return adqlString(String(v));
  }
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isFinite(n))
    throw new TypeError(`${name}: expected ${type === 'integer' ? 'an integer' : 'a number'}`);
  if (type === 'integer' && !Number.isSafeInteger(n)) throw new TypeError(`${name}: expected an integer`);
  return String(n);
};

/** Escapes LIKE's wildcards in a value, so that it matches only itself. */
export const likeEscape = (v: string): string => v.replace(/[\\%_]/g, '\\$&');

/** A LIKE pattern for a value: it as a prefix, a suffix, or anywhere. */
export const likePattern = (mode: 'like_prefix' | 'like_suffix' | 'like_contains', v: string): string => {
  const s = likeEscape(v);
  return mode === 'like_prefix' ? `${s}%` : mode === 'like_suffix' ? `%${s}` : `%${s}%`;
};

/** Renders a template with typed values; throws on a missing or ill-typed value. */
export const renderTemplate = (
  t: ParsedTemplate,
  types: Readonly<Record<string, ParamType>>,
  values: Readonly<Record<string, unknown>>,
): string =>
  t.parts
    .map((p) => {
      if ('text' in p) return p.text;
      const type = types[p.name] ?? 'string';
      const v = values[p.name];
      if (v === undefined || v === null) throw new TypeError(`${p.name}: no value`);
      if (p.mode === 'in_list') {
        if (!Array.isArray(v) || v.length === 0) throw new TypeError(`${p.name}: expected a list of values`);
        return `(${v.map((x) => literal(p.name, type, x)).join(', ')})`;
      }
      if (Array.isArray(v)) throw new TypeError(`${p.name}: a list where one value belongs`);
      if (p.mode === 'literal') return literal(p.name, type, v);
      return adqlString(likePattern(p.mode, String(v)));
    })
    .join('');

/**
 * The tables a query reads: the names after FROM and JOIN (string literals skipped, upload tables
 * left out), without delimiting quotes, as TAP_SCHEMA.tables lists them. Enough for a check
 * (`surveyor archive ping`); not a parser.
 */
export const tablesOf = (adql: string): string[] => {
  const blanked = adql.replace(/'(?:[^']|'')*'/g, "''");
  const name =
    /\b(?:FROM|JOIN)\s+((?:"[^"]+"|[A-Za-z_][A-Za-z0-9_]*)(?:\s*\.\s*(?:"[^"]+"|[A-Za-z_][A-Za-z0-9_]*))*)/gi;
  const out = new Set<string>();
  for (const m of blanked.matchAll(name)) {
    const t = m[1]!.replace(/\s+/g, '').replace(/"/g, '');
    if (!/^tap_upload\./i.test(t)) out.add(t);
  }
  return [...out];
};

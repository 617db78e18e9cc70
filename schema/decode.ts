import * as E from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import type { FieldIssue } from '../core/errors.js';
import { isSecretKey } from '../core/redaction.js';

const describeValue = (v: unknown): string => {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'string') return v.length > 40 ? `a string of ${v.length} characters` : `"${v}"`;
  if (typeof v === 'object') return 'an object';
  return `${typeof v} ${String(v)}`;
};

const arrayTags = new Set(['ArrayType', 'ReadonlyArrayType', 'AnyArrayType', 'TupleType']);

// Intersection and union members appear as numeric keys under non-array parents: they are not
// part of the path a client wrote, so they are left out.
const pathOf = (context: t.Context): string =>
  context
    .slice(1)
    .filter((entry, i) => {
      if (!/^\d+$/.test(entry.key)) return true;
      const parentTag = (context[i]?.type as { _tag?: string } | undefined)?._tag;
      return parentTag !== undefined && arrayTags.has(parentTag);
    })
    .map((e) => e.key)
    .filter((k) => k !== '')
    .join('.');

/** Turns io-ts errors into one issue per bad field: its path and what was expected. */
export const toIssues = (errors: t.Errors): FieldIssue[] => {
  const seen = new Map<string, FieldIssue>();
  for (const err of errors) {
    const path = pathOf(err.context) || '(body)';
    const last = err.context[err.context.length - 1];
    // A secret (or a webhook URL, which may carry a token) is described, never echoed.
    const hidden = isSecretKey(last?.key ?? '') || last?.key === 'url';
    const got =
      hidden && typeof err.value === 'string'
        ? `a string of ${err.value.length} characters`
        : describeValue(err.value);
    const message =
      err.message ??
      (err.value === undefined ? 'is required' : `expected ${last?.type.name ?? 'a value'}, got ${got}`);
    // A union reports one error per member; keep the first per path, it is the most telling.
    if (!seen.has(path)) seen.set(path, { path, message });
  }
  return [...seen.values()];
};

export const decodeWith = <A>(
  codec: t.Type<A, unknown, unknown>,
  input: unknown,
): E.Either<FieldIssue[], A> => {
  const r = codec.decode(input);
  return E.isRight(r) ? E.right(r.right) : E.left(toIssues(r.left));
};

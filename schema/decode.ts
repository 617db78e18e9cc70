import * as E from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import type { FieldIssue } from '../core/errors.js';

const describeValue = (v: unknown): string => {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'string') return v.length > 40 ? `a string of ${v.length} characters` : `"${v}"`;
  if (typeof v === 'object') return 'an object';
  return `${typeof v} ${String(v)}`;
};

const pathOf = (context: t.Context): string =>
  context
    .slice(1)
    // Intersection and union members show up as numeric keys of non-array parents: skip them.
    .filter((entry, i, all) => {
      const parent = i === 0 ? context[0] : all[i - 1];
      const parentTag = (parent?.type as { _tag?: string } | undefined)?._tag;
      return parentTag !== 'IntersectionType' && parentTag !== 'UnionType';
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
    const message =
      err.message ??
      (err.value === undefined ? 'is required' : `expected ${last?.type.name ?? 'a value'}, got ${describeValue(err.value)}`);
    // A union reports one error per member; keep the first per path, it is the most telling.
    if (!seen.has(path)) seen.set(path, { path, message });
  }
  return [...seen.values()];
};

export const decodeWith = <A>(codec: t.Type<A, unknown, unknown>, input: unknown): E.Either<FieldIssue[], A> => {
  const r = codec.decode(input);
  return E.isRight(r) ? E.right(r.right) : E.left(toIssues(r.left));
};

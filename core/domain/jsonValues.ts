/**
 * Checks on values that came from outside (a JSON body, YAML, query parameters), walked without
 * recursion so that no nesting can exhaust the stack.
 */
export interface ValueProblem {
  readonly path: string;
  readonly message: string;
}

/** A lone UTF-16 surrogate: not a character, and refused by PostgreSQL. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string cannot be stored as text, or null when it can. */
export const badText = (s: string): string | null =>
  s.includes('\u0000')
    ? 'contains a NUL character'
    : loneSurrogate.test(s)
      ? 'contains a lone surrogate (not valid Unicode)'
      : null;

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

/**
 * The first problem of a parsed value: nesting deeper than `maxDepth`, or a key or string that
 * holds a NUL character or a lone surrogate. Null when there is none.
 */
export const valueProblem = (value: unknown, maxDepth: number): ValueProblem | null => {
  const stack: { v: unknown; path: string; depth: number }[] = [{ v: value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      const bad = badText(v);
      if (bad) return { path: path || '(body)', message: bad };
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= maxDepth)
      return { path: path || '(body)', message: `nested deeper than ${maxDepth} levels` };
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: join(path, i), depth: depth + 1 });
      continue;
    }
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      const bad = badText(k);
      if (bad) return { path: join(path, k), message: `its name ${bad}` };
      stack.push({ v: x, path: join(path, k), depth: depth + 1 });
    }
  }
  return null;
};

/** Every path at which `pick` says yes, walked without recursion (keys first, then values). */
export const findPaths = (
  value: unknown,
  pick: (key: string | null, v: unknown) => 'take' | 'skip' | 'descend',
): string[] => {
  const out: string[] = [];
  const stack: { k: string | null; v: unknown; path: string }[] = [{ k: null, v: value, path: '' }];
  while (stack.length > 0) {
    const { k, v, path } = stack.pop()!;
    const what = pick(k, v);
    if (what === 'take') out.push(path || '(body)');
    if (what !== 'descend' || v === null || typeof v !== 'object') continue;
    const entries = Object.entries(v as Record<string, unknown>);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [ck, cv] = entries[i]!;
      stack.push({ k: ck, v: cv, path: join(path, ck) });
    }
  }
  return out;
};

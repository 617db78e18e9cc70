/** One leaf that differs between two JSON values; a side where the field is absent has no value. */
export interface JsonChange {
  readonly path: string;
  readonly a?: unknown;
  readonly b?: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

const key = (path: string, k: string) => (path === '' ? k : `${path}.${k}`);

/**
 * The leaves where two JSON values differ, in a stable order (object keys sorted, array items by
 * index), at most `limit` of them; `ignore` leaves paths out (ids that differ by construction).
 * Walked with a stack, so depth costs no recursion.
 */
export const jsonChanges = (
  a: unknown,
  b: unknown,
  limit = 200,
  ignore: (path: string) => boolean = () => false,
): { readonly changes: readonly JsonChange[]; readonly truncated: boolean } => {
  const changes: JsonChange[] = [];
  const stack: { path: string; a: unknown; b: unknown }[] = [{ path: '', a, b }];
  while (stack.length > 0) {
    const x = stack.pop()!;
    if (ignore(x.path)) continue;
    if (isObject(x.a) && isObject(x.b)) {
      const keys = [...new Set([...Object.keys(x.a), ...Object.keys(x.b)])].sort().reverse();
      for (const k of keys) stack.push({ path: key(x.path, k), a: x.a[k], b: x.b[k] });
      continue;
    }
    if (Array.isArray(x.a) && Array.isArray(x.b)) {
      for (let i = Math.max(x.a.length, x.b.length) - 1; i >= 0; i--)
        stack.push({ path: `${x.path}[${i}]`, a: x.a[i], b: x.b[i] });
      continue;
    }
    if (JSON.stringify(x.a) === JSON.stringify(x.b)) continue;
    if (changes.length === limit) return { changes, truncated: true };
    changes.push({
      path: x.path === '' ? '(the whole value)' : x.path,
      ...(x.a !== undefined ? { a: x.a } : {}),
      ...(x.b !== undefined ? { b: x.b } : {}),
    });
  }
  return { changes, truncated: false };
};

/**
 * Graph-patch expressions over the manifest: `$count(path)`, `$sum(path)`, `$min(path)`,
 * `$max(path)`, `$first(path)`. A path is dot-separated keys; `key[]` walks every element of an
 * array, e.g. `sbids[].datasets[]` (every dataset of every sbid), `sbids[].datasets[].filesize`.
 */
export type ExprFn = 'count' | 'sum' | 'min' | 'max' | 'first';
export interface Expression {
  readonly fn: ExprFn;
  readonly path: readonly { readonly key: string; readonly each: boolean }[];
}

const exprPattern =
  /^\$(count|sum|min|max|first)\(\s*([A-Za-z_][A-Za-z0-9_]*(\[\])?(\.[A-Za-z_][A-Za-z0-9_]*(\[\])?)*)\s*\)$/;

export const isExpression = (v: unknown): v is string => typeof v === 'string' && v.startsWith('$');

export const parseExpression = (text: string): Expression | string => {
  const m = exprPattern.exec(text.trim());
  if (!m) return `not an expression: ${text} (use $count(a[].b[]), $sum(a[].size), $min, $max or $first)`;
  return {
    fn: m[1] as ExprFn,
    path: m[2]!.split('.').map((seg) => ({ key: seg.replace('[]', ''), each: seg.endsWith('[]') })),
  };
};

const walk = (docs: readonly unknown[], path: Expression['path']): unknown[] => {
  let current: unknown[] = [...docs];
  for (const { key, each } of path) {
    const next: unknown[] = [];
    for (const v of current) {
      if (v === null || typeof v !== 'object') continue;
      const child = (v as Record<string, unknown>)[key];
      if (child === undefined) continue;
      if (each) {
        if (Array.isArray(child)) next.push(...child);
      } else next.push(child);
    }
    current = next;
  }
  return current;
};

export const evaluate = (e: Expression, doc: unknown): number | string | boolean | null =>
  evaluateOver(e, [doc]);

/** Evaluates over several documents at once, as if their values were one list (a manifest's sources). */
export const evaluateOver = (e: Expression, docs: readonly unknown[]): number | string | boolean | null => {
  const values = walk(docs, e.path);
  const nums = () => values.map(Number).filter(Number.isFinite);
  switch (e.fn) {
    case 'count':
      return values.length;
    case 'sum':
      return nums().reduce((a, b) => a + b, 0);
    case 'min':
      return nums().length ? Math.min(...nums()) : null;
    case 'max':
      return nums().length ? Math.max(...nums()) : null;
    case 'first': {
      const v = values[0];
      return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : null;
    }
  }
};

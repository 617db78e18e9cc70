import { compilePattern, patternGroup } from './safeRegex.js';
/** Typed value transforms of a project configuration (source identity, field maps, flags). */
export type TransformSpec =
  | { readonly kind: 'strip_prefix'; readonly prefix: string }
  | { readonly kind: 'strip_suffix'; readonly suffix: string }
  | { readonly kind: 'extract_digits' }
  | { readonly kind: 'split_last'; readonly separators: readonly string[] }
  | { readonly kind: 'is_present' }
  | { readonly kind: 'trim' }
  | { readonly kind: 'lowercase' }
  | { readonly kind: 'uppercase' }
  | { readonly kind: 'regex_extract'; readonly pattern: string; readonly group: number }
  | { readonly kind: 'format'; readonly template: string }
  | { readonly kind: 'chain'; readonly steps: readonly string[] };

export type TransformTable = Readonly<Record<string, TransformSpec>>;

const str = (v: unknown): string | null =>
  v === null || v === undefined ? null : typeof v === 'string' ? v : String(v);

const present = (v: unknown): boolean => {
  if (v === null || v === undefined) return false;
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === 'string') return v.trim().length > 0;
  return true;
};

/** Applies the named transform; `null` in, `null` out (except is_present, which answers false). */
export const applyTransform = (table: TransformTable, name: string, value: unknown, depth = 0): unknown => {
  const spec = table[name];
  if (!spec) throw new Error(`unknown transform ${name}`);
  if (depth > 16) throw new Error(`transform chain too deep at ${name}`);
  if (spec.kind === 'is_present') return present(value);
  if (spec.kind === 'chain')
    return spec.steps.reduce((v, step) => applyTransform(table, step, v, depth + 1), value);
  const s = str(value);
  if (s === null) return null;
  switch (spec.kind) {
    case 'strip_prefix':
      return s.startsWith(spec.prefix) ? s.slice(spec.prefix.length) : s;
    case 'strip_suffix':
      return s.endsWith(spec.suffix) ? s.slice(0, s.length - spec.suffix.length) : s;
    case 'extract_digits': {
      const m = s.match(/\d+/g);
      return m ? m.join('') : null;
    }
    case 'split_last': {
      let cut = -1;
      for (const sep of spec.separators)
        cut = Math.max(cut, s.lastIndexOf(sep) + (s.lastIndexOf(sep) >= 0 ? sep.length : 0));
      return cut >= 0 ? s.slice(cut) : s;
    }
    case 'trim':
      return s.trim();
    case 'lowercase':
      return s.toLowerCase();
    case 'uppercase':
      return s.toUpperCase();
    case 'format':
      return spec.template.split('{value}').join(s);
    case 'regex_extract': {
      return patternGroup(spec.pattern, s, spec.group);
    }
  }
};

/** Names a transform refers to that do not exist, and chains that loop. */
export const checkTransforms = (table: TransformTable): { path: string; message: string }[] => {
  const issues: { path: string; message: string }[] = [];
  for (const [name, spec] of Object.entries(table)) {
    if (spec.kind === 'chain')
      spec.steps.forEach((step, i) => {
        if (!table[step])
          issues.push({ path: `transforms.${name}.steps.${i}`, message: `no transform named ${step}` });
      });
    if (spec.kind === 'regex_extract') {
      const re = compilePattern(spec.pattern);
      if (typeof re === 'string')
        issues.push({
          path: `transforms.${name}.pattern`,
          message: `not a regular expression (RE2 syntax): ${re}`,
        });
      else if (spec.group > re.groupCount())
        issues.push({
          path: `transforms.${name}.group`,
          message: `the pattern has ${re.groupCount()} groups`,
        });
    }
  }
  const visiting = new Set<string>();
  const done = new Set<string>();
  const visit = (name: string, trail: string[]): void => {
    if (done.has(name)) return;
    if (visiting.has(name)) {
      issues.push({
        path: `transforms.${trail[0]}`,
        message: `chain loops: ${[...trail, name].join(' -> ')}`,
      });
      return;
    }
    visiting.add(name);
    const spec = table[name];
    if (spec?.kind === 'chain') for (const s of spec.steps) if (table[s]) visit(s, [...trail, name]);
    visiting.delete(name);
    done.add(name);
  };
  for (const name of Object.keys(table)) visit(name, []);
  return issues;
};

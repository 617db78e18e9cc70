import { RE2JS } from 're2js';

/**
 * Regular expressions that come from project configurations (source_identity.pattern,
 * regex_extract transforms) run on RE2's engine (re2js, pure JavaScript): matching takes time
 * linear in the input whatever the pattern, so `^(a+)+$` cannot freeze the process the way it
 * freezes a backtracking engine. RE2 syntax: no backreferences or lookaround.
 */
const cache = new Map<string, RE2JS>();
const maxCached = 256;

/** The compiled pattern, or the reason it is not one. */
export const compilePattern = (pattern: string): RE2JS | string => {
  const hit = cache.get(pattern);
  if (hit) return hit;
  try {
    const re = RE2JS.compile(pattern);
    if (cache.size >= maxCached) cache.delete(cache.keys().next().value!);
    cache.set(pattern, re);
    return re;
  } catch (err) {
    return (err as Error).message;
  }
};

const compiled = (pattern: string): RE2JS => {
  const re = compilePattern(pattern);
  if (typeof re === 'string') throw new Error(`not a regular expression: ${re}`);
  return re;
};

/** Whether the pattern matches somewhere in the text (RegExp.test's meaning). */
export const patternFinds = (pattern: string, text: string): boolean =>
  compiled(pattern).matcher(text).find();

/** The given group of the first match, or null when nothing matches (or the group did not take part). */
export const patternGroup = (pattern: string, text: string, group: number): string | null => {
  const re = compiled(pattern);
  if (group > re.groupCount()) throw new Error(`the pattern has no group ${group}`);
  const m = re.matcher(text);
  return m.find() ? (m.group(group) ?? null) : null;
};

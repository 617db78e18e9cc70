/**
 * A project module's name: what configurations, sources, profiles and metrics are grouped by.
 * The API's codecs check it; the core checks it again wherever a module is named, so the library
 * face and every other host keep to it too (a module is a metric label: names must stay few).
 */
export const projectModulePattern = /^[a-z][a-z0-9_]{0,62}$/;

export const projectModuleProblem = (m: string): string | null =>
  projectModulePattern.test(m)
    ? null
    : 'a project module is a lower-case letter, then up to 62 lower-case letters, digits or underscores';

/** Edit distance (insert, delete, replace, swap of neighbours), stopping early past `max`. */
const distance = (a: string, b: string, max: number): number => {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, prev2[j - 2]! + 1);
      row.push(d);
    }
    prev2 = prev;
    prev = row;
  }
  return prev[b.length]!;
};

/** The configured module nearest to a misspelt one (at most two edits away), for "did you mean". */
export const nearestModule = (m: string, configured: readonly string[]): string | null => {
  let best: { name: string; d: number } | null = null;
  for (const name of configured) {
    const d = distance(m, name, 2);
    if (d <= 2 && (best === null || d < best.d)) best = { name, d };
  }
  return best?.name ?? null;
};

/**
 * What to say of a name that is no project: the nearest configured one, and those there are (a
 * survey has few; past ten the list is cut).
 */
export const noProjectText = (m: string, configured: readonly string[]): string => {
  const near = nearestModule(m, configured);
  const known = [...configured].sort();
  const shown = known.length > 10 ? `${known.slice(0, 10).join(', ')}, …` : known.join(', ');
  const listed =
    known.length > 0 ? `known: ${shown}` : 'none is configured yet: upload one with surveyor project upload';
  return `no project ${m}${near ? `; did you mean ${near}?` : ''} (${listed})`;
};

import { nearestNames } from './nearestNames.js';

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

/** The configured module nearest to a misspelt one (at most two edits away), for "did you mean". */
export const nearestModule = (m: string, configured: readonly string[]): string | null =>
  nearestNames(m, configured, 2, 1)[0] ?? null;

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

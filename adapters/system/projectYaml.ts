import * as E from 'fp-ts/lib/Either.js';
import type { ProjectYamlLocator, ProjectYamlParser } from '../../core/app/ports.js';
import { loadProjectYaml, locateIn } from '../../schema/project/loadYaml.js';
import { OffThreadTimeout, offThread } from './offThread.js';

/** Longest a configuration's YAML may take to read (a 256 KiB one takes about a second at worst). */
const readTimeoutMs = 10_000;

/**
 * A configuration's YAML read in a worker thread (offThread.ts): the largest document the API takes
 * costs up to a second of CPU, which must not stop the thread that answers requests.
 */
export const parseProjectYamlOffThread: ProjectYamlParser = async (yaml) => {
  try {
    return await offThread('projectYaml', yaml, readTimeoutMs);
  } catch (err) {
    if (!(err instanceof OffThreadTimeout)) throw err;
    return E.left([
      { path: '', line: 1, column: 1, code: 'too_costly', message: `reading it ${err.message}` },
    ]);
  }
};

export const locateInProjectYamlOffThread: ProjectYamlLocator = async (yaml, paths) => {
  try {
    return await offThread('locateInYaml', { text: yaml, paths }, readTimeoutMs);
  } catch (err) {
    if (!(err instanceof OffThreadTimeout)) throw err;
    return paths.map(() => ({ line: 1, column: 1 }));
  }
};

/** The same on the calling thread: the in-memory harness, which runs everything in one place. */
export const parseProjectYamlInline: ProjectYamlParser = async (yaml) => loadProjectYaml(yaml);
export const locateInProjectYamlInline: ProjectYamlLocator = async (yaml, paths) => {
  const at = locateIn(yaml);
  return paths.map((p) => at(p));
};

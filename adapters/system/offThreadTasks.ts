import { createTwoFilesPatch } from 'diff';
import { loadProjectYaml, locateIn } from '../../schema/project/loadYaml.js';

/** What a diff task gets: the two texts and jsdiff's bounds (see textDiff.ts). */
export interface DiffTask {
  readonly aName: string;
  readonly bName: string;
  readonly a: string;
  readonly b: string;
  readonly maxEditLength: number;
  readonly timeoutMs: number;
}

/**
 * The tasks offThread.ts runs in its worker threads, by name; each takes and returns plain data
 * (copied between threads).
 */
const tasks = {
  /** A unified diff, or null when jsdiff gave up at its bounds. */
  diff: (t: DiffTask): string | null =>
    createTwoFilesPatch(t.aName, t.bName, t.a, t.b, undefined, undefined, {
      maxEditLength: t.maxEditLength,
      timeout: t.timeoutMs,
    }) ?? null,
  /** A project configuration read and validated (schema/project/loadYaml.ts). */
  projectYaml: (text: string) => loadProjectYaml(text),
  /** The line and column of each path in a configuration's YAML. */
  locateInYaml: (t: { readonly text: string; readonly paths: readonly string[] }) => {
    const at = locateIn(t.text);
    return t.paths.map((p) => at(p));
  },
};

export type OffThreadTasks = typeof tasks;
export const { diff, projectYaml, locateInYaml } = tasks;

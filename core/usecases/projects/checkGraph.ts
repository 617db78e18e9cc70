import { graphTemplateFor, patchProblems } from '../../domain/graphPatch.js';
import type { ProjectConfig } from '../../domain/projectConfig.js';
import type { FieldIssue } from '../../errors.js';
import type { GraphStore } from '../../ports/GraphStore.js';

/**
 * What is wrong with a configuration's graph, found before any run needs it: it cannot be loaded
 * (not in the graph directory, not downloadable), its content does not have the sha256 the
 * configuration pins, it is not a logical graph DALiuGE 6.6 reads (the schema named), or the
 * patches do not apply to it (`patchProblems`). Empty: the graph is usable. Runs check it again:
 * the file can change after the upload.
 */
export const graphIssues = async (
  graphs: GraphStore,
  config: ProjectConfig,
  signal?: AbortSignal,
): Promise<FieldIssue[]> => {
  const ref = config.graph;
  const where = ref.path !== undefined ? 'graph.path' : 'graph.url';
  let loaded: Awaited<ReturnType<GraphStore['load']>>;
  try {
    loaded = await graphs.load(ref, signal);
  } catch (err) {
    return [{ path: where, message: `the graph cannot be loaded: ${(err as Error).message}` }];
  }
  if (loaded.sha256 !== ref.sha256)
    return [
      {
        path: 'graph.sha256',
        message: `the graph ${ref.path ?? ref.url} has sha256 ${loaded.sha256}, but the configuration pins ${ref.sha256}`,
      },
    ];
  const template = graphTemplateFor(loaded.sha256, loaded.text);
  if (typeof template === 'string') return [{ path: where, message: template }];
  return patchProblems(template, config.graph_patches).map((p) => ({
    path: p.path ?? where,
    message: p.message,
  }));
};

import type { ProjectConfig } from '../../core/domain/projectConfig.js';
import { graphIssues } from '../../core/usecases/projects/checkGraph.js';
import { FileOrUrlGraphStore } from '../../adapters/system/graphStore.js';

/** `surveyor project validate`, wired: the upload's graph rules, with graph.path resolved in a directory. */
export const graphIssuesIn = (dir: string, config: ProjectConfig) =>
  graphIssues(new FileOrUrlGraphStore(dir, 64 * 1024 * 1024), config);

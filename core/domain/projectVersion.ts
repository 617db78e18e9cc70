import { userDocument } from '../redaction.js';
import type { ProjectConfig } from './projectConfig.js';

export interface ProjectConfigVersion {
  readonly projectModule: string;
  readonly version: number;
  readonly contentHash: string;
  readonly yaml: string;
  readonly config: ProjectConfig;
  readonly createdAt: Date;
  readonly createdBy: string;
  readonly active: boolean;
}

export const viewVersionSummary = (v: ProjectConfigVersion) => ({
  project_module: v.projectModule,
  version: v.version,
  content_hash: v.contentHash,
  active: v.active,
  created_at: v.createdAt.toISOString(),
  created_by: v.createdBy,
});

export const viewVersion = (v: ProjectConfigVersion) => ({
  ...viewVersionSummary(v),
  // The user's own document, as stored: its keys are theirs (`hipass_source_name`), never redacted.
  config: userDocument(v.config),
  yaml: v.yaml,
});

/** The queue job that discovers a batch of sources of one project. */
export const discoveryJobKind = 'discovery.batch';

export interface DiscoveryJobPayload {
  readonly project_module: string;
  readonly source_ids: readonly string[];
}

/** The artifacts each attempt of a run keeps, by name: the run writes them, the poll and the API read them. */
export const artifactNames = {
  staged: 'staged.json',
  manifest: 'manifest.json',
  patchedGraph: 'logical.graph',
  translated: 'translated.json',
  /** The sources as the run used them: each one's metadata and signature (what a reproduction reads). */
  sources: 'sources.json',
  /** What the stager recorded for one dataset (its archive job, its finished files). */
  stagingState: (key: string) => `staging/${key}.json`,
} as const;

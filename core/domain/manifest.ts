import type { ProjectConfig } from './projectConfig.js';
import type { Source } from './source.js';

/** One file staged for a dataset: where it came from, where it is, and what was verified. */
export interface StagedPart {
  readonly name: string;
  readonly url: string;
  readonly path: string;
  readonly size: number;
  /** The archive's checksum that the downloaded bytes were checked against (null: none given). */
  readonly checksum: string | null;
  /**
   * How the bytes were checked: against the archive's checksum, against a size the archive or its
   * object store gave (no checksum offered), or not at all (neither given). Absent in records made
   * before it was kept: read those as `checksum` when a checksum is there, else `none`.
   */
  readonly verified_by?: Verification;
}

/** How a staged file's bytes were checked, strongest first. */
export type Verification = 'checksum' | 'size' | 'none';

export const verificationOf = (part: {
  readonly checksum?: string | null;
  readonly verified_by?: Verification;
}): Verification => part.verified_by ?? (part.checksum ? 'checksum' : 'none');

/** A dataset the staging step made available (or, in a dry run, would have). */
export interface StagedFile {
  readonly dataset_id: string;
  /** The dataset's link (a datalink URL for CASDA). */
  readonly url: string;
  /** The local path of its (first) file. */
  readonly path: string;
  readonly size: number | null;
  readonly checksum?: string | null;
  /** Every file staged for it, when the archive gave more than one. */
  readonly files?: readonly StagedPart[];
}

/** One source of an execution in its manifest: the rendered source_template plus grouped datasets. */
export type ManifestEntry = Readonly<Record<string, unknown>>;

export interface Manifest {
  readonly manifest_version: 1;
  readonly execution_id: string;
  readonly attempt: number;
  readonly project_module: string;
  readonly config_version: number;
  readonly sources: readonly ManifestEntry[];
}

/**
 * A manifest without what names its run: the execution id, the attempt, and where the run put its
 * staged files (a path under the run's own folder). Two runs of the same inputs, a run and its
 * reproduction say, have the same content; its digest (`manifest_content_sha256`) shows it.
 */
export const manifestContent = (m: Manifest): Readonly<Record<string, unknown>> => {
  const { execution_id: _id, attempt: _attempt, ...rest } = m;
  const unpathed = (v: unknown, inStaged: boolean): unknown => {
    if (Array.isArray(v)) return v.map((x) => unpathed(x, inStaged));
    if (v === null || typeof v !== 'object') return v;
    return Object.fromEntries(
      Object.entries(v)
        .filter(([k]) => !(inStaged && k === 'path'))
        .map(([k, x]) => [k, unpathed(x, inStaged || k === 'staged')]),
    );
  };
  return unpathed(rest, false) as Record<string, unknown>;
};

/** Reads `a.b.0.c` from a JSON value; undefined when any step is missing. */
export const readPath = (doc: unknown, path: string): unknown => {
  let v: unknown = doc;
  for (const key of path.split('.')) {
    if (v === null || typeof v !== 'object') return undefined;
    v = Array.isArray(v) ? v[Number(key)] : (v as Record<string, unknown>)[key];
  }
  return v;
};

/**
 * Renders a `{path}` template against a source's metadata. A template that is one placeholder
 * keeps the value's type (a number stays a number); a missing value is an error naming the path,
 * because a manifest with holes would fail far later, on the cluster.
 */
export const renderValue = (template: string, doc: unknown): unknown => {
  const whole = /^\{([^{}]+)\}$/.exec(template);
  const lookup = (p: string) => {
    const v = readPath(doc, p.trim());
    if (v === undefined || v === null) throw new Error(`the manifest template needs ${p}, which is missing`);
    return v;
  };
  if (whole) return lookup(whole[1]!);
  return template.replace(/\{([^{}]+)\}/g, (_, p: string) => {
    const v = lookup(p);
    return typeof v === 'object' ? JSON.stringify(v) : String(v);
  });
};

/** How a staged file is found again: the source and the dataset's position in its metadata. */
export const stagedKey = (sourceIdentifier: string, datasetIndex: number) =>
  `${sourceIdentifier}#${datasetIndex}`;

const plural = (key: string) => `${key}s`;

/** Nests datasets by the group keys in order: `[{<k>: v, <next>s: [...]}]`, leaves under `datasets`. */
const groupDatasets = (
  datasets: readonly Record<string, unknown>[],
  keys: readonly string[],
): Record<string, unknown> => {
  if (keys.length === 0) return { datasets };
  const [key, ...rest] = keys as [string, ...string[]];
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const d of datasets) {
    const k = String(d[key] ?? '');
    groups.set(k, [...(groups.get(k) ?? []), d]);
  }
  return {
    [plural(key)]: [...groups.entries()].map(([value, members]) => ({
      [key]: value,
      ...groupDatasets(members, rest),
    })),
  };
};

/**
 * The execution's manifest: one entry per source, in the execution's order. Each entry holds the
 * rendered `manifest.source_template` and the source's datasets (with their staged files when
 * staging ran), nested by `manifest.group_by` (source_identifier is the entry itself). Graph-patch
 * expressions are evaluated over these entries.
 */
export const buildManifest = (
  config: ProjectConfig,
  run: { readonly executionId: string; readonly attempt: number; readonly configVersion: number },
  sources: readonly Source[],
  staged: ReadonlyMap<string, StagedFile>,
): Manifest => ({
  manifest_version: 1,
  execution_id: run.executionId,
  attempt: run.attempt,
  project_module: config.metadata.module,
  config_version: run.configVersion,
  sources: sources.map((s) => {
    const doc = { ...s.metadata, ...s.metadata?.vars, source_identifier: s.sourceIdentifier };
    const rendered = Object.fromEntries(
      Object.entries(config.manifest.source_template).map(([k, t]) => [k, renderValue(t, doc)]),
    );
    const datasets = (s.metadata?.datasets ?? []).map((d, i) => {
      // The raw archive row and enrichment rows stay in the source's metadata, not the manifest.
      const { row: _row, enrichments: _enrichments, ...fields } = d as Record<string, unknown>;
      const file = staged.get(stagedKey(s.sourceIdentifier, i));
      return file ? { ...fields, staged: file } : fields;
    });
    const keys = config.manifest.group_by.filter((k) => k !== 'source_identifier');
    return { source_identifier: s.sourceIdentifier, ...rendered, ...groupDatasets(datasets, keys) };
  }),
});

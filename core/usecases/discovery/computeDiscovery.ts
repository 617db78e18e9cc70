import { parseTemplate, renderTemplate, type ParamType } from '../../domain/adql.js';
import type { DiscoveryQuery, ProjectConfig } from '../../domain/projectConfig.js';
import type { SourceMetadata } from '../../domain/source.js';
import { applyTransform } from '../../domain/transforms.js';
import type { Archive, Row } from '../../ports/Archive.js';
import type { TokenDigest } from '../../ports/TokenDigest.js';

export interface DiscoveryResult {
  readonly metadata: SourceMetadata;
  readonly flags: Readonly<Record<string, unknown>>;
  readonly signature: string;
}

/** The template variables of a source: its identifier and the configured transforms of it. */
export const sourceVars = (config: ProjectConfig, identifier: string): Record<string, unknown> => {
  const vars: Record<string, unknown> = { source_identifier: identifier };
  for (const [name, v] of Object.entries(config.source_identity.template_vars))
    vars[name] = v.transform ? applyTransform(config.transforms, v.transform, identifier) : identifier;
  return vars;
};

const runQuery = (
  archive: Archive,
  config: ProjectConfig,
  q: DiscoveryQuery,
  values: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<readonly Row[]> => {
  const { template } = parseTemplate(q.adql);
  const types = Object.fromEntries(Object.entries(q.parameters).map(([k, p]) => [k, p.type])) as Record<
    string,
    ParamType
  >;
  const params = Object.fromEntries(template.names.map((n) => [n, values[n]]));
  return archive.query(
    {
      archiveName: q.archive,
      archive: config.archives[q.archive]!,
      queryName: q.name,
      adql: renderTemplate(template, types, params),
      params,
      maxRows: q.max_rows,
    },
    signal,
  );
};

const fieldOf = (row: Row, vars: Record<string, unknown>, from: string): unknown =>
  from in row ? row[from] : vars[from];

/** JSON with sorted keys and the excluded keys left out at every depth: what the signature hashes. */
export const canonicalJson = (v: unknown, exclude: ReadonlySet<string>): string => {
  if (Array.isArray(v)) return `[${v.map((x) => canonicalJson(x, exclude)).join(',')}]`;
  if (v !== null && typeof v === 'object')
    return `{${Object.keys(v as object)
      .filter((k) => !exclude.has(k))
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k], exclude)}`)
      .join(',')}}`;
  return JSON.stringify(v ?? null);
};

/**
 * Runs a project's discovery for one source: its queries, the field map over the dataset rows, the
 * per-dataset enrichments, the flags, and a signature of what matters (so a change can be noticed).
 */
export const computeDiscovery = async (
  deps: { readonly archive: Archive; readonly digest: TokenDigest },
  config: ProjectConfig,
  identifier: string,
  signal?: AbortSignal,
): Promise<DiscoveryResult> => {
  const d = config.discovery;
  const vars = sourceVars(config, identifier);
  const queries: Record<string, readonly Row[]> = {};
  for (const q of d.queries) queries[q.name] = await runQuery(deps.archive, config, q, vars, signal);

  const datasets: Record<string, unknown>[] = [];
  for (const row of queries[d.datasets_from] ?? []) {
    const mapped: Record<string, unknown> = {};
    for (const [field, rule] of Object.entries(d.field_map)) {
      const raw = fieldOf(row, vars, rule.from);
      mapped[field] = rule.transform ? applyTransform(config.transforms, rule.transform, raw) : (raw ?? null);
    }
    const enrichments: Record<string, readonly Row[]> = {};
    for (const q of d.enrichments)
      enrichments[q.name] = await runQuery(deps.archive, config, q, { ...vars, ...mapped }, signal);
    datasets.push({ ...mapped, row, enrichments });
  }

  const flags: Record<string, unknown> = {};
  for (const [flag, rule] of Object.entries(d.discovery_flags)) {
    const [scope, name] = rule.from.split('.', 2) as [string, string | undefined];
    const raw =
      scope === 'queries'
        ? (queries[name ?? ''] ?? [])
        : scope === 'enrichments'
          ? datasets.flatMap((ds) => (ds['enrichments'] as Record<string, Row[]>)[name ?? ''] ?? [])
          : datasets[0]?.[rule.from];
    flags[flag] = rule.transform ? applyTransform(config.transforms, rule.transform, raw) : (raw ?? null);
  }

  const exclude = new Set(d.signature.exclude_fields);
  const signed = { datasets, ...(d.signature.include_discovery_flags ? { flags } : {}) };
  return {
    metadata: { datasets, queries, vars },
    flags,
    signature: deps.digest.digest(canonicalJson(signed, exclude)),
  };
};

import { canonicalJson } from '../../domain/canonicalJson.js';
import type { ProjectConfig } from '../../domain/projectConfig.js';
import type { SourceMetadata } from '../../domain/source.js';
import { applyTransform } from '../../domain/transforms.js';
import type { Archive, Row } from '../../ports/Archive.js';
import type { ContentDigest } from '../../ports/ContentDigest.js';
import { type QueryEntry, type QueryStats, runQuery } from './runQueries.js';

export interface DiscoveryResult {
  readonly metadata: SourceMetadata;
  readonly flags: Readonly<Record<string, unknown>>;
  readonly signature: string;
}

/** A source's discovery: its result, or why it failed. */
export type SourceOutcome = { readonly result: DiscoveryResult } | { readonly error: string };

/** The template variables of a source: its identifier and the configured transforms of it. */
export const sourceVars = (config: ProjectConfig, identifier: string): Record<string, unknown> => {
  const vars: Record<string, unknown> = { source_identifier: identifier };
  for (const [name, v] of Object.entries(config.source_identity.template_vars))
    vars[name] = v.transform ? applyTransform(config.transforms, v.transform, identifier) : identifier;
  return vars;
};

const fieldOf = (row: Row, vars: Record<string, unknown>, from: string): unknown =>
  from in row ? row[from] : vars[from];

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

interface Pending {
  readonly identifier: string;
  readonly vars: Record<string, unknown>;
  readonly queries: Record<string, readonly Row[]>;
  datasets: Record<string, unknown>[];
  error: string | null;
}

/**
 * Runs a project's discovery for many sources at once: each query for all of them (batched where
 * the query says so), the field map over the dataset rows, each enrichment for all datasets, the
 * flags, and a signature of what matters (so a change can be noticed). The outcome is per source:
 * a query that failed for some sources fails those, with the archive's reason, and the rest go on.
 */
export const computeDiscoveries = async (
  deps: { readonly archive: Archive; readonly digest: ContentDigest },
  config: ProjectConfig,
  identifiers: readonly string[],
  stats: QueryStats = { queries: 0, entries: 0 },
  signal?: AbortSignal,
): Promise<SourceOutcome[]> => {
  const d = config.discovery;
  const all: Pending[] = identifiers.map((identifier) => {
    try {
      return { identifier, vars: sourceVars(config, identifier), queries: {}, datasets: [], error: null };
    } catch (err) {
      return { identifier, vars: {}, queries: {}, datasets: [], error: message(err) };
    }
  });
  const live = () => all.filter((s) => s.error === null);

  for (const q of d.queries) {
    const sources = live();
    const answers = await runQuery(
      deps.archive,
      config,
      q,
      sources.map((s) => ({ values: s.vars })),
      stats,
      signal,
    );
    sources.forEach((s, i) => {
      const a = answers[i]!;
      if ('error' in a) s.error = a.error;
      else s.queries[q.name] = a.rows;
    });
  }

  for (const s of live()) {
    try {
      s.datasets = (s.queries[d.datasets_from] ?? []).map((row) => {
        const mapped: Record<string, unknown> = {};
        for (const [field, rule] of Object.entries(d.field_map)) {
          const raw = fieldOf(row, s.vars, rule.from);
          mapped[field] = rule.transform
            ? applyTransform(config.transforms, rule.transform, raw)
            : (raw ?? null);
        }
        return { ...mapped, row, enrichments: {} as Record<string, readonly Row[]> };
      });
    } catch (err) {
      s.error = message(err);
    }
  }

  for (const q of d.enrichments) {
    const owners: { source: Pending; dataset: Record<string, unknown> }[] = [];
    const entries: QueryEntry[] = [];
    for (const s of live())
      for (const ds of s.datasets) {
        owners.push({ source: s, dataset: ds });
        entries.push({ values: { ...s.vars, ...ds } });
      }
    const answers = await runQuery(deps.archive, config, q, entries, stats, signal);
    owners.forEach(({ source, dataset }, i) => {
      const a = answers[i]!;
      if ('error' in a) source.error ??= a.error;
      else (dataset['enrichments'] as Record<string, readonly Row[]>)[q.name] = a.rows;
    });
  }

  const exclude = new Set(d.signature.exclude_fields);
  return all.map((s): SourceOutcome => {
    if (s.error !== null) return { error: s.error };
    try {
      const flags: Record<string, unknown> = {};
      for (const [flag, rule] of Object.entries(d.discovery_flags)) {
        const [scope, name] = rule.from.split('.', 2) as [string, string | undefined];
        const raw =
          scope === 'queries'
            ? (s.queries[name ?? ''] ?? [])
            : scope === 'enrichments'
              ? s.datasets.flatMap((ds) => (ds['enrichments'] as Record<string, Row[]>)[name ?? ''] ?? [])
              : s.datasets[0]?.[rule.from];
        flags[flag] = rule.transform ? applyTransform(config.transforms, rule.transform, raw) : (raw ?? null);
      }
      const signed = { datasets: s.datasets, ...(d.signature.include_discovery_flags ? { flags } : {}) };
      return {
        result: {
          metadata: { datasets: s.datasets, queries: s.queries, vars: s.vars },
          flags,
          signature: deps.digest.digest(canonicalJson(signed, exclude)),
        },
      };
    } catch (err) {
      return { error: message(err) };
    }
  });
};

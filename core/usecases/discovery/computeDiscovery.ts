import { canonicalJson } from '../../domain/canonicalJson.js';
import type { ProjectConfig } from '../../domain/projectConfig.js';
import type { SourceAccess, SourceMetadata } from '../../domain/source.js';
import { applyTransform } from '../../domain/transforms.js';
import type { Archive, LinkAccess, Row } from '../../ports/Archive.js';
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

  const access = d.access_check ? await checkAccess(deps.archive, config, live(), signal) : new Map();

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
          metadata: {
            datasets: s.datasets,
            queries: s.queries,
            vars: s.vars,
            ...(access.has(s) ? { access: access.get(s) } : {}),
          },
          flags,
          signature: deps.digest.digest(canonicalJson(signed, exclude)),
        },
      };
    } catch (err) {
      return { error: message(err) };
    }
  });
};

const datasetIdOf = (ds: Record<string, unknown>, i: number) => {
  const row = (ds['row'] ?? {}) as Row;
  return String(ds['dataset_id'] ?? row['obs_publisher_did'] ?? i);
};

/**
 * Asks the archive of the datasets' query whether the account may fetch each dataset (by its row's
 * `access_url`), and says per source what is held and why. An archive that cannot be asked fails
 * the sources' discovery with the reason, as a query would (never read as "authorized").
 */
const checkAccess = async (
  archive: Archive,
  config: ProjectConfig,
  sources: readonly Pending[],
  signal?: AbortSignal,
): Promise<Map<Pending, SourceAccess>> => {
  const out = new Map<Pending, SourceAccess>();
  const name = config.discovery.queries.find((q) => q.name === config.discovery.datasets_from)?.archive;
  const settings = name === undefined ? undefined : config.archives[name];
  const owners = sources.flatMap((s) =>
    s.datasets.map((ds, i) => ({ s, ds, i, link: ((ds['row'] ?? {}) as Row)['access_url'] })),
  );
  const linked = owners.filter(
    (o): o is typeof o & { link: string } => typeof o.link === 'string' && o.link !== '',
  );
  let answers: LinkAccess[];
  try {
    if (!archive.access || !settings || name === undefined)
      throw new Error(`archive ${name ?? '(none)'} cannot tell whether the account may fetch a dataset`);
    answers =
      linked.length === 0
        ? []
        : await archive.access(
            name,
            settings,
            linked.map((o) => o.link),
            signal,
          );
  } catch (err) {
    for (const s of sources) s.error ??= `checking the archive's leave to fetch the data: ${message(err)}`;
    return out;
  }
  const found = new Map(linked.map((o, k) => [o.ds, answers[k]!]));
  for (const s of sources) {
    const proprietary: { dataset_id: string; release_date: string | null }[] = [];
    const unknown: { dataset_id: string; reason: string }[] = [];
    s.datasets.forEach((ds, i) => {
      const a = found.get(ds);
      const id = datasetIdOf(ds, i);
      if (!a) unknown.push({ dataset_id: id, reason: 'it has no access_url to ask about' });
      else if (a.authorized === false) {
        const release = ((ds['row'] ?? {}) as Row)['obs_release_date'];
        proprietary.push({ dataset_id: id, release_date: typeof release === 'string' ? release : null });
      } else if (a.authorized === null) unknown.push({ dataset_id: id, reason: a.detail ?? 'not said' });
    });
    const dates = proprietary
      .map((p) => p.release_date)
      .filter((x): x is string => x !== null)
      .sort();
    out.set(s, {
      held:
        proprietary.length === 0
          ? null
          : `the archive does not let the account fetch ${proprietary.length} of ${s.datasets.length} datasets yet (proprietary${
              dates.length > 0 ? `; released ${dates.at(-1)!.slice(0, 10)}` : '; no release date given'
            })`,
      proprietary,
      unknown,
    });
  }
  return out;
};

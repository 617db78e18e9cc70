import { adqlString, likePattern, type ParamType, parseTemplate, renderTemplate } from '../../domain/adql.js';
import type { DiscoveryQuery, ProjectConfig } from '../../domain/projectConfig.js';
import type { Archive, ArchiveUpload, Row } from '../../ports/Archive.js';

/** One thing a query is asked about: a source (queries) or a dataset (enrichments), with its values. */
export interface QueryEntry {
  readonly values: Readonly<Record<string, unknown>>;
}

/** What a query gave for each entry, in the entries' order: rows, or why there are none. */
export type EntryAnswer = { readonly rows: readonly Row[] } | { readonly error: string };

export interface QueryStats {
  /** Requests sent to archives. */
  queries: number;
  /** Entries those requests asked about (sources per query = entries / queries). */
  entries: number;
}

/** The column that carries an upload row's entry back (its position in the uploaded table). */
export const uploadKey = 'surveyor_key';
const uploadTable = 'sources';

const typesOf = (q: DiscoveryQuery) =>
  Object.fromEntries(Object.entries(q.parameters).map(([k, p]) => [k, p.type])) as Record<string, ParamType>;

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

const tooMany = (q: DiscoveryQuery, what: string) =>
  `query ${q.name} returned more than max_rows (${q.max_rows}) rows for ${what}; the archive cut the answer there (MAXREC): raise max_rows or narrow the query`;

/** The values an entry gives a query's parameters, and a key that is equal for equal values. */
const paramsOf = (names: readonly string[], e: QueryEntry) => {
  const params = Object.fromEntries(names.map((n) => [n, e.values[n]]));
  return { params, key: JSON.stringify(names.map((n) => params[n] ?? null)) };
};

/** The upload table of a batch: surveyor_key, each parameter, and LIKE patterns of strings. */
const uploadOf = (q: DiscoveryQuery, batch: readonly Readonly<Record<string, unknown>>[]): ArchiveUpload => {
  const names = Object.keys(q.parameters);
  const columns: ArchiveUpload['columns'][number][] = [{ name: uploadKey, type: 'char' }];
  for (const n of names) {
    const t = q.parameters[n]!.type;
    columns.push({ name: n, type: t === 'string' ? 'char' : t === 'integer' ? 'long' : 'double' });
    if (t === 'string')
      for (const m of ['like_prefix', 'like_suffix', 'like_contains'] as const)
        columns.push({ name: `${n}_${m}`, type: 'char' });
  }
  const rows = batch.map((params, i) => {
    const row: (string | number | null)[] = [String(i)];
    for (const n of names) {
      const v = params[n];
      const t = q.parameters[n]!.type;
      if (v === undefined || v === null) throw new TypeError(`${n}: no value`);
      if (t === 'string') {
        const s = String(v);
        adqlString(s); // the same checks as for a literal: bounded, no control characters
        row.push(
          s,
          likePattern('like_prefix', s),
          likePattern('like_suffix', s),
          likePattern('like_contains', s),
        );
      } else {
        const num = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
        if (
          typeof num !== 'number' ||
          !Number.isFinite(num) ||
          (t === 'integer' && !Number.isSafeInteger(num))
        )
          throw new TypeError(`${n}: expected ${t === 'integer' ? 'an integer' : 'a number'}`);
        row.push(num);
      }
    }
    return row;
  });
  return { table: uploadTable, columns, rows };
};

/**
 * Runs one configured query for many entries. Without `batch`, one request per distinct set of
 * values; with it, up to `sources_per_query` distinct sets per request (an IN list or a TAP upload),
 * and the rows are handed back to their entries (by `match`, or by `surveyor_key`). Entries with
 * equal values share one answer. An answer the archive cut at MAXREC is asked again in halves; a
 * single entry with more than `max_rows` rows fails with a message naming the limit. A failed
 * request fails the entries it asked about, with the archive's reason; the others go on.
 */
export const runQuery = async (
  archive: Archive,
  config: ProjectConfig,
  q: DiscoveryQuery,
  entries: readonly QueryEntry[],
  stats: QueryStats,
  signal?: AbortSignal,
): Promise<EntryAnswer[]> => {
  const { template } = parseTemplate(q.adql);
  const types = typesOf(q);
  const names = q.batch?.via === 'upload' ? Object.keys(q.parameters) : template.names;
  const groups = new Map<string, { params: Record<string, unknown>; members: number[] }>();
  entries.forEach((e, i) => {
    const { params, key } = paramsOf(names, e);
    const g = groups.get(key);
    if (g) g.members.push(i);
    else groups.set(key, { params, members: [i] });
  });
  const distinct = [...groups.values()];
  const answers = new Map<number, EntryAnswer>();
  const ask = async (
    batch: readonly Readonly<Record<string, unknown>>[],
    maxRows: number,
    upload?: ArchiveUpload,
  ) => {
    const params =
      q.batch?.via === 'in_list'
        ? Object.fromEntries(template.names.map((n) => [n, batch.map((p) => p[n])]))
        : batch[0]!;
    stats.queries++;
    stats.entries += batch.length;
    return archive.query(
      {
        archiveName: q.archive,
        archive: config.archives[q.archive]!,
        queryName: q.name,
        adql: upload ? q.adql : renderTemplate(template, types, params),
        params,
        maxRows,
        ...(upload ? { upload } : {}),
        ...(q.batch ? { batch: q.batch } : {}),
      },
      signal,
    );
  };

  const settle = (slice: readonly number[], answer: EntryAnswer) => {
    for (const d of slice) answers.set(d, answer);
  };

  const runSingle = async (d: number) => {
    try {
      const a = await ask([distinct[d]!.params], q.max_rows);
      settle([d], a.overflow ? { error: tooMany(q, describe(distinct[d]!.params)) } : { rows: a.rows });
    } catch (err) {
      if (signal?.aborted) throw err;
      settle([d], { error: message(err) });
    }
  };

  const runBatch = async (slice: readonly number[]): Promise<void> => {
    const batch = slice.map((d) => distinct[d]!.params);
    let rows: readonly Row[];
    try {
      const upload = q.batch!.via === 'upload' ? uploadOf(q, batch) : undefined;
      const a = await ask(batch, Math.min(q.max_rows * batch.length, 1_000_000), upload);
      if (a.overflow) {
        if (slice.length === 1) return settle(slice, { error: tooMany(q, describe(batch[0]!)) });
        const half = Math.ceil(slice.length / 2);
        await runBatch(slice.slice(0, half));
        await runBatch(slice.slice(half));
        return;
      }
      rows = a.rows;
    } catch (err) {
      if (signal?.aborted) throw err;
      return settle(slice, { error: message(err) });
    }
    const perEntry = slice.map(() => [] as Row[]);
    if (q.batch!.via === 'upload') {
      for (const r of rows) {
        const i = Number(String(r[uploadKey] ?? '').trim());
        const { [uploadKey]: _key, ...rest } = r;
        if (Number.isInteger(i) && i >= 0 && i < slice.length) perEntry[i]!.push(rest);
      }
    } else {
      const m = q.batch!.match!;
      const index = new Map<string, number[]>();
      batch.forEach((p, i) => {
        const k = String(p[m.parameter] ?? '').trim();
        index.set(k, [...(index.get(k) ?? []), i]);
      });
      for (const r of rows)
        for (const i of index.get(String(r[m.column] ?? '').trim()) ?? []) perEntry[i]!.push(r);
    }
    for (const [i, d] of slice.entries())
      settle(
        [d],
        perEntry[i]!.length > q.max_rows
          ? { error: tooMany(q, describe(batch[i]!)) }
          : { rows: perEntry[i]! },
      );
  };

  const all = distinct.map((_, d) => d);
  if (!q.batch) await Promise.all(all.map(runSingle));
  else {
    const size = q.batch.sources_per_query;
    const slices: number[][] = [];
    for (let i = 0; i < all.length; i += size) slices.push(all.slice(i, i + size));
    await Promise.all(slices.map(runBatch));
  }
  const out: EntryAnswer[] = new Array(entries.length);
  distinct.forEach((g, d) => {
    for (const i of g.members) out[i] = answers.get(d) ?? { error: 'no answer' };
  });
  return out;
};

const describe = (params: Readonly<Record<string, unknown>>) =>
  Object.entries(params)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(', ') || 'the query';

import { PermanentJobError } from '../../core/domain/job.js';
import type { LinkAccess } from '../../core/ports/Archive.js';
import { peerText, where } from '../shared/peerText.js';
import type { ArchiveHttp } from './archiveHttp.js';
import { type DatalinkAnswer, DatalinkRefused, parseDatalink } from './datalink.js';
import { statusError } from './uws.js';

/** What a dataset's datalink offers for staging: the async SODA service and the IDs to give it. */
export interface AsyncLinks {
  readonly service: string;
  readonly ids: readonly string[];
}

const asyncSoda = 'ivo://ivoa.net/std/SODA#async-1.0';
/** IDs asked for in one datalink request, and the longest URL that asks (servers cap a request line). */
const idsPerRequest = 50;
const maxUrlLength = 6000;

type Rows = DatalinkAnswer['rows'];

/**
 * The async service and the IDs to stage from a dataset's datalink rows: the rows whose
 * `service_def` names an async SODA service, each with its `authenticated_id_token` when the answer
 * has that column (CASDA; none for a row means the account may not read it), else its `ID`.
 */
const asyncLinksOf = (archive: string, datalink: string, answer: DatalinkAnswer, rows: Rows): AsyncLinks => {
  const tokens = answer.fields.includes('authenticated_id_token');
  const ids: string[] = [];
  let service: string | null = null;
  const refusals: string[] = [];
  for (const r of rows) {
    const def = typeof r['service_def'] === 'string' ? answer.services.get(r['service_def']) : undefined;
    if (!def || (def.standardId !== null && def.standardId !== asyncSoda)) {
      if (typeof r['error_message'] === 'string') refusals.push(`${r['ID'] ?? '?'}: ${r['error_message']}`);
      continue;
    }
    const id = tokens ? r['authenticated_id_token'] : r['ID'];
    if (typeof id !== 'string' || id === '')
      throw new PermanentJobError(
        `archive ${archive}: the account may not read ${String(r['ID'] ?? datalink)} (the datalink answer has no authenticated_id_token for it)`,
      );
    if (service !== null && def.accessUrl !== service)
      throw new PermanentJobError(
        `archive ${archive}: the datalink ${where(datalink)} names two async services`,
      );
    service = def.accessUrl;
    ids.push(id);
  }
  if (!service)
    throw new PermanentJobError(
      `archive ${archive}: the datalink ${where(datalink)} offers no async SODA service${refusals.length ? ` (${peerText(refusals.join('; '), 300)})` : ''}`,
    );
  return { service, ids };
};

/** One datalink request, read whole: a refusal or an unreadable answer is the dataset's error. */
const fetchAnswer = async (
  http: ArchiveHttp,
  url: string,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<DatalinkAnswer> => {
  const res = await http.request({ method: 'GET', url, timeoutMs, ...(signal ? { signal } : {}) });
  if (res.status !== 200) throw await statusError(http, res, `reading the datalink ${where(url)}`);
  try {
    return parseDatalink(await res.text(4 * 1024 * 1024));
  } catch (err) {
    throw new PermanentJobError(
      `archive ${http.name}: the datalink ${where(url)} ${err instanceof DatalinkRefused ? `refused: ${peerText(err.reason, 300)}` : `answer cannot be read: ${(err as Error).message}`}`,
    );
  }
};

/** Reads one dataset's datalink answer (its `access_url`): the async service and the IDs to give it. */
export const readAsyncLinks = async (
  http: ArchiveHttp,
  datalink: string,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<AsyncLinks> => {
  const answer = await fetchAnswer(http, datalink, timeoutMs, signal);
  return asyncLinksOf(http.name, datalink, answer, answer.rows);
};

/** A datalink URL that names one dataset by a lone `ID` parameter: its endpoint and that ID. */
const singleId = (datalink: string): { endpoint: string; id: string } | null => {
  let u: URL;
  try {
    u = new URL(datalink);
  } catch {
    return null;
  }
  const keys = [...u.searchParams.keys()];
  const id = u.searchParams.get('ID');
  if (keys.length !== 1 || keys[0] !== 'ID' || !id || u.hash !== '') return null;
  return { endpoint: `${u.origin}${u.pathname}`, id };
};

/**
 * Reads the datalinks of many datasets with few requests: those whose links share an endpoint and
 * name their dataset by a lone `ID` are asked for together, up to 50 IDs a request (DataLink's
 * links endpoint takes the ID parameter many times and answers rows for each, its `ID` column
 * naming which). A dataset the answer leaves out (no row for its ID, or rows a MAXREC overflow
 * may have cut), or all of a request the service refuses as a whole, is asked for alone, so that
 * its own answer says what is wrong. An archive that does not answer fails the call as one
 * request would. At most `reads` requests are open at once (they wait in order). `of` reads what
 * the caller wants of a dataset's rows.
 */
const readManyDatalinks = async <T>(
  http: ArchiveHttp,
  datalinks: readonly string[],
  timeoutMs: number,
  reads: { run<R>(f: () => Promise<R>, signal?: AbortSignal): Promise<R> },
  of: (datalink: string, answer: DatalinkAnswer, rows: Rows) => T,
  signal?: AbortSignal,
  refused?: (err: PermanentJobError) => T,
): Promise<T[]> => {
  const out: { value: T }[] = [];
  const byEndpoint = new Map<string, { n: number; id: string }[]>();
  datalinks.forEach((d, n) => {
    const s = singleId(d);
    if (s) byEndpoint.set(s.endpoint, [...(byEndpoint.get(s.endpoint) ?? []), { n, id: s.id }]);
  });
  const batches: { endpoint: string; items: { n: number; id: string }[] }[] = [];
  for (const [endpoint, all] of byEndpoint) {
    let items: { n: number; id: string }[] = [];
    let length = endpoint.length;
    for (const it of all) {
      const add = `&ID=${encodeURIComponent(it.id)}`.length;
      if (items.length > 0 && (items.length >= idsPerRequest || length + add > maxUrlLength)) {
        batches.push({ endpoint, items });
        items = [];
        length = endpoint.length;
      }
      items.push(it);
      length += add;
    }
    if (items.length > 0) batches.push({ endpoint, items });
  }
  await Promise.all(
    batches
      .filter((b) => b.items.length > 1)
      .map((b) =>
        reads.run(async () => {
          const url = `${b.endpoint}?${b.items.map((it) => `ID=${encodeURIComponent(it.id)}`).join('&')}`;
          let answer: DatalinkAnswer;
          try {
            answer = await fetchAnswer(http, url, timeoutMs, signal);
          } catch (err) {
            if (err instanceof PermanentJobError) return; // refused whole: each is asked for alone
            throw err;
          }
          const rows = new Map<string, Rows[number][]>();
          for (const r of answer.rows) {
            const id = typeof r['ID'] === 'string' ? r['ID'] : null;
            if (id !== null) rows.set(id, [...(rows.get(id) ?? []), r]);
          }
          // An overflow cuts the answer short: the last ID listed may lack rows, so it goes alone too.
          const last = answer.rows.at(-1)?.['ID'];
          for (const it of b.items) {
            const mine = rows.get(it.id);
            if (!mine || (answer.overflow && it.id === last)) continue;
            out[it.n] = { value: of(datalinks[it.n]!, answer, mine) };
          }
        }, signal),
      ),
  );
  return Promise.all(
    datalinks.map(
      (d, n) =>
        out[n]?.value ??
        reads.run(async () => {
          try {
            const answer = await fetchAnswer(http, d, timeoutMs, signal);
            return of(d, answer, answer.rows);
          } catch (err) {
            if (refused && err instanceof PermanentJobError) return refused(err);
            throw err;
          }
        }, signal),
    ),
  );
};

/** The async service and IDs of many datasets' datalinks, read with few requests (`readManyDatalinks`). */
export const readManyAsyncLinks = (
  http: ArchiveHttp,
  datalinks: readonly string[],
  timeoutMs: number,
  reads: { run<R>(f: () => Promise<R>, signal?: AbortSignal): Promise<R> },
  signal?: AbortSignal,
): Promise<AsyncLinks[]> =>
  readManyDatalinks(
    http,
    datalinks,
    timeoutMs,
    reads,
    (d, a, rows) => asyncLinksOf(http.name, d, a, rows),
    signal,
  );

/**
 * Whether the account may fetch a dataset, from its datalink rows: the rows staging would use (those
 * whose `service_def` names an async SODA service; without any, the `#this` rows with an
 * `access_url`), not previews or other links beside them. DataLink 1.1's `link_authorized` where
 * the answer has it (false on any of those rows: not authorized), else CASDA's convention (an async
 * row without an `authenticated_id_token`: not authorized), else unknown.
 */
export const accessOf = (answer: DatalinkAnswer, rows: Rows): LinkAccess => {
  const isAsync = (r: Rows[number]) => {
    const def = typeof r['service_def'] === 'string' ? answer.services.get(r['service_def']) : undefined;
    return def !== undefined && (def.standardId === null || def.standardId === asyncSoda);
  };
  const viaService = rows.filter(isAsync);
  const used =
    viaService.length > 0
      ? viaService
      : rows.filter(
          (r) =>
            typeof r['access_url'] === 'string' &&
            r['access_url'] !== '' &&
            (typeof r['semantics'] !== 'string' || r['semantics'] === '#this'),
        );
  if (used.length === 0) {
    const why = rows.map((r) => r['error_message']).find((m) => typeof m === 'string');
    return {
      authorized: null,
      detail: why ? peerText(String(why), 200) : 'the datalink lists no link to the data',
    };
  }
  if (answer.fields.includes('link_authorized')) {
    const said = used.map((r) => r['link_authorized']);
    if (said.some((v) => v === false)) return { authorized: false, detail: 'link_authorized is false' };
    if (said.every((v) => v === true)) return { authorized: true, detail: null };
  }
  if (viaService.length > 0 && answer.fields.includes('authenticated_id_token')) {
    const token = (r: Rows[number]) =>
      typeof r['authenticated_id_token'] === 'string' && r['authenticated_id_token'] !== '';
    return viaService.every(token)
      ? { authorized: true, detail: null }
      : { authorized: false, detail: 'no authenticated_id_token' };
  }
  return { authorized: null, detail: 'the datalink says nothing of the account' };
};

/**
 * `accessOf` for many datasets' datalinks, read with few requests; a datalink the archive refuses
 * (its own error) is unknown, not a failure of the others.
 */
export const readManyAccess = (
  http: ArchiveHttp,
  datalinks: readonly string[],
  timeoutMs: number,
  reads: { run<R>(f: () => Promise<R>, signal?: AbortSignal): Promise<R> },
  signal?: AbortSignal,
): Promise<LinkAccess[]> =>
  readManyDatalinks(
    http,
    datalinks,
    timeoutMs,
    reads,
    (_d, a, rows) => accessOf(a, rows),
    signal,
    (err) => ({
      authorized: null,
      detail: peerText(err.message, 300),
    }),
  );

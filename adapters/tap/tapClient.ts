import { PermanentJobError } from '../../core/domain/job.js';
import type { TapArchive } from '../../core/domain/projectConfig.js';
import type { Archive, ArchiveAnswer, ArchiveQuery, Row } from '../../core/ports/Archive.js';
import type { PingCheck } from '../../core/ports/PingCheck.js';
import { peerText, where } from '../shared/peerText.js';
import { Semaphore } from '../shared/semaphore.js';
import {
  type ArchiveCredentials,
  type ArchiveHttp,
  type ArchiveResponse,
  ArchiveUnavailable,
  archiveHttp,
} from './archiveHttp.js';
import { readManyAccess } from './asyncLinks.js';
import { describeChallenges, parseChallenges } from './authChallenge.js';
import { defaultUwsPolicy, resultUrl, statusError, type UwsPolicy, UwsJobRunner } from './uws.js';
import { queryError } from './queryStatus.js';
import { type TableInfo, VoTableReader } from './votable/reader.js';
import type { Value } from './votable/values.js';
import { writeVoTable } from './votable/writer.js';
import { sleep } from '../shared/sleep.js';

export interface TapClientOptions {
  /** Sent with every request: names surveyor and its version. */
  readonly userAgent: string;
  /** The archive account (read when needed), or null when none is configured. */
  readonly credentials: () => ArchiveCredentials | null;
  /** First retry delay; doubles per try (with jitter), up to 30 s. */
  readonly retryBaseMs?: number;
  readonly uws?: Partial<UwsPolicy>;
}

/** Turns decoded cells into a row keyed by FIELD name (a repeated name gets `_2`, `_3`, …). */
const rowKeys = (names: readonly string[]): string[] => {
  const seen = new Map<string, number>();
  return names.map((n) => {
    const k = (seen.get(n) ?? 0) + 1;
    seen.set(n, k);
    return k === 1 ? n : `${n}_${k}`;
  });
};

interface Parsed {
  readonly rows: Row[];
  readonly status: string | null;
  readonly message: string;
  readonly overflow: boolean;
}

/**
 * Reads a TAP answer. Success is what the VOTable says, not the HTTP status: QUERY_STATUS ERROR
 * (DaCHS sends it with HTTP 200) is the server refusing the query, and an OVERFLOW (DaCHS puts a
 * second QUERY_STATUS after the table) means rows were cut at MAXREC. More rows than asked for are
 * treated the same way: never kept beyond `maxRows`, never lost silently.
 */
const parseAnswer = async (res: ArchiveResponse, maxRows: number): Promise<Parsed> => {
  const rows: Row[] = [];
  let keys: string[] | null = null;
  let extra = false;
  let first: TableInfo | null = null;
  const reader = new VoTableReader({
    onRow: (cells: Value[], table) => {
      first ??= table;
      if (table !== first) return; // a TAP answer is its first table
      if (rows.length >= maxRows) {
        extra = true;
        return;
      }
      keys ??= rowKeys(table.fields.map((f) => f.name));
      const row: Record<string, unknown> = {};
      for (const [i, k] of keys.entries()) row[k] = cells[i] ?? null;
      rows.push(row);
    },
  });
  for await (const chunk of res.body) reader.write(chunk);
  const d = reader.end();
  const infos = [...d.infos, ...d.resources.flatMap((r) => r.infos)].filter((i) => i.name === 'QUERY_STATUS');
  const error = infos.find((i) => i.value === 'ERROR');
  const overflow = infos.some((i) => i.value === 'OVERFLOW') || extra;
  return {
    rows,
    status: error ? 'ERROR' : (infos[0]?.value ?? null),
    message: error ? error.text || 'no reason given' : '',
    overflow,
  };
};

/**
 * The real archive (TAP 1.0/1.1): sync queries (`/sync`, REQUEST=doQuery&LANG=ADQL) or async UWS
 * jobs (`/async`), TAP uploads as multipart, VOTable answers in any serialization. Each archive
 * has at most `max_concurrent_queries` queries in flight per process; each call has a timeout;
 * no answer, 5xx, 408 and 429 are tried again `retries` times with backoff; the server refusing
 * the ADQL or the credentials is permanent, with the server's own words.
 */
export class TapClient implements Archive {
  private readonly slots = new Map<string, Semaphore>();
  /** Datalink requests of access checks open at once in this process. */
  private readonly datalinkReads = new Semaphore(4);

  constructor(private readonly opts: TapClientOptions) {}

  async query(q: ArchiveQuery, signal?: AbortSignal): Promise<ArchiveAnswer> {
    const http = archiveHttp(q.archiveName, q.archive, this.opts.userAgent, this.opts.credentials);
    const slot = this.slot(q.archive);
    return this.retrying(q.archive, signal, () => slot.run(() => this.once(http, q, signal), signal));
  }

  private slot(a: TapArchive): Semaphore {
    const key = `${a.url}|${a.max_concurrent_queries}`;
    let s = this.slots.get(key);
    if (!s) {
      s = new Semaphore(a.max_concurrent_queries);
      this.slots.set(key, s);
    }
    return s;
  }

  private async retrying<T>(a: TapArchive, signal: AbortSignal | undefined, f: () => Promise<T>): Promise<T> {
    const base = this.opts.retryBaseMs ?? 1000;
    for (let attempt = 0; ; attempt++) {
      try {
        return await f();
      } catch (err) {
        if (signal?.aborted || !(err instanceof ArchiveUnavailable)) throw err;
        if (attempt >= a.retries)
          throw new ArchiveUnavailable(
            `${err.message} (tried ${attempt + 1} time${attempt === 0 ? '' : 's'})`,
          );
        const delay = Math.min(30_000, base * 2 ** attempt);
        await sleep(delay / 2 + Math.random() * (delay / 2), signal);
      }
    }
  }

  private params(q: ArchiveQuery) {
    const fields: Record<string, string> = {
      REQUEST: 'doQuery',
      LANG: 'ADQL',
      QUERY: q.adql,
      // One more than wanted: DaCHS says OVERFLOW whenever an answer holds exactly MAXREC rows.
      MAXREC: String(q.maxRows + 1),
    };
    if (!q.upload) return { form: fields };
    const u = q.upload;
    return {
      multipart: {
        fields: { ...fields, UPLOAD: `${u.table},param:${u.table}` },
        files: [
          {
            name: u.table,
            filename: `${u.table}.xml`,
            type: 'application/x-votable+xml',
            content: writeVoTable(u.table, u.columns, u.rows),
          },
        ],
      },
    };
  }

  private async once(http: ArchiveHttp, q: ArchiveQuery, signal?: AbortSignal): Promise<ArchiveAnswer> {
    const a = q.archive;
    const base = a.url.replace(/\/+$/, '');
    const mode = a.mode === 'auto' ? (q.maxRows > a.async_above_rows ? 'async' : 'sync') : a.mode;
    const timeoutMs = a.timeout_seconds * 1000;
    let res: ArchiveResponse;
    let runner: UwsJobRunner | null = null;
    let job: string | null = null;
    try {
      if (mode === 'sync') {
        res = await http.fetchFollowing({
          method: 'POST',
          url: `${base}/sync`,
          ...this.params(q),
          timeoutMs,
          ...(signal ? { signal } : {}),
        });
      } else {
        runner = new UwsJobRunner(http, {
          ...defaultUwsPolicy,
          deadlineMs: timeoutMs,
          requestTimeoutMs: Math.min(timeoutMs, 60_000),
          ...this.opts.uws,
        });
        job = await runner.create(`${base}/async`, this.params(q), signal);
        await runner.start(job, signal);
        const done = await runner.await(job, signal);
        const result = done.results.find((r) => r.id === 'result') ?? done.results[0];
        if (!result)
          throw new PermanentJobError(
            `archive ${q.archiveName}: job ${where(job)} completed without a result`,
          );
        res = await http.fetchFollowing({
          method: 'GET',
          url: resultUrl(result.href, job),
          timeoutMs,
          ...(signal ? { signal } : {}),
        });
      }
      if (res.status >= 300) {
        const text = await res.text(1024 * 1024).catch(() => '');
        const refused = queryError(text);
        if (refused && res.status < 500)
          throw new PermanentJobError(
            `archive ${q.archiveName} refused query ${q.queryName}: ${peerText(refused, 500)}`,
          );
        throw await statusError(http, { status: res.status, text: async () => text }, `query ${q.queryName}`);
      }
      const parsed = await parseAnswer(res, q.maxRows);
      if (parsed.status === 'ERROR')
        throw new PermanentJobError(
          `archive ${q.archiveName} refused query ${q.queryName}: ${peerText(parsed.message, 500)}`,
        );
      return { rows: parsed.rows, overflow: parsed.overflow };
    } finally {
      if (runner && job) await runner.delete(job);
    }
  }

  /**
   * Which way the service asks to be signed in to: its `WWW-Authenticate` challenges to a request
   * without credentials (the login check URL, else the TAP capabilities), read against the one way
   * surveyor signs in (HTTP Basic with the archive account). Sends no credential.
   */
  private async authentication(
    name: string,
    archive: TapArchive,
    base: string,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<PingCheck> {
    const url = archive.login_check_url ?? `${base}/capabilities`;
    try {
      const anonymous = archiveHttp(name, { ...archive, auth: 'none' }, this.opts.userAgent, () => null);
      const res = await anonymous.request({ method: 'GET', url, timeoutMs, ...(signal ? { signal } : {}) });
      res.discard();
      const challenges = parseChallenges(res.headers.get('www-authenticate') ?? '');
      const asked = res.status === 401 || res.status === 403;
      const basic = challenges.some((c) => c.scheme.toLowerCase() === 'basic');
      const offers = challenges.length > 0 ? describeChallenges(challenges) : 'no scheme named';
      const what = `GET ${where(url)} without credentials: HTTP ${res.status}`;
      if (!asked)
        return {
          name: 'authentication',
          ok: true,
          detail: `${what}; answers without credentials${challenges.length > 0 ? ` (offers ${offers})` : ''}`,
        };
      if (archive.auth === 'none')
        return {
          name: 'authentication',
          ok: false,
          detail: `${what}; asks for ${offers}, but the archive's auth is none: set auth: archive_credentials`,
        };
      return {
        name: 'authentication',
        ok: basic || challenges.length === 0,
        detail: basic
          ? `${what}; asks for ${offers}: surveyor signs in with HTTP Basic (ARCHIVE_USERNAME, ARCHIVE_PASSWORD_FILE)`
          : `${what}; asks for ${offers}: surveyor signs in only with HTTP Basic, which this service does not name`,
      };
    } catch (e) {
      return { name: 'authentication', ok: false, detail: (e as Error).message };
    }
  }

  /** Whether the account may fetch each dataset: its datalink read (many to a request). */
  async access(name: string, archive: TapArchive, datalinks: readonly string[], signal?: AbortSignal) {
    const http = archiveHttp(name, archive, this.opts.userAgent, this.opts.credentials);
    return readManyAccess(
      http,
      datalinks,
      Math.min(archive.timeout_seconds, 60) * 1000,
      this.datalinkReads,
      signal,
    );
  }

  async ping(name: string, archive: TapArchive, tables: readonly string[], signal?: AbortSignal) {
    const checks: PingCheck[] = [];
    let http: ArchiveHttp;
    try {
      http = archiveHttp(name, archive, this.opts.userAgent, this.opts.credentials);
    } catch (e) {
      return [{ name: 'credentials', ok: false, detail: (e as Error).message }];
    }
    const base = archive.url.replace(/\/+$/, '');
    const timeoutMs = Math.min(archive.timeout_seconds, 30) * 1000;
    const get = async (url: string) => {
      const t0 = Date.now();
      const res = await http.request({ method: 'GET', url, timeoutMs, ...(signal ? { signal } : {}) });
      const text = await res.text(16 * 1024 * 1024);
      return { status: res.status, text, ms: Date.now() - t0 };
    };
    try {
      const r = await get(`${base}/availability`);
      checks.push({
        name: 'reachable',
        ok: r.status < 400 && !/<(\w+:)?available>\s*false/.test(r.text),
        detail: `GET ${where(`${base}/availability`)}: HTTP ${r.status} in ${r.ms} ms`,
      });
    } catch (e) {
      return [{ name: 'reachable', ok: false, detail: (e as Error).message }];
    }
    checks.push(await this.authentication(name, archive, base, timeoutMs, signal));
    if (archive.auth === 'archive_credentials') {
      if (!archive.login_check_url)
        checks.push({
          name: 'credentials',
          ok: true,
          detail: 'the account is configured; no login_check_url to try it against',
        });
      else
        try {
          const r = await get(archive.login_check_url);
          checks.push({
            name: 'credentials',
            ok: r.status < 400,
            detail:
              r.status === 401 || r.status === 403
                ? `GET ${where(archive.login_check_url)}: HTTP ${r.status}: the archive refused the credentials`
                : `GET ${where(archive.login_check_url)}: HTTP ${r.status}`,
          });
        } catch (e) {
          checks.push({ name: 'credentials', ok: false, detail: (e as Error).message });
        }
    }
    if (tables.length > 0) {
      const list = tables.map((t) => `'${t.replace(/'/g, "''")}'`).join(', ');
      try {
        const answer = await this.once(
          http,
          {
            archiveName: name,
            archive: { ...archive, mode: 'sync' },
            queryName: 'tables',
            adql: `SELECT table_name FROM TAP_SCHEMA.tables WHERE table_name IN (${list})`,
            params: {},
            maxRows: tables.length + 1,
          },
          signal,
        );
        const found = new Set(answer.rows.map((r) => String(r['table_name']).toLowerCase()));
        const missing = tables.filter((t) => !found.has(t.toLowerCase()));
        checks.push({
          name: 'tables',
          ok: missing.length === 0,
          detail: missing.length
            ? `not in TAP_SCHEMA.tables: ${missing.join(', ')}`
            : `found ${tables.join(', ')}`,
          data: { tables, missing },
        });
      } catch (e) {
        checks.push({ name: 'tables', ok: false, detail: (e as Error).message });
      }
    }
    return checks;
  }
}

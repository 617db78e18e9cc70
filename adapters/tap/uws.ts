import sax from 'sax';
import { PermanentJobError } from '../../core/domain/job.js';
import { peerText, where } from '../shared/peerText.js';
import { queryError } from './queryStatus.js';
import { type ArchiveHttp, type ArchiveRequest, ArchiveUnavailable, transientStatus } from './archiveHttp.js';
import { sleep } from '../shared/sleep.js';

/** A job's error that says the server lost the worker running it, not that the job is wrong. */
const workerLost = /^Job hung in (QUEUED|EXECUTING)\b/;

/** UWS 1.x job phases. */
export type Phase =
  | 'PENDING'
  | 'QUEUED'
  | 'EXECUTING'
  | 'COMPLETED'
  | 'ERROR'
  | 'ABORTED'
  | 'UNKNOWN'
  | 'HELD'
  | 'SUSPENDED'
  | 'ARCHIVED';

export interface UwsResult {
  readonly id: string;
  readonly href: string;
}

export interface UwsJob {
  readonly phase: Phase | string;
  readonly error: string | null;
  readonly results: UwsResult[];
  /** The job document's UWS version (its root's `version`; absent before UWS 1.1). */
  readonly version?: string;
}

const local = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * A result's href as a usable URL. Some archives (CASDA) percent-encode the whole href; a relative
 * one is resolved against the job.
 */
export const resultUrl = (href: string, jobUrl: string): string => {
  const h = href.trim();
  if (/^https?:\/\//i.test(h)) return h;
  if (/^https?%3A/i.test(h)) return decodeURIComponent(h);
  return new URL(h, jobUrl.endsWith('/') ? jobUrl : `${jobUrl}/`).toString();
};

/** Parses a UWS job document (or a bare `<uws:results>` list): phase, error summary, results. */
export const parseUwsJob = (xml: string): UwsJob => {
  const p = sax.parser(true, { trim: false, normalize: false, xmlns: false });
  let phase = '';
  let error: string | null = null;
  let version: string | undefined;
  const results: UwsResult[] = [];
  const stack: string[] = [];
  let text = '';
  let failed: string | null = null;
  p.onerror = (e) => {
    failed ??= e.message.split('\n')[0]!;
  };
  p.onopentag = (t) => {
    const name = local(t.name);
    if (stack.length === 0 && name === 'job') {
      const v = (t.attributes as Record<string, string>)['version'];
      if (typeof v === 'string') version = v;
    }
    stack.push(name);
    text = '';
    if (name === 'result') {
      const a = t.attributes as Record<string, string>;
      const href = Object.entries(a).find(([k]) => local(k) === 'href')?.[1];
      if (a['id'] !== undefined && href !== undefined) results.push({ id: a['id'], href });
    }
  };
  p.ontext = (t) => {
    if (text.length < 8192) text += t;
  };
  p.onclosetag = (tag) => {
    const name = local(tag);
    stack.pop();
    if (name === 'phase' && stack[stack.length - 1] !== 'parameters') phase = text.trim();
    if (name === 'message' && stack.includes('errorSummary')) error = text.trim();
  };
  p.write(xml).close();
  if (failed) throw new ArchiveUnavailable(`an unreadable UWS document: ${failed}`);
  return { phase, error, results, ...(version !== undefined ? { version } : {}) };
};

/** A UWS 1.1 server (or later): one that blocks a job read on `WAIT` until the phase changes. */
const blocks = (j: UwsJob) => {
  const m = /^(\d+)\.(\d+)/.exec(j.version ?? '');
  return m !== null && (Number(m[1]) > 1 || Number(m[2]) >= 1);
};
const activePhases = ['PENDING', 'QUEUED', 'EXECUTING'];

export interface UwsPolicy {
  /** Longest time from creation to a final phase. */
  readonly deadlineMs: number;
  /** Timeout of each request. */
  readonly requestTimeoutMs: number;
  /** First wait between two polls; it grows by half each time up to `maxPollMs`. */
  readonly firstPollMs: number;
  readonly maxPollMs: number;
  /**
   * Longest a UWS 1.1 blocking read (`?WAIT=<s>&PHASE=<phase>`) is asked to wait for the phase to
   * change, on servers whose job document says 1.1; 0 polls only.
   */
  readonly waitSeconds: number;
}

export const defaultUwsPolicy: UwsPolicy = {
  deadlineMs: 600_000,
  requestTimeoutMs: 60_000,
  firstPollMs: 250,
  maxPollMs: 5_000,
  waitSeconds: 60,
};

/** Reads a status that is neither success nor redirect as an error of the right kind. */
export const statusError = async (
  http: ArchiveHttp,
  res: { status: number; text(max?: number): Promise<string> },
  what: string,
): Promise<Error> => {
  const body = peerText(await res.text(64 * 1024).catch(() => ''), 300);
  const message = `archive ${http.name}: ${what}: HTTP ${res.status}${body ? `: ${body}` : ''}`;
  if (res.status === 401 || res.status === 403)
    return new PermanentJobError(
      `archive ${http.name}: ${what}: HTTP ${res.status}: the archive refused the credentials (check ARCHIVE_USERNAME and ARCHIVE_PASSWORD_FILE)`,
    );
  return transientStatus(res.status) ? new ArchiveUnavailable(message) : new PermanentJobError(message);
};

/**
 * One UWS job on an archive: created by POST (the 303's Location names it), started with
 * PHASE=RUN, then polled (GET on the job: phase, error and results in one document) with a growing
 * wait until it ends or the deadline passes. Every URL it follows must be on the archive's origins.
 */
export class UwsJobRunner {
  constructor(
    private readonly http: ArchiveHttp,
    private readonly policy: UwsPolicy,
  ) {}

  /** Creates the job; returns its URL. */
  async create(url: string, body: Pick<ArchiveRequest, 'form' | 'multipart'>, signal?: AbortSignal) {
    const res = await this.http.request({
      method: 'POST',
      url,
      ...body,
      timeoutMs: this.policy.requestTimeoutMs,
      ...(signal ? { signal } : {}),
    });
    const location = res.headers.get('location');
    res.discard();
    if (res.status >= 300 && res.status < 400 && location) return new URL(location, url).toString();
    if (res.status < 300)
      throw new PermanentJobError(
        `archive ${this.http.name}: POST ${where(url)} made no job (HTTP ${res.status} without a Location)`,
      );
    throw await statusError(this.http, res, `creating a job at ${where(url)}`);
  }

  async start(job: string, signal?: AbortSignal): Promise<void> {
    const res = await this.http.request({
      method: 'POST',
      url: `${job}/phase`,
      form: { PHASE: 'RUN' },
      timeoutMs: this.policy.requestTimeoutMs,
      ...(signal ? { signal } : {}),
    });
    if (res.status >= 400) throw await statusError(this.http, res, `starting job ${where(job)}`);
    res.discard();
  }

  /** Job documents read (polls and blocking reads alike): what WAIT saves is counted in these. */
  reads = 0;
  /** Whether this server honours WAIT; false once it answered a blocking read at once, unchanged. */
  private blocking = true;

  /**
   * Reads the job; with `wait`, a UWS 1.1 blocking read that returns when the phase leaves
   * `wait.phase` or after `wait.seconds`.
   */
  async read(job: string, signal?: AbortSignal, wait?: { seconds: number; phase: string }): Promise<UwsJob> {
    this.reads++;
    const url = new URL(job);
    if (wait) {
      url.searchParams.set('WAIT', String(wait.seconds));
      url.searchParams.set('PHASE', wait.phase);
    }
    const res = await this.http.request({
      method: 'GET',
      url: url.toString(),
      timeoutMs: this.policy.requestTimeoutMs + (wait ? wait.seconds * 1000 : 0),
      ...(signal ? { signal } : {}),
    });
    if (res.status === 404 || res.status === 410) {
      res.discard();
      return { phase: 'GONE', error: null, results: [] };
    }
    if (res.status >= 400) {
      // A server that refuses the parameters is polled from then on.
      if (wait && res.status === 400) {
        res.discard();
        this.blocking = false;
        return this.read(job, signal);
      }
      throw await statusError(this.http, res, `reading job ${where(job)}`);
    }
    return parseUwsJob(await res.text(1024 * 1024));
  }

  /**
   * Waits until the job ends; COMPLETED returns it, any other end is an error with the server's
   * reason. A UWS 1.1 server is asked to block each read until the phase changes (bounded by
   * `waitSeconds` and the deadline); any other, or one that answers a blocking read at once with
   * the phase unchanged, is polled with a growing wait.
   */
  async await(job: string, signal?: AbortSignal): Promise<UwsJob> {
    const until = Date.now() + this.policy.deadlineMs;
    let wait = this.policy.firstPollMs;
    let j = await this.read(job, signal);
    for (;;) {
      if (j.phase === 'COMPLETED') return j;
      if (j.phase === 'ERROR') {
        const why = j.error ?? (await this.errorText(job, signal));
        // The server's worker process ended without ending the job (DaCHS: "Job hung in
        // EXECUTING"): the server's trouble, not the query's; a new job may well pass.
        if (workerLost.test(why))
          throw new ArchiveUnavailable(
            `archive ${this.http.name}: job ${where(job)} was lost by the server (${peerText(why, 200)})`,
          );
        throw new PermanentJobError(
          `archive ${this.http.name}: job ${where(job)} failed: ${peerText(why, 500)}`,
        );
      }
      if (j.phase === 'ABORTED' || j.phase === 'GONE' || j.phase === 'ARCHIVED')
        throw new ArchiveUnavailable(
          `archive ${this.http.name}: job ${where(job)} ended ${j.phase.toLowerCase()}`,
        );
      const left = until - Date.now();
      const seconds = Math.min(this.policy.waitSeconds, Math.floor(left / 1000));
      if (this.blocking && seconds >= 1 && blocks(j) && activePhases.includes(j.phase)) {
        const asked = Date.now();
        const next = await this.read(job, signal, { seconds, phase: j.phase });
        // Back at once with nothing changed: the server does not block; poll it instead.
        if (next.phase === j.phase && Date.now() - asked < Math.min(1000, seconds * 500))
          this.blocking = false;
        j = next;
        continue;
      }
      if (Date.now() + wait > until)
        throw new ArchiveUnavailable(
          `archive ${this.http.name}: job ${where(job)} still ${j.phase} after ${Math.round(this.policy.deadlineMs / 1000)} s`,
        );
      await sleep(wait, signal);
      wait = Math.min(this.policy.maxPollMs, Math.round(wait * 1.5));
      j = await this.read(job, signal);
    }
  }

  private async errorText(job: string, signal?: AbortSignal): Promise<string> {
    try {
      const res = await this.http.request({
        method: 'GET',
        url: `${job}/error`,
        timeoutMs: this.policy.requestTimeoutMs,
        ...(signal ? { signal } : {}),
      });
      const text = await res.text(64 * 1024);
      return queryError(text) ?? text;
    } catch {
      return 'no reason given';
    }
  }

  /** Removes the job (best effort: the archive expires it anyway). */
  async delete(job: string): Promise<void> {
    try {
      const res = await this.http.request({
        method: 'DELETE',
        url: job,
        timeoutMs: this.policy.requestTimeoutMs,
      });
      // Read to its end, not dropped: a server may stop deleting when its client goes away.
      await res.text(64 * 1024);
    } catch {
      // The archive destroys jobs after their lifetime; a failed delete costs it some disk for a while.
    }
  }
}

import { randomBytes } from 'node:crypto';
import { type IncomingMessage, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { PeerUnavailable, PermanentJobError } from '../../core/domain/job.js';
import type { TapArchive } from '../../core/domain/projectConfig.js';
import { agentFor, checkOutbound, isOutboundRefusal, outbound } from '../shared/outbound.js';
import { peerText, where } from '../shared/peerText.js';
import { outboundSpan, urlAttributes } from '../trace/outboundSpan.js';

/** HTTP Basic credentials for one archive (ARCHIVE_USERNAME / ARCHIVE_PASSWORD_FILE). */
export interface ArchiveCredentials {
  readonly username: string;
  readonly password: string;
  /** The origins the admin lets the account go to (ARCHIVE_CREDENTIAL_ORIGINS); no other sees it. */
  readonly origins: readonly string[];
}

/** Where an archive's requests may go, and which of those places may see its credentials. */
export interface ArchiveScope {
  /** Origins (scheme://host:port) this archive's requests may reach: its TAP URL's and the configured ones. */
  readonly origins: readonly string[];
  /** Credentials for the origins above, or null when the archive needs none. */
  readonly credentials: ArchiveCredentials | null;
}

/** The archive did not answer, or answered that it cannot now: worth trying again. */
export class ArchiveUnavailable extends PeerUnavailable {
  constructor(message: string) {
    super('archive', message);
    this.name = 'ArchiveUnavailable';
  }
}

export interface ArchiveRequest {
  readonly method: 'GET' | 'POST' | 'DELETE' | 'HEAD';
  readonly url: string;
  readonly form?: Readonly<Record<string, string | readonly string[]>>;
  /** A multipart body: fields and files (a TAP upload). */
  readonly multipart?: {
    readonly fields: Readonly<Record<string, string>>;
    readonly files: readonly { name: string; filename: string; type: string; content: string }[];
  };
  readonly headers?: Readonly<Record<string, string>>;
  /** Longest wait for the whole exchange (headers and body), unless `idleTimeoutMs` is given. */
  readonly timeoutMs: number;
  /** A download: `timeoutMs` bounds the wait for the headers, then this the silence between bytes. */
  readonly idleTimeoutMs?: number;
  readonly signal?: AbortSignal;
}

export interface ArchiveResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly url: string;
  /** The body as it arrives; read it, or call `discard`. */
  readonly body: AsyncIterable<Buffer>;
  /** Reads the whole body as text, at most `maxBytes` (more is an error, not a memory spike). */
  text(maxBytes?: number): Promise<string>;
  discard(): void;
}

/** scheme://host[:port] as URL parsing writes it (lower case, the default port left out). */
export const originOf = (url: string): string => new URL(url).origin;

/**
 * A pre-signed link (S3's SigV4 or SigV2 query signature): it carries its own authority, and is
 * sent exactly as served, with no credentials (S3 refuses a second way to authenticate, and the
 * archive's account has no business at an object store).
 */
export const presigned = (url: string): boolean => {
  const q = new URL(url).searchParams;
  return q.has('X-Amz-Signature') || (q.has('Signature') && q.has('Expires'));
};

const loopback = (host: string) => host === 'localhost' || host === '[::1]' || /^127\./.test(host);

/**
 * Whether credentials may go with a request to a URL: only to an origin both the archive's
 * configuration and the admin (ARCHIVE_CREDENTIAL_ORIGINS) name, and only over https (or plain http
 * to this machine, for test servers). An operator writes the configuration; only the admin's list
 * decides where the account goes.
 */
export const credentialsAllowed = (scope: ArchiveScope, url: string): boolean => {
  const u = new URL(url);
  const origin = originOf(url);
  return (
    !presigned(url) &&
    scope.origins.includes(origin) &&
    (scope.credentials?.origins.includes(origin) ?? false) &&
    (u.protocol === 'https:' || loopback(u.hostname))
  );
};

const multipartBody = (m: NonNullable<ArchiveRequest['multipart']>) => {
  const boundary = `surveyor-${randomBytes(12).toString('hex')}`;
  const parts: string[] = [];
  for (const [k, v] of Object.entries(m.fields))
    parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  for (const f of m.files)
    parts.push(
      `--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\n` +
        `Content-Type: ${f.type}\r\n\r\n${f.content}\r\n`,
    );
  parts.push(`--${boundary}--\r\n`);
  return { body: Buffer.from(parts.join(''), 'utf8'), type: `multipart/form-data; boundary=${boundary}` };
};

const formBody = (form: NonNullable<ArchiveRequest['form']>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) for (const x of typeof v === 'string' ? [v] : v) p.append(k, x);
  return p.toString();
};

/**
 * HTTP for one archive (cross-fetch): a User-Agent naming surveyor, a timeout on every exchange,
 * no redirect followed on its own (callers follow a UWS 303 after checking where it points), and
 * Basic credentials only where `credentialsAllowed` says. A URL outside the archive's origins is
 * refused before anything is sent.
 */
export class ArchiveHttp {
  constructor(
    readonly name: string,
    readonly scope: ArchiveScope,
    private readonly userAgent: string,
  ) {}

  async request(r: ArchiveRequest): Promise<ArchiveResponse> {
    let u: URL;
    try {
      u = new URL(r.url);
    } catch {
      throw new PermanentJobError(`archive ${this.name}: "${peerText(r.url, 100)}" is not a URL`);
    }
    if (u.protocol !== 'https:' && u.protocol !== 'http:')
      throw new PermanentJobError(`archive ${this.name}: ${u.protocol} URLs are not fetched`);
    if (!this.scope.origins.includes(originOf(r.url)))
      throw new PermanentJobError(
        `archive ${this.name}: ${where(r.url)} is not one of its origins (${this.scope.origins.join(', ')}); list it in the archive's origins to allow it`,
      );
    const { policy, agents } = outbound();
    try {
      checkOutbound(policy, r.url);
    } catch (err) {
      throw new PermanentJobError(`archive ${this.name}: ${(err as Error).message}`);
    }
    const headers: Record<string, string> = { 'user-agent': this.userAgent, ...r.headers };
    if (this.scope.credentials && credentialsAllowed(this.scope, r.url)) {
      const { username, password } = this.scope.credentials;
      headers['authorization'] = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
    }
    let body: string | Buffer | undefined;
    if (r.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = formBody(r.form);
    } else if (r.multipart) {
      const m = multipartBody(r.multipart);
      headers['content-type'] = m.type;
      body = m.body;
    }
    const timer = new Deadline(r.timeoutMs);
    // Aborted when the answer's reader is done with it: with node-fetch, destroying an unread body
    // leaves the connection open and the peer sending; aborting closes it.
    const done = new AbortController();
    const signal = AbortSignal.any([done.signal, timer.signal, ...(r.signal ? [r.signal] : [])]);
    const what = `${r.method} ${where(r.url)}`;
    let res: IncomingMessage;
    try {
      // The span lasts until the answer's head: a download's body is its own span (download.ts).
      res = await outboundSpan(
        `${r.method} archive`,
        { ...urlAttributes(r.method, r.url), 'surveyor.archive': this.name },
        () => send(u, r.method, headers, body, agentFor(agents)(u), signal),
        (m) => ({ 'http.response.status_code': m.statusCode ?? 0 }),
      );
    } catch (err) {
      timer.clear();
      done.abort();
      throw this.failure(err, r, timer, what);
    }
    if (r.idleTimeoutMs !== undefined) timer.restart(r.idleTimeoutMs);
    const stream = res;
    const self = this;
    const body$ = async function* (): AsyncGenerator<Buffer> {
      if (!stream) return timer.clear();
      try {
        for await (const chunk of stream) {
          if (r.idleTimeoutMs !== undefined) timer.restart(r.idleTimeoutMs);
          yield chunk as Buffer;
        }
      } catch (err) {
        throw self.failure(err, r, timer, what);
      } finally {
        timer.clear();
        done.abort();
      }
    };
    return {
      status: res.statusCode ?? 0,
      headers: headersOf(res),
      url: r.url,
      body: body$(),
      async text(maxBytes = 4 * 1024 * 1024) {
        const parts: Buffer[] = [];
        let n = 0;
        for await (const c of body$()) {
          n += c.length;
          if (n > maxBytes)
            throw new PermanentJobError(`${what}: the answer is larger than ${maxBytes} bytes`);
          parts.push(c);
        }
        return Buffer.concat(parts).toString('utf8');
      },
      discard() {
        timer.clear();
        done.abort();
      },
    };
  }

  /**
   * A request whose answer may be a redirect (TAP sync answers may 303 to a result; download links
   * may move): up to 5 hops are followed with GET, each checked against the archive's origins like
   * any request. UWS job creation does not use this: its 303 names the job.
   */
  async fetchFollowing(r: ArchiveRequest): Promise<ArchiveResponse> {
    let res = await this.request(r);
    for (let hop = 0; res.status >= 300 && res.status < 400 && res.status !== 304; hop++) {
      const location = res.headers.get('location');
      res.discard();
      if (!location || hop >= 5)
        throw new PermanentJobError(
          `archive ${this.name}: ${where(r.url)} redirects ${location ? 'more than 5 times' : 'without a Location'}`,
        );
      const next = new URL(location, res.url).toString();
      const { form: _f, multipart: _m, ...rest } = r;
      res = await this.request({ ...rest, method: 'GET', url: next });
    }
    return res;
  }

  private failure(err: unknown, r: ArchiveRequest, timer: Deadline, what: string): Error {
    if (r.signal?.aborted) return (r.signal.reason as Error) ?? (err as Error);
    if (err instanceof PermanentJobError) return err;
    if (isOutboundRefusal(err))
      return new PermanentJobError(`archive ${this.name}: ${what}: ${(err as Error).message}`);
    const why = timer.fired
      ? `nothing for ${Math.round(timer.ms / 1000)} s`
      : peerText((err as Error).message, 200);
    return new ArchiveUnavailable(`archive ${this.name}: ${what}: ${why}`);
  }
}

/**
 * One HTTP exchange on node:http(s) with the outbound agent: the answer's head, its body a stream
 * that fails when the connection ends before the body does. (node-fetch 2, behind cross-fetch,
 * notices a cut only on chunked answers: a download with a Content-Length cut mid-way hung until
 * the idle timeout; scripts/bench staging found it.) No redirect is followed, nothing decoded.
 */
const send = (
  u: URL,
  method: string,
  headers: Record<string, string>,
  body: string | Buffer | undefined,
  agent: import('node:http').Agent,
  signal: AbortSignal,
): Promise<IncomingMessage> =>
  new Promise((resolve, reject) => {
    const request = u.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = request(
      u,
      {
        method,
        headers:
          body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        agent,
        signal,
      },
      resolve,
    );
    req.on('error', reject);
    req.end(body);
  });

/** The answer's headers as fetch's Headers (a repeated header joined with commas). */
const headersOf = (res: IncomingMessage): Headers => {
  const h = new Headers();
  for (const [k, v] of Object.entries(res.headers))
    if (v !== undefined) for (const x of Array.isArray(v) ? v : [v]) h.append(k, x);
  return h;
};

/** A timeout that can be moved (a download's silence between bytes) and cleared. */
class Deadline {
  private readonly ctl = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  fired = false;
  readonly signal = this.ctl.signal;

  constructor(public ms: number) {
    this.restart(ms);
  }

  restart(ms: number) {
    // Called for every piece of a download: the same wait again is a refresh, not a new timer.
    if (this.timer !== undefined && ms === this.ms && !this.fired) {
      this.timer.refresh();
      return;
    }
    clearTimeout(this.timer);
    this.ms = ms;
    this.timer = setTimeout(() => {
      this.fired = true;
      this.ctl.abort(new Error('timeout'));
    }, ms);
    this.timer.unref();
  }

  clear() {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/** A status that retrying may cure: the server is overloaded, restarting or rate-limiting us. */
export const transientStatus = (s: number) => s === 408 || s === 429 || s >= 500;

/** The scope (origins, credentials) of one configured archive. */
export const archiveHttp = (
  name: string,
  archive: TapArchive,
  userAgent: string,
  credentials: () => ArchiveCredentials | null,
): ArchiveHttp => {
  let creds: ArchiveCredentials | null = null;
  if (archive.auth === 'archive_credentials') {
    creds = credentials();
    if (!creds)
      throw new PermanentJobError(
        `archive ${name} needs the archive account: set ARCHIVE_USERNAME and ARCHIVE_PASSWORD_FILE for the worker`,
      );
    const own = originOf(archive.url);
    if (!creds.origins.includes(own))
      throw new PermanentJobError(
        `archive ${name}: ${own} is not an origin the archive account may be sent to (${creds.origins.join(', ')}); an admin lists it in ARCHIVE_CREDENTIAL_ORIGINS, or the archive's auth is none`,
      );
  }
  const origins = [...new Set([originOf(archive.url), ...archive.origins.map(originOf)])];
  return new ArchiveHttp(name, { origins, credentials: creds }, userAgent);
};

import { apiPrefix } from '../../../schema/routes.js';

/** The server answered with an error body (SPEC's error shape). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Readonly<Record<string, unknown>> | undefined,
  ) {
    super(message);
  }
}

/** The server could not be reached, or did not answer in time. */
export class UnreachableError extends Error {}

export interface RequestOptions {
  readonly body?: unknown;
  /** Sent as application/x-yaml instead of JSON. */
  readonly yaml?: string;
  readonly query?: Readonly<Record<string, string | undefined>>;
  readonly headers?: Readonly<Record<string, string>>;
}

const maxAnswerBytes = 64 * 1024 * 1024;

/** The body's bytes, read no further than `max`. */
const boundedBytes = async (res: Response, max: number, what: string): Promise<Buffer> => {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body?.getReader();
  for (let r = await reader?.read(); r && !r.done; r = await reader?.read()) {
    const chunk = r.value;
    size += chunk.byteLength;
    if (size > max) {
      await reader?.cancel();
      throw new UnreachableError(`the answer of ${what} is larger than ${max} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
};

/** surveyor's REST API, over fetch with a timeout on every request. */
export class ApiClient {
  readonly server: string;

  /** Whether this process has said that its API token ends soon (said once). */
  private toldTokenEnds = false;

  constructor(
    server: string,
    private readonly token: string | null,
    private readonly timeoutMs = 30_000,
    /** Where a notice for the person goes (an API token that ends soon); none: not told. */
    private readonly notice?: (line: string) => void,
  ) {
    // The service's root; a URL given with the API's prefix works too.
    this.server = server.replace(/\/+$/, '').replace(new RegExp(`${apiPrefix}$`), '');
  }

  withToken(token: string): ApiClient {
    return new ApiClient(this.server, token, this.timeoutMs);
  }

  async request<T = unknown>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    return (await this.send<T>(method, path, opts)).body;
  }

  /** Every item of a paged list, following `next_cursor` page by page. */
  async all<T>(
    path: string,
    query: Readonly<Record<string, string | undefined>>,
    limit: number,
  ): Promise<T[]> {
    const items: T[] = [];
    for await (const page of this.pages<T>(path, query, limit)) items.push(...page);
    return items;
  }

  /** A paged list's pages as they come, so a long list is shown while the rest is read. */
  async *pages<T>(
    path: string,
    query: Readonly<Record<string, string | undefined>>,
    limit: number,
  ): AsyncGenerator<T[]> {
    let cursor: string | undefined;
    do {
      const page = await this.request<{ items: T[]; next_cursor: string | null }>('GET', path, {
        query: { ...query, limit: String(limit), cursor },
      });
      yield page.items;
      cursor = page.next_cursor ?? undefined;
    } while (cursor !== undefined);
  }

  /** The answer's body and status (201 and 200 may differ in meaning: created, or already there). */
  async send<T = unknown>(
    method: string,
    path: string,
    opts: RequestOptions = {},
  ): Promise<{ status: number; body: T }> {
    const { status, bytes } = await this.exchange(method, path, opts);
    return { status, body: parsedJson(bytes.toString('utf8')) as T };
  }

  /** The answer's bytes as the server sent them (an artifact, whose digest is of these). */
  async bytes(method: string, path: string, opts: RequestOptions = {}): Promise<Buffer> {
    return (await this.exchange(method, path, opts)).bytes;
  }

  /**
   * An API token that ends within three days is said once on stderr, so a cron job's log shows it
   * before the job starts failing.
   */
  private tellTokenEnds(header: string | null): void {
    const ends = header === null ? Number.NaN : Date.parse(header);
    if (!this.notice || this.toldTokenEnds || Number.isNaN(ends)) return;
    const hours = (ends - Date.now()) / 3_600_000;
    if (hours >= 72) return;
    this.toldTokenEnds = true;
    const left = hours >= 48 ? `${Math.floor(hours / 24)} days` : `${Math.max(0, Math.floor(hours))} hours`;
    this.notice(
      `the API token in SURVEYOR_TOKEN ends in ${left} (${header}): make a new one with surveyor token create`,
    );
  }

  /** One request; an answer that is not 2xx is thrown as the server's error. */
  private async exchange(
    method: string,
    path: string,
    opts: RequestOptions,
  ): Promise<{ status: number; bytes: Buffer }> {
    const url = new URL(`${this.server}${apiPrefix}${path}`);
    for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) url.searchParams.set(k, v);
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
    if (this.token) headers['authorization'] = `Bearer ${this.token}`;
    let body: string | undefined;
    if (opts.yaml !== undefined) {
      headers['content-type'] = 'application/x-yaml';
      body = opts.yaml;
    } else if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers,
        body: body ?? null,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      const why = (err as { cause?: { code?: string; message?: string } }).cause;
      throw new UnreachableError(
        `cannot reach surveyor at ${this.server}: ${why?.code ?? why?.message ?? (err as Error).message}`,
      );
    }
    const bytes = await boundedBytes(res, maxAnswerBytes, `${method} ${path}`);
    this.tellTokenEnds(res.headers.get('x-surveyor-token-expires'));
    if (res.ok) return { status: res.status, bytes };
    const e = (parsedJson(bytes.toString('utf8')) ?? {}) as {
      error?: { code?: string; message?: string; details?: Record<string, unknown> };
    };
    throw new ApiError(
      res.status,
      e.error?.code ?? `http_${res.status}`,
      e.error?.message ?? `${method} ${path} answered HTTP ${res.status}`,
      e.error?.details,
    );
  }
}

/** JSON when the text is JSON; the text as it is otherwise (reported as it is). */
const parsedJson = (text: string): unknown => {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

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

/** The body as text, read no further than `max` bytes. */
const boundedText = async (res: Response, max: number, what: string): Promise<string> => {
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
  return Buffer.concat(chunks).toString('utf8');
};

/** surveyor's REST API, over fetch with a timeout on every request. */
export class ApiClient {
  readonly server: string;

  constructor(
    server: string,
    private readonly token: string | null,
    private readonly timeoutMs = 30_000,
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
    let cursor: string | undefined;
    do {
      const page = await this.request<{ items: T[]; next_cursor: string | null }>('GET', path, {
        query: { ...query, limit: String(limit), cursor },
      });
      items.push(...page.items);
      cursor = page.next_cursor ?? undefined;
    } while (cursor !== undefined);
    return items;
  }

  /** The answer's body and status (201 and 200 may differ in meaning: created, or already there). */
  async send<T = unknown>(
    method: string,
    path: string,
    opts: RequestOptions = {},
  ): Promise<{ status: number; body: T }> {
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
    const text = await boundedText(res, maxAnswerBytes, `${method} ${path}`);
    let parsed: unknown = text;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      // Not JSON: reported as it is below.
    }
    if (res.ok) return { status: res.status, body: parsed as T };
    const e = (parsed ?? {}) as {
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

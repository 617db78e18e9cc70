import { Agent as HttpsAgent } from 'node:https';
import fetch from 'cross-fetch';
import { peerText, where } from '../shared/peerText.js';

export { peerText, where };

/** A request to a DALiuGE service; bodies are JSON or form-encoded as each endpoint expects. */
export interface DlgRequest {
  readonly method: 'GET' | 'POST' | 'DELETE' | 'HEAD';
  readonly url: string;
  readonly json?: unknown;
  readonly form?: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
  /** false: accept any TLS certificate (a profile's `verify_ssl: false`). */
  readonly verifyTls?: boolean;
  /** Largest response body read; a bigger one is an error, not a memory spike. */
  readonly maxBytes?: number;
}

export interface DlgResponse {
  readonly status: number;
  readonly text: string;
}

/** The service could not be reached or did not answer in time: worth trying again later. */
export class DlgUnreachable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DlgUnreachable';
  }
}

const insecureAgent = new HttpsAgent({ rejectUnauthorized: false });

/** One HTTP exchange; any status comes back, only a failure to talk raises DlgUnreachable. */
export const dlgRequest = async (r: DlgRequest): Promise<DlgResponse> => {
  const timeout = AbortSignal.timeout(r.timeoutMs);
  const signal = r.signal ? AbortSignal.any([r.signal, timeout]) : timeout;
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: string | undefined;
  if (r.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(r.json);
  } else if (r.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(r.form as Record<string, string>).toString();
  }
  const insecure = r.url.startsWith('https:') && r.verifyTls === false;
  try {
    const res = await fetch(r.url, {
      method: r.method,
      headers,
      body,
      signal,
      // node-fetch (under cross-fetch) takes an agent and a size limit; the DOM typings know neither.
      ...({ agent: insecure ? insecureAgent : undefined, size: r.maxBytes ?? 0 } as object),
    });
    return { status: res.status, text: r.method === 'HEAD' ? '' : await res.text() };
  } catch (err) {
    if (r.signal?.aborted) throw r.signal.reason ?? err;
    const e = err as Error & { type?: string; code?: string };
    if (e.type === 'max-size')
      throw new Error(`${r.method} ${where(r.url)}: the answer is larger than ${r.maxBytes} bytes`);
    const why = timeout.aborted
      ? `no answer within ${Math.round(r.timeoutMs / 1000)} s`
      : peerText(e.message, 200);
    throw new DlgUnreachable(`${r.method} ${where(r.url)}: ${why}`);
  }
};

/** Parses a JSON answer, or says what came instead. */
export const jsonOf = (res: DlgResponse, what: string): unknown => {
  try {
    return JSON.parse(res.text);
  } catch {
    throw new Error(`${what}: the answer is not JSON (HTTP ${res.status}: ${peerText(res.text, 200)})`);
  }
};

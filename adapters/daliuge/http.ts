import fetch from 'cross-fetch';
import { PeerUnavailable, PermanentJobError } from '../../core/domain/job.js';
import { agentFor, checkOutbound, isOutboundRefusal, outbound } from '../shared/outbound.js';
import { peerText, where } from '../shared/peerText.js';
import { outboundSpan, urlAttributes } from '../trace/outboundSpan.js';

export { peerText, where };

/** A request to a DALiuGE service; bodies are JSON or form-encoded as each endpoint expects. */
export interface DlgRequest {
  /** Which DALiuGE service: a run waits through its outage as that peer's (core/domain/peerOutage.ts). */
  readonly peer: 'translator' | 'island_manager';
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
export class DlgUnreachable extends PeerUnavailable {
  constructor(peer: 'translator' | 'island_manager', message: string) {
    super(peer, message);
    this.name = 'DlgUnreachable';
  }
}

/**
 * application/x-www-form-urlencoded. URLSearchParams builds its text a character run at a time: for
 * a 5,000-drop graph (megabytes) that was 1.2 s of collector work before the request left; the
 * engine's encodeURIComponent does it in one pass (spaces as %20, which every form reader takes).
 * toWellFormed: a lone surrogate becomes U+FFFD, as URLSearchParams made it, instead of a URIError.
 */
export const formBody = (form: Readonly<Record<string, string>>): string =>
  Object.entries(form)
    .map(([k, v]) => `${encodeURIComponent(k.toWellFormed())}=${encodeURIComponent(v.toWellFormed())}`)
    .join('&');

/**
 * One HTTP exchange, a span of the trace it serves; any status comes back, only a failure to talk
 * raises DlgUnreachable.
 */
export const dlgRequest = (r: DlgRequest): Promise<DlgResponse> =>
  outboundSpan(
    `${r.method} ${r.peer}`,
    { ...urlAttributes(r.method, r.url), 'surveyor.peer': r.peer },
    () => exchange(r),
    (res) => ({ 'http.response.status_code': res.status }),
  );

const exchange = async (r: DlgRequest): Promise<DlgResponse> => {
  const timeout = AbortSignal.timeout(r.timeoutMs);
  // Aborted when the exchange is over: with node-fetch that closes a connection whose body was
  // left unread (a redirect, an answer over the size limit) instead of letting the peer go on.
  const done = new AbortController();
  const signal = AbortSignal.any([done.signal, timeout, ...(r.signal ? [r.signal] : [])]);
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: string | undefined;
  if (r.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(r.json);
  } else if (r.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = formBody(r.form);
  }
  const { policy, agents } = outbound();
  try {
    checkOutbound(policy, r.url);
  } catch (err) {
    throw new PermanentJobError(`${r.method} ${where(r.url)}: ${(err as Error).message}`);
  }
  try {
    const res = await fetch(r.url, {
      method: r.method,
      headers,
      body,
      signal,
      // A redirect could lead anywhere: it is an answer, never followed.
      redirect: 'manual',
      // node-fetch (under cross-fetch) takes an agent and a size limit; the DOM typings know neither.
      ...({ agent: agentFor(agents, r.verifyTls !== false), size: r.maxBytes ?? 0 } as object),
    });
    if (res.status >= 300 && res.status < 400)
      throw new PermanentJobError(
        `${r.method} ${where(r.url)}: HTTP ${res.status}, a redirect (not followed)`,
      );
    return { status: res.status, text: r.method === 'HEAD' ? '' : await res.text() };
  } catch (err) {
    if (err instanceof PermanentJobError) throw err;
    if (r.signal?.aborted) throw r.signal.reason ?? err;
    if (isOutboundRefusal(err))
      throw new PermanentJobError(`${r.method} ${where(r.url)}: ${(err as Error).message}`);
    const e = err as Error & { type?: string; code?: string };
    if (e.type === 'max-size')
      throw new Error(`${r.method} ${where(r.url)}: the answer is larger than ${r.maxBytes} bytes`);
    const why = timeout.aborted
      ? `no answer within ${Math.round(r.timeoutMs / 1000)} s`
      : peerText(e.message, 200);
    throw new DlgUnreachable(r.peer, `${r.method} ${where(r.url)}: ${why}`);
  } finally {
    done.abort();
  }
};

/** Parses a JSON answer, or says what came instead. */
export const jsonOf = (res: DlgResponse, what: string): unknown => {
  try {
    return JSON.parse(res.text);
  } catch {
    // The body itself is not repeated: a URL pointed at the wrong service must not echo it to clients.
    throw new Error(
      `${what}: the answer is not JSON (HTTP ${res.status}, ${Buffer.byteLength(res.text)} bytes)`,
    );
  }
};

import type { DropSpec } from '../../core/ports/Translator.js';
import {
  type DlgError,
  describeDlgError,
  hasType,
  isNoSession,
  isTransientStatus,
  parseDlgError,
} from './dlgErrors.js';
import { type DlgRequest, type DlgResponse, dlgRequest, jsonOf, where } from './http.js';
import { nodeStatesOf } from './sessionFacts.js';

/** The island manager answered with an error; `transient` says whether asking again may help. */
export class DimError extends Error {
  constructor(
    readonly what: string,
    readonly error: DlgError,
  ) {
    super(`island manager ${what}: ${describeDlgError(error)}`);
    this.name = 'DimError';
  }
  get transient(): boolean {
    return isTransientStatus(this.error.status);
  }
}

export interface DimClientOptions {
  /** `http(s)://host:port` of the DIM as the service reaches it. */
  readonly base: string;
  readonly verifyTls: boolean;
  readonly timeoutMs: number;
  readonly maxBytes: number;
}

/**
 * The REST API of a DALiuGE island manager (`dlg dim`), as 6.6 answers it. Session ids travel in
 * the path, so they are percent-encoded; ours are `surveyor-<uuid>-a<n>` anyway.
 */
export class DimClient {
  constructor(private readonly o: DimClientOptions) {}

  url(path: string): string {
    return `${this.o.base.replace(/\/+$/, '')}${path}`;
  }

  sessionUrl(id: string, tail = ''): string {
    return this.url(`/api/sessions/${encodeURIComponent(id)}${tail}`);
  }

  private async send(
    r: Omit<DlgRequest, 'peer' | 'timeoutMs' | 'verifyTls' | 'maxBytes'>,
  ): Promise<DlgResponse> {
    return dlgRequest({
      ...r,
      peer: 'island_manager',
      timeoutMs: this.o.timeoutMs,
      verifyTls: this.o.verifyTls,
      maxBytes: this.o.maxBytes,
    });
  }

  private async ok(
    what: string,
    r: Omit<DlgRequest, 'peer' | 'timeoutMs' | 'verifyTls' | 'maxBytes'>,
  ): Promise<unknown> {
    const res = await this.send(r);
    if (res.status < 200 || res.status >= 300) throw new DimError(what, parseDlgError(res));
    return jsonOf(res, `island manager ${what} (${where(r.url)})`);
  }

  /** The node managers this DIM manages (`host:port:events:rpc`). */
  async nodes(signal?: AbortSignal): Promise<string[]> {
    const doc = await this.ok('node list', { method: 'GET', url: this.url('/api/nodes'), signal });
    if (!Array.isArray(doc)) throw new Error(`island manager node list (${this.o.base}): not a list`);
    return doc.map(String);
  }

  /** Creates the session; `exists` when it was there already (a resumed submission). */
  async createSession(id: string, signal?: AbortSignal): Promise<'created' | 'exists'> {
    const res = await this.send({
      method: 'POST',
      url: this.url('/api/sessions'),
      json: { sessionId: id },
      signal,
    });
    if (res.status >= 200 && res.status < 300) return 'created';
    const e = parseDlgError(res);
    if (hasType(e, 'SessionAlreadyExistsException')) return 'exists';
    throw new DimError(`create session ${id}`, e);
  }

  /** The per-node states of one session, or null when the DIM does not know it. */
  async status(id: string, signal?: AbortSignal): Promise<Map<string, number> | null> {
    const res = await this.send({ method: 'GET', url: this.sessionUrl(id, '/status'), signal });
    if (res.status >= 200 && res.status < 300)
      return nodeStatesOf(jsonOf(res, `island manager status of ${id}`));
    const e = parseDlgError(res);
    if (isNoSession(e)) return null;
    throw new DimError(`status of session ${id}`, e);
  }

  async append(id: string, graph: readonly DropSpec[], signal?: AbortSignal): Promise<void> {
    await this.ok(`append graph to session ${id}`, {
      method: 'POST',
      url: this.sessionUrl(id, '/graph/append'),
      json: graph,
      signal,
    });
  }

  async deploy(id: string, completed: readonly string[], signal?: AbortSignal): Promise<void> {
    await this.ok(`deploy session ${id}`, {
      method: 'POST',
      url: this.sessionUrl(id, '/deploy'),
      form: { completed: completed.join(',') },
      signal,
    });
  }

  /** Per drop `{status, execStatus}`; refused by a DIM before the session runs. */
  async graphStatus(id: string, signal?: AbortSignal): Promise<unknown> {
    return this.ok(`graph status of session ${id}`, {
      method: 'GET',
      url: this.sessionUrl(id, '/graph/status'),
      signal,
    });
  }

  /** Per drop `{status, execStatus}`, or null when the DIM does not know the session. */
  async dropStatus(id: string, signal?: AbortSignal): Promise<unknown> {
    const res = await this.send({ method: 'GET', url: this.sessionUrl(id, '/graph/status'), signal });
    if (res.status >= 200 && res.status < 300) return jsonOf(res, `island manager graph status of ${id}`);
    const e = parseDlgError(res);
    if (isNoSession(e)) return null;
    throw new DimError(`graph status of session ${id}`, e);
  }

  /** The session's graph as the DIM holds it, `{oid: drop spec}` with the links across nodes. */
  async graph(id: string, signal?: AbortSignal): Promise<unknown> {
    return this.ok(`graph of session ${id}`, { method: 'GET', url: this.sessionUrl(id, '/graph'), signal });
  }

  /**
   * Asks every node manager to cancel. Nodes whose part is not running (finished, or never given
   * drops) refuse, so a 555 is normal here: the caller reads the session status afterwards.
   */
  async cancel(id: string, signal?: AbortSignal): Promise<'sent' | 'refused' | 'no_session'> {
    const res = await this.send({ method: 'POST', url: this.sessionUrl(id, '/cancel'), signal });
    if (res.status >= 200 && res.status < 300) return 'sent';
    const e = parseDlgError(res);
    if (isNoSession(e)) return 'no_session';
    if (e.status === 555 || e.status === 400 || e.status === 409) return 'refused';
    throw new DimError(`cancel session ${id}`, e);
  }

  async remove(id: string, signal?: AbortSignal): Promise<void> {
    const res = await this.send({ method: 'DELETE', url: this.sessionUrl(id), signal });
    if (res.status >= 300 && !isNoSession(parseDlgError(res)))
      throw new DimError(`delete session ${id}`, parseDlgError(res));
  }
}

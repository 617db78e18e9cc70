import type { DlgResponse } from './http.js';

/**
 * DALiuGE managers answer errors as JSON `{"type": "<ExceptionClass>", "args": ...}`. An island
 * manager wraps its node managers' errors: HTTP 555 `{"type": "SubManagerException", "args":
 * {"<node>": {"type": ..., "args": ...}, ...}}` (only the nodes that failed are listed). So what
 * happened is read from the nested types, not from the status code.
 */
export interface DlgError {
  readonly status: number;
  /** The outer exception class, or null when the body was not DALiuGE's error JSON. */
  readonly type: string | null;
  /** For SubManagerException: each failing node and its exception class. */
  readonly nodes: readonly { readonly node: string; readonly type: string }[];
  readonly text: string;
}

export const parseDlgError = (res: DlgResponse): DlgError => {
  let doc: unknown;
  try {
    doc = JSON.parse(res.text);
  } catch {
    return { status: res.status, type: null, nodes: [], text: res.text };
  }
  const o = (doc ?? {}) as { type?: unknown; args?: unknown };
  const type = typeof o.type === 'string' ? o.type : null;
  const nodes =
    type === 'SubManagerException' && o.args && typeof o.args === 'object'
      ? Object.entries(o.args as Record<string, { type?: unknown }>).map(([node, v]) => ({
          node,
          type: typeof v?.type === 'string' ? v.type : 'unknown',
        }))
      : [];
  return { status: res.status, type, nodes, text: res.text };
};

/** Every exception class the error names: the nested ones when wrapped, else the outer one. */
export const errorTypes = (e: DlgError): string[] =>
  e.nodes.length > 0 ? [...new Set(e.nodes.map((n) => n.type))] : e.type ? [e.type] : [];

/** True when every named class is one of `types` (and at least one is named). */
export const onlyTypes = (e: DlgError, ...types: string[]): boolean => {
  const named = errorTypes(e);
  return named.length > 0 && named.every((t) => types.includes(t));
};

export const hasType = (e: DlgError, type: string): boolean => errorTypes(e).includes(type);

/** The session does not exist on the manager (NM: 404 NoSessionException; DIM: 555 wrapping it). */
export const isNoSession = (e: DlgError): boolean => e.status === 404 || onlyTypes(e, 'NoSessionException');

/** A short description for errors and events: status, classes per node, and the body's start. */
export const describeDlgError = (e: DlgError): string => {
  const parts =
    e.nodes.length > 0
      ? e.nodes.map((n) => `${n.node}: ${n.type}`).join(', ')
      : (e.type ?? `not a DALiuGE error document (${Buffer.byteLength(e.text)} bytes)`);
  return `HTTP ${e.status} ${e.nodes.length > 0 ? `${e.type} (${parts})` : parts}`;
};

/** Statuses that say "try again later" rather than "this request is wrong". */
export const isTransientStatus = (status: number): boolean => [408, 429, 502, 503, 504].includes(status);

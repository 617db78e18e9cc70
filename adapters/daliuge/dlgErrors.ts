import type { UnreachableNodes } from '../../core/domain/backendStates.js';
import { peerText } from '../shared/peerText.js';
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
  /** For SubManagerException: each failing node and its exception class (and its words, if any). */
  readonly nodes: readonly { readonly node: string; readonly type: string; readonly message?: string }[];
  /** The exception's own words (its `args`), bounded and redacted, when it has any. */
  readonly message?: string;
  readonly text: string;
}

/**
 * An exception's `args` as words: a string, or a list of strings and numbers. DALiuGE fills some
 * with placeholders ("dummy") that say nothing.
 */
const wordsOf = (args: unknown): string | undefined => {
  const parts = (Array.isArray(args) ? args : [args]).filter(
    (a): a is string | number =>
      (typeof a === 'string' && a.trim() !== '' && a !== 'dummy') || typeof a === 'number',
  );
  return parts.length > 0 ? peerText(parts.join(', '), 200) : undefined;
};

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
    type === 'SubManagerException' && o.args && typeof o.args === 'object' && !Array.isArray(o.args)
      ? Object.entries(o.args as Record<string, { type?: unknown; args?: unknown }>).map(([node, v]) => {
          const message = wordsOf(v?.args);
          return {
            node,
            type: typeof v?.type === 'string' ? v.type : 'unknown',
            ...(message ? { message } : {}),
          };
        })
      : [];
  const message = nodes.length > 0 ? undefined : wordsOf(o.args);
  return { status: res.status, type, nodes, ...(message ? { message } : {}), text: res.text };
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
      ? e.nodes.map((n) => `${n.node}: ${n.type}${n.message ? `: ${n.message}` : ''}`).join(', ')
      : e.type
        ? `${e.type}${e.message ? `: ${e.message}` : ''}`
        : (errorPage(e.text) ?? `not a DALiuGE error document (${Buffer.byteLength(e.text)} bytes)`);
  return `HTTP ${e.status} ${e.nodes.length > 0 ? `${e.type} (${parts})` : parts}`;
};

/**
 * The island manager's web framework (bottle) answers an exception it did not map with an HTML
 * page whose only words are its title: say so, rather than "not an error document". Only the
 * title is taken, and only from such a page.
 */
const errorPage = (text: string): string | null => {
  const title = /<title>Error: \d{3} ([A-Za-z ]{1,60})<\/title>/.exec(text.slice(0, 4096));
  return title ? `${title[1]} (an error page without a reason: the island manager's log has it)` : null;
};

/** Statuses that say "try again later" rather than "this request is wrong". */
export const isTransientStatus = (status: number): boolean => [408, 429, 502, 503, 504].includes(status);

/**
 * The node managers that an island manager's error says could not answer for a session (a host
 * down or cut off: `OSError`, or its own timeout, nested as `SubManagerException`), as `host:port`
 * (DALiuGE names a node `host:rest port:event port:rpc port`). Null when the error is not about
 * its node managers, or only says the session is not there.
 */
export const unansweringNodes = (e: DlgError): UnreachableNodes | null => {
  const nodes = e.nodes.filter((n) => n.type !== 'NoSessionException');
  if (e.type !== 'SubManagerException' || nodes.length === 0) return null;
  return {
    nodes: [...new Set(nodes.map((n) => n.node.split(':').slice(0, 2).join(':')))].sort(),
    detail: describeDlgError(e),
  };
};

import { PermanentJobError } from '../../core/domain/job.js';
import type { TranslationSettings } from '../../core/domain/profile.js';
import type { PingCheck } from '../../core/ports/PingCheck.js';
import type { DimAddress, DropSpec, Translator } from '../../core/ports/Translator.js';
import { isTransientStatus } from './dlgErrors.js';
import { hostRefusal, outbound } from '../shared/outbound.js';
import { DlgUnreachable, dlgRequest, jsonOf, peerText, where } from './http.js';
import { sleep } from '../shared/sleep.js';

export interface TranslatorOptions {
  /** Used when a profile's translation has no `tm_url` (SERVICE_TRANSLATOR_URL). */
  readonly defaultUrl: string;
  readonly timeoutMs: number;
  readonly maxBytes: number;
  /** Quick retries inside one step, for transient failures only (the queue retries the step later). */
  readonly tries?: number;
  readonly backoffMs?: number;
}

interface TranslatorCall {
  readonly what: string;
  readonly url: string;
  readonly form: Readonly<Record<string, string>>;
  /** A 500 here may pass (mapping: the translator could not reach the DIM for a moment). */
  readonly serverErrorIsTransient: boolean;
}

/** A transient translator failure: the step is retried (here, then by the queue). */
class TranslatorBusy extends Error {}

/**
 * A 500 while partitioning: tried again within the step, then it fails the execution. DALiuGE 6.6
 * answers a graph its unrolling cannot handle with a 500 (the same graph fails the same way), but
 * also the first partitions a fresh translator runs at once: it patches the metis module on first
 * use from several threads without a lock (`AttributeError: module 'metis' has no attribute
 * 'part_graph'`).
 */
class PartitionServerError extends PermanentJobError {}

/**
 * The DALiuGE translator (`dlg tm`, FastAPI): `POST /unroll_and_partition` and `POST /map`, both
 * form-encoded. A 4xx, or a 500 while partitioning that persists over the step's tries (see
 * PartitionServerError), fails the execution with the translator's own words; unreachable,
 * timeouts, 502-504, and a 500 while mapping
 * (the translator calls the island manager itself, which may be down for a moment) are retried.
 */
/** How long a translator's version is taken as known. */
const versionKeptMs = 5 * 60_000;

export class DaliugeTranslator implements Translator {
  constructor(private readonly o: TranslatorOptions) {}

  /** The translator's URL for an endpoint: its base's path plus the endpoint's, never its query or fragment. */
  private endpoint(s: TranslationSettings, path: string): string {
    const u = new URL(s.tm_url ?? this.o.defaultUrl);
    u.pathname = `${u.pathname.replace(/\/+$/, '')}${path}`;
    u.search = '';
    u.hash = '';
    u.username = '';
    u.password = '';
    return u.toString();
  }

  async partition(logicalGraph: string, s: TranslationSettings, signal?: AbortSignal): Promise<DropSpec[]> {
    return this.call(
      {
        what: 'partition',
        url: this.endpoint(s, '/unroll_and_partition'),
        form: {
          lg_content: logicalGraph,
          num_partitions: String(s.num_par),
          // 0 (our default: "let the translator decide") is not accepted everywhere upstream; 1 is.
          num_islands: String(Math.max(1, s.num_islands)),
          algorithm: s.algo,
        },
        serverErrorIsTransient: false,
      },
      signal,
    );
  }

  async map(
    partitioned: readonly DropSpec[],
    s: TranslationSettings,
    dim: DimAddress,
    signal?: AbortSignal,
  ): Promise<DropSpec[]> {
    // The translator connects to this address for us: it must be one we may reach ourselves.
    const refused = hostRefusal(outbound().policy, dim.host, dim.port, 'web');
    if (refused) throw new PermanentJobError(`the island manager for the translator: ${refused}`);
    return this.call(
      {
        what: `map onto the island manager at ${dim.host}:${dim.port}`,
        url: this.endpoint(s, '/map'),
        form: {
          pgt_content: JSON.stringify(partitioned),
          host: dim.host,
          port: String(dim.port),
          num_islands: String(Math.max(1, s.num_islands)),
        },
        serverErrorIsTransient: true,
      },
      signal,
    );
  }

  /** What each translator said its version was, and when: asked again after versionKeptMs. */
  private readonly versions = new Map<string, { readonly version: string | null; readonly at: number }>();

  /**
   * `info.version` of the translator's OpenAPI document (DALiuGE's own version); null when it has
   * none. Kept for a few minutes per translator, so a run does not cost one more request: a
   * translator is upgraded far less often than that.
   */
  async version(s: TranslationSettings, signal?: AbortSignal): Promise<string | null> {
    const url = this.endpoint(s, '/openapi.json');
    const kept = this.versions.get(url);
    if (kept && Date.now() - kept.at < versionKeptMs) return kept.version;
    const version = await this.askVersion(url, signal);
    // Bounded: profiles name a handful of translators.
    if (this.versions.size >= 100) this.versions.clear();
    this.versions.set(url, { version, at: Date.now() });
    return version;
  }

  private async askVersion(url: string, signal?: AbortSignal): Promise<string | null> {
    const res = await dlgRequest({
      peer: 'translator',
      method: 'GET',
      url,
      timeoutMs: Math.min(this.o.timeoutMs, 10_000),
      maxBytes: 1024 * 1024,
      ...(signal ? { signal } : {}),
    });
    if (res.status !== 200) return null;
    const v = (jsonOf(res, `GET ${where(url)}`) as { info?: { version?: unknown } }).info?.version;
    return typeof v === 'string' && /^[\w.+-]{1,40}$/.test(v) ? v : null;
  }

  async ping(s: TranslationSettings, signal?: AbortSignal): Promise<PingCheck> {
    const url = this.endpoint(s, '/');
    const started = Date.now();
    try {
      const res = await dlgRequest({
        peer: 'translator',
        method: 'HEAD',
        url,
        timeoutMs: Math.min(this.o.timeoutMs, 10_000),
        signal,
      });
      const ms = Date.now() - started;
      return res.status < 400
        ? {
            name: 'translator',
            ok: true,
            detail: `${where(url)} answers (${ms} ms)`,
            data: { url: where(url), ms },
          }
        : {
            name: 'translator',
            ok: false,
            detail: `${where(url)} answers HTTP ${res.status} to HEAD /`,
            data: { url: where(url) },
          };
    } catch (err) {
      return { name: 'translator', ok: false, detail: (err as Error).message, data: { url: where(url) } };
    }
  }

  private async call(c: TranslatorCall, signal?: AbortSignal): Promise<DropSpec[]> {
    const tries = this.o.tries ?? 3;
    for (let i = 1; ; i++) {
      try {
        return await this.once(c, signal);
      } catch (err) {
        const transient =
          err instanceof DlgUnreachable ||
          err instanceof TranslatorBusy ||
          err instanceof PartitionServerError;
        if (!transient || i >= tries || signal?.aborted) throw err;
        await sleep((this.o.backoffMs ?? 1000) * 2 ** (i - 1), signal);
      }
    }
  }

  private async once(
    { what, url, form, serverErrorIsTransient }: TranslatorCall,
    signal?: AbortSignal,
  ): Promise<DropSpec[]> {
    const res = await dlgRequest({
      peer: 'translator',
      method: 'POST',
      url,
      form,
      timeoutMs: this.o.timeoutMs,
      signal,
      maxBytes: this.o.maxBytes,
    });
    const label = `translator ${what} (${where(url)})`;
    if (res.status >= 200 && res.status < 300) {
      const doc = jsonOf(res, label);
      if (!Array.isArray(doc)) throw new PermanentJobError(`${label}: the answer is not a list of drops`);
      return doc as DropSpec[];
    }
    const message = `${label}: HTTP ${res.status}: ${translatorMessage(res.text)}`;
    if (isTransientStatus(res.status) || (res.status >= 500 && serverErrorIsTransient))
      throw new TranslatorBusy(
        serverErrorIsTransient && res.status === 500
          ? `${message} (the translator reaches the island manager itself: is it reachable from there?)`
          : message,
      );
    if (res.status !== 500) throw new PermanentJobError(message);
    // DALiuGE 6.6's /unroll_and_partition answers an exception with a bare "Internal Server
    // Error"; its /gen_pgt runs the same unrolling and partitioning and names the exception.
    const why = await this.diagnose(url, form, signal);
    if (why === null || /module 'metis' has no attribute/.test(why)) throw new PartitionServerError(message);
    throw new PermanentJobError(`${label}: HTTP 500: the translator cannot translate this graph: ${why}`);
  }

  /**
   * Why the translator fails on a graph, from its `/gen_pgt` (the same work, with the exception in
   * its answer): the exception's last line and where it was raised, bounded and redacted; null
   * when it does not fail there (the 500 was not the graph's) or cannot be asked.
   */
  private async diagnose(
    url: string,
    form: Readonly<Record<string, string>>,
    signal?: AbortSignal,
  ): Promise<string | null> {
    if (form['lg_content'] === undefined) return null;
    const ask = () =>
      dlgRequest({
        peer: 'translator',
        method: 'POST',
        url: url.replace(/\/unroll_and_partition$/, '/gen_pgt'),
        form: {
          lg_name: 'surveyor.graph',
          json_data: form['lg_content']!,
          num_par: form['num_partitions'] ?? '1',
          num_islands: form['num_islands'] ?? '1',
          algo: form['algorithm'] ?? 'metis',
        },
        timeoutMs: this.o.timeoutMs,
        signal,
        maxBytes: this.o.maxBytes,
      });
    try {
      // The translator's server drops the connection an unhandled exception was answered on, and
      // the pooled socket may be that one: a second try goes on a new connection.
      const res = await ask().catch((err) => {
        if (err instanceof DlgUnreachable) return ask();
        throw err;
      });
      if (res.status !== 500) return null;
      return exceptionOf((JSON.parse(res.text) as { detail?: unknown }).detail);
    } catch {
      return null;
    }
  }
}

/**
 * The exception a Python traceback ends with, and the innermost frame (file relative to its
 * package, line, function): `KeyError: 'fromPort' (in dlg/dropmake/lg.py:497, _link_drops)`.
 */
export const exceptionOf = (detail: unknown): string | null => {
  if (typeof detail !== 'string') return null;
  const last = detail.trimEnd().split('\n').at(-1)?.trim();
  if (!last || !detail.includes('Traceback')) return detail.trim() ? peerText(detail, 300) : null;
  const frames = [...detail.matchAll(/File "([^"]+)", line (\d+), in (\S+)/g)];
  const frame = frames.at(-1);
  // The path on the translator's host says nothing to the user: the module path in its package does.
  const path = frame?.[1] ?? '';
  const file = /-packages\//.test(path) ? path.replace(/^.*-packages\//, '') : path.replace(/^.*\//, '');
  return peerText(frame ? `${last} (in ${file}:${frame[2]}, ${frame[3]})` : last, 300);
};

/**
 * FastAPI's `{"detail": ...}` (a string, or validation entries). Anything else is not repeated:
 * errors reach viewers, and a URL pointed at another service must not echo that service's answer.
 */
const translatorMessage = (text: string): string => {
  try {
    const d = (JSON.parse(text) as { detail?: unknown }).detail;
    if (typeof d === 'string') return peerText(d, 300);
    if (Array.isArray(d))
      return peerText(
        d
          .map((x: { loc?: unknown[]; msg?: unknown }) => `${(x.loc ?? []).join('.')}: ${String(x.msg)}`)
          .join('; '),
        300,
      );
  } catch {
    // not JSON: fall through
  }
  return `not a translator error document (${Buffer.byteLength(text)} bytes)`;
};

import { createHash } from 'node:crypto';
import { readFile, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import fetch from 'cross-fetch';
import { agentFor, checkOutbound, isOutboundRefusal, outbound } from '../shared/outbound.js';
import { where } from '../shared/peerText.js';
import { PermanentJobError } from '../../core/domain/job.js';
import type { GraphRef } from '../../core/domain/projectConfig.js';
import type { GraphStore, LoadedGraph } from '../../core/ports/GraphStore.js';

/**
 * Logical graphs from the worker's graph directory (SERVICE_GRAPH_DIR; a path may not leave it)
 * or from an http(s) URL, at most `maxBytes`. A missing file is permanent (the configuration names
 * a graph this worker does not have); a failed download is retried by the queue.
 */
export class FileOrUrlGraphStore implements GraphStore {
  constructor(
    private readonly dir: string,
    private readonly maxBytes: number,
    private readonly timeoutMs = 30_000,
    private readonly cacheBytes = 32 * 1024 * 1024,
  ) {}

  /** Graphs whose content matched their pinned sha256, by place and digest; oldest out first. */
  private readonly verified = new Map<string, LoadedGraph>();
  private verifiedBytes = 0;

  /**
   * A graph whose content was found to match the sha256 a configuration pins is kept (up to
   * `cacheBytes` in all) and served again for that same place and digest without reading the
   * directory or downloading: every run of a project loads the same graph. Content that does not
   * match is never kept, so the run's own check still refuses it.
   */
  async load(
    ref: GraphRef,
    signal?: AbortSignal,
    opts: { readonly fresh?: boolean } = {},
  ): Promise<LoadedGraph> {
    const key = `${ref.path ?? ref.url}\n${ref.sha256}`;
    const kept = this.verified.get(key);
    if (kept !== undefined && !opts.fresh) return kept;
    if (kept !== undefined) {
      this.verified.delete(key);
      this.verifiedBytes -= Buffer.byteLength(kept.text);
    }
    const text = ref.path !== undefined ? await this.fromDir(ref.path) : await this.fromUrl(ref.url!, signal);
    const graph = { text, sha256: createHash('sha256').update(text).digest('hex') };
    const bytes = Buffer.byteLength(text);
    if (bytes <= this.cacheBytes && graph.sha256 === ref.sha256) {
      this.verified.set(key, graph);
      this.verifiedBytes += bytes;
      for (const [k, v] of this.verified) {
        if (this.verifiedBytes <= this.cacheBytes) break;
        this.verified.delete(k);
        this.verifiedBytes -= Buffer.byteLength(v.text);
      }
    }
    return graph;
  }

  private async fromDir(path: string): Promise<string> {
    const root = resolve(this.dir);
    const full = resolve(join(root, path));
    const rel = relative(root, full);
    if (isAbsolute(path) || rel.startsWith('..'))
      throw new PermanentJobError(`graph path ${path} leaves the graph directory (SERVICE_GRAPH_DIR)`);
    let real: string;
    try {
      real = await realpath(full);
    } catch {
      throw new PermanentJobError(`graph ${path} is not in the graph directory (SERVICE_GRAPH_DIR)`);
    }
    if (relative(await realpath(root), real).startsWith('..'))
      throw new PermanentJobError(`graph ${path} links outside the graph directory (SERVICE_GRAPH_DIR)`);
    if ((await stat(real)).size > this.maxBytes)
      throw new PermanentJobError(`graph ${path} is larger than ${this.maxBytes} bytes`);
    return readFile(real, 'utf8');
  }

  /**
   * A graph from a URL an admin allowed (SERVICE_OUTBOUND_HOSTS): no redirect followed, the body
   * counted as it arrives and cut at the cap, never read whole first.
   */
  private async fromUrl(url: string, signal?: AbortSignal): Promise<string> {
    const { policy } = outbound();
    try {
      checkOutbound(policy, url);
    } catch (err) {
      throw new PermanentJobError(`graph ${where(url)}: ${(err as Error).message}`);
    }
    const timeout = AbortSignal.timeout(this.timeoutMs);
    // Aborting, not destroying the body, is what closes node-fetch's connection: a body left unread
    // would keep the peer sending.
    const done = new AbortController();
    try {
      return await this.download(
        url,
        AbortSignal.any([done.signal, timeout, ...(signal ? [signal] : [])]),
        timeout,
      );
    } finally {
      done.abort();
    }
  }

  private async download(url: string, signal: AbortSignal, timeout: AbortSignal): Promise<string> {
    const { agents } = outbound();
    let res: Response;
    try {
      res = await fetch(url, {
        signal,
        redirect: 'manual',
        agent: agentFor(agents),
      } as RequestInit);
    } catch (err) {
      if (isOutboundRefusal(err))
        throw new PermanentJobError(`graph ${where(url)}: ${(err as Error).message}`);
      throw new Error(
        `graph ${where(url)}: ${timeout.aborted ? 'no answer in time' : (err as Error).message}`,
      );
    }
    const body = res.body as unknown as Readable | null;
    if (res.status >= 300 && res.status < 400)
      throw new PermanentJobError(`graph ${where(url)}: HTTP ${res.status}, a redirect (not followed)`);
    if (res.status === 404 || res.status === 410)
      throw new PermanentJobError(`graph ${where(url)}: HTTP ${res.status}`);
    if (!res.ok) throw new Error(`graph ${where(url)}: HTTP ${res.status}`);
    const declared = Number(res.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > this.maxBytes)
      throw new PermanentJobError(`graph ${where(url)} is ${declared} bytes, more than ${this.maxBytes}`);
    const parts: Buffer[] = [];
    let size = 0;
    for await (const chunk of body ?? []) {
      size += (chunk as Buffer).length;
      if (size > this.maxBytes)
        throw new PermanentJobError(`graph ${where(url)} is larger than ${this.maxBytes} bytes`);
      parts.push(chunk as Buffer);
    }
    return Buffer.concat(parts).toString('utf8');
  }
}

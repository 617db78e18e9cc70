import { readFile, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import fetch from 'cross-fetch';
import { PermanentJobError } from '../../core/domain/job.js';
import type { GraphRef } from '../../core/domain/projectConfig.js';
import type { GraphStore } from '../../core/ports/GraphStore.js';

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
  ) {}

  async load(ref: GraphRef, signal?: AbortSignal): Promise<string> {
    return ref.path !== undefined ? this.fromDir(ref.path) : this.fromUrl(ref.url!, signal);
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
      throw new PermanentJobError(`graph ${path} is not in the graph directory ${root} (SERVICE_GRAPH_DIR)`);
    }
    if (relative(await realpath(root), real).startsWith('..'))
      throw new PermanentJobError(`graph ${path} links outside the graph directory (SERVICE_GRAPH_DIR)`);
    if ((await stat(real)).size > this.maxBytes)
      throw new PermanentJobError(`graph ${path} is larger than ${this.maxBytes} bytes`);
    return readFile(real, 'utf8');
  }

  private async fromUrl(url: string, signal?: AbortSignal): Promise<string> {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const res = await fetch(url, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    if (res.status === 404 || res.status === 410)
      throw new PermanentJobError(`graph ${url}: HTTP ${res.status}`);
    if (!res.ok) throw new Error(`graph ${url}: HTTP ${res.status}`);
    const text = await res.text();
    if (Buffer.byteLength(text) > this.maxBytes)
      throw new PermanentJobError(`graph ${url} is larger than ${this.maxBytes} bytes`);
    return text;
  }
}

// A proxy in front of DaCHS that rewrites its address byte for byte, slows downloads and can answer 503
// to everything, as an archive down for maintenance.
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';

export interface Download {
  readonly path: string;
  readonly range: string | null;
  sent: number;
  done: boolean;
}

const listenOn = (server: Server, port: number) =>
  new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => resolve(true));
  });

/**
 * A proxy in front of the archive testbed that the worker talks to instead of DaCHS, so a test can
 * watch (and slow down) every download. DaCHS writes its own address into what it serves (datalink
 * URLs in table rows, SODA service URLs, job locations, result links), so the proxy listens on a
 * port with as many digits as DaCHS's and swaps one address for the other byte for byte: string
 * lengths stay the same, so even BINARY VOTables (base64 streams) can be rewritten in place.
 * Result downloads are sent in `chunk`-byte pieces every `delayMs`; `onProgress` sees each piece.
 * `setDown(true)` answers every request 503 until `setDown(false)`.
 */
export const archiveProxy = async (
  upstream: string,
  opts: { chunk: number; delayMs: number; onProgress?: (d: Download) => void | Promise<void> },
) => {
  const up = new URL(upstream);
  const downloads: Download[] = [];
  const server = createServer((req, res) => void handle(req, res));
  let port = 0;
  for (let i = 0; i < 200 && port === 0; i++) {
    const digits = up.port.length;
    const low = Math.max(1025, 10 ** (digits - 1));
    const high = Math.min(65535, 10 ** digits - 1);
    const candidate = low + Math.floor(Math.random() * (high - low + 1));
    if (candidate !== Number(up.port) && (await listenOn(server, candidate))) port = candidate;
  }
  if (port === 0) throw new Error(`no free port with ${up.port.length} digits for the archive proxy`);
  const theirs = Buffer.from(`127.0.0.1:${up.port}`);
  const ours = Buffer.from(`127.0.0.1:${port}`);
  const swap = (b: Buffer, from: Buffer, to: Buffer) => {
    const out = Buffer.from(b);
    for (let i = out.indexOf(from); i >= 0; i = out.indexOf(from, i + from.length)) to.copy(out, i);
    return out;
  };
  /** Swaps addresses in text and inside base64 STREAMs of a VOTable. */
  const rewrite = (body: Buffer, from: Buffer, to: Buffer) => {
    const text = swap(body, from, to).toString('latin1');
    return Buffer.from(
      text.replace(/(<STREAM[^>]*>)([^<]*)(<\/STREAM>)/g, (_m, open: string, b64: string, close: string) => {
        const bytes = swap(Buffer.from(b64.replace(/\s+/g, ''), 'base64'), from, to);
        return `${open}${bytes.toString('base64')}${close}`;
      }),
      'latin1',
    );
  };
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  // Down for maintenance: every request answered 503, as an archive's front end does then.
  const state = { down: false, refused: 0 };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (state.down) {
      state.refused++;
      req.resume();
      res.writeHead(503, { 'content-type': 'text/plain', 'retry-after': '60' });
      res.end('the archive is down for maintenance');
      return;
    }
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = swap(Buffer.concat(chunks), ours, theirs);
    // Plain bodies only: a compressed one could not be rewritten.
    const { 'accept-encoding': _encoding, ...rest } = req.headers;
    const headers = { ...rest, host: `127.0.0.1:${up.port}`, 'content-length': String(body.length) };
    const path = req.url ?? '/';
    const isDownload = /\/results\//.test(path) && !path.endsWith('.checksum');
    const u = request(
      { host: '127.0.0.1', port: up.port, method: req.method, path, headers },
      async (answer) => {
        const out: Record<string, string | string[]> = {};
        for (const [k, v] of Object.entries(answer.headers)) if (v !== undefined) out[k] = v;
        if (typeof out['location'] === 'string')
          out['location'] = out['location'].replace(theirs.toString(), ours.toString());
        if (!isDownload) {
          const parts: Buffer[] = [];
          for await (const c of answer) parts.push(c as Buffer);
          const rewritten = rewrite(Buffer.concat(parts), theirs, ours);
          delete out['transfer-encoding'];
          out['content-length'] = String(rewritten.length);
          res.writeHead(answer.statusCode ?? 502, out);
          res.end(rewritten);
          return;
        }
        const d: Download = {
          path,
          range: (req.headers['range'] as string | undefined) ?? null,
          sent: 0,
          done: false,
        };
        downloads.push(d);
        res.writeHead(answer.statusCode ?? 502, out);
        const parts: Buffer[] = [];
        for await (const c of answer) parts.push(c as Buffer);
        const all = Buffer.concat(parts);
        for (let i = 0; i < all.length && !res.destroyed; i += opts.chunk) {
          res.write(all.subarray(i, i + opts.chunk));
          d.sent += Math.min(opts.chunk, all.length - i);
          await opts.onProgress?.(d);
          await sleep(opts.delayMs);
        }
        d.done = !res.destroyed;
        res.end();
      },
    );
    u.on('error', () => res.destroy());
    u.end(body);
  };

  return {
    url: `http://127.0.0.1:${port}`,
    downloads,
    /** Takes the archive down (every request answered 503) or brings it back. */
    setDown: (down: boolean) => {
      state.down = down;
    },
    /** Requests answered 503 while down. */
    refused: () => state.refused,
    /** Rewrites a text that names DaCHS (a configuration) to name the proxy. */
    toProxy: (text: string) => text.split(theirs.toString()).join(ours.toString()),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

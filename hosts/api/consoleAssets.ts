import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Where `scripts/setup` writes the built console (scripts/build-console.ts). */
export const consoleDir = fileURLToPath(new URL('../../console/', import.meta.url));

/**
 * Only the console's own files, scripts and styles; no inline script or style, no other origin,
 * no framing. The API answers from the same origin, so `connect-src 'self'` is all it needs.
 */
export const consoleCsp = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const securityHeaders = {
  'Content-Security-Policy': consoleCsp,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

interface Asset {
  readonly body: Buffer;
  readonly gzip: Buffer;
  readonly type: string;
  readonly etag: string;
  /** Names with a content hash never change: cached for a year. index.html is checked every time. */
  readonly immutable: boolean;
}

/**
 * The built console, read once into memory: a request names a file by its exact name in this
 * table, so nothing from a URL ever reaches the file system.
 */
export const loadConsoleAssets = (dir = consoleDir): ReadonlyMap<string, Asset> => {
  const assets = new Map<string, Asset>();
  if (!existsSync(dir)) return assets;
  for (const name of readdirSync(dir)) {
    const type = types[extname(name)];
    if (!type) continue;
    const body = readFileSync(join(dir, name));
    assets.set(name, {
      body,
      gzip: gzipSync(body, { level: 9 }),
      type,
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
      immutable: name !== 'index.html',
    });
  }
  return assets;
};

const acceptsGzip = (req: IncomingMessage) => /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));

/** Sends `name` from the table, or a 404 page (the console's own files are all there is). */
export const sendConsoleAsset = (
  assets: ReadonlyMap<string, Asset>,
  name: string,
  req: IncomingMessage,
  res: ServerResponse,
): number => {
  const asset = assets.get(name);
  if (!asset) {
    const missing = assets.size === 0;
    const text = missing
      ? 'The console is not built in this installation: run scripts/setup.\n'
      : 'Not found.\n';
    res.writeHead(missing && name === 'index.html' ? 503 : 404, {
      ...securityHeaders,
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
    });
    res.end(text);
    return missing && name === 'index.html' ? 503 : 404;
  }
  const headers: Record<string, string> = {
    ...securityHeaders,
    'Content-Type': asset.type,
    ETag: asset.etag,
    Vary: 'Accept-Encoding',
    'Cache-Control': asset.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  };
  if (req.headers['if-none-match'] === asset.etag) {
    res.writeHead(304, headers);
    res.end();
    return 304;
  }
  const gz = acceptsGzip(req);
  const body = gz ? asset.gzip : asset.body;
  res.writeHead(200, {
    ...headers,
    ...(gz ? { 'Content-Encoding': 'gzip' } : {}),
    'Content-Length': String(body.length),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
  return 200;
};

// The other end of scripts/bench staging, in a process of its own so that it takes no time from
// the download it serves: a file server on loopback that answers as DaCHS does (Content-Length,
// Accept-Ranges, a FITS type, Range requests), behind one shaped link per round trip asked for
// (test/support/shapedLink.ts). Prints {"<round trip>": port, ...} once listening; on "cut <rtt>"
// on standard input drops that link's connections (answering "cut"); exits when the input ends.
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { type ShapedLink, shapedLink } from '../support/shapedLink.js';

const [dir, trips, windowBytes] = [
  process.argv[2]!,
  process.argv[3]!.split(',').map(Number),
  Number(process.argv[4]),
];
const server = createServer((req, res) => {
  const path = join(dir, decodeURIComponent((req.url ?? '/').slice(1)).replace(/[/\\\\]/g, ''));
  let size: number;
  try {
    size = statSync(path).size;
  } catch {
    res.writeHead(404).end();
    return;
  }
  const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
  const start = range ? Number(range[1]) : 0;
  const headers = {
    'Content-Type': 'application/fits',
    'Accept-Ranges': 'bytes',
    'Content-Length': String(size - start),
    'Last-Modified': new Date(0).toUTCString(),
  };
  if (range) res.writeHead(206, { ...headers, 'Content-Range': `bytes ${start}-${size - 1}/${size}` });
  else res.writeHead(200, headers);
  createReadStream(path, { start }).pipe(res);
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const port = (server.address() as AddressInfo).port;
const links = new Map<number, ShapedLink>();
for (const rtt of trips) links.set(rtt, await shapedLink({ host: '127.0.0.1', port }, rtt, windowBytes));
process.stdout.write(`${JSON.stringify(Object.fromEntries([...links].map(([k, l]) => [k, l.port])))}\n`);
for await (const line of createInterface({ input: process.stdin })) {
  const m = /^cut (\d+)$/.exec(line.trim());
  if (m) {
    links.get(Number(m[1]))?.cut();
    process.stdout.write('cut\n');
  }
}
process.exit(0);

// Staging over a long link: our download (adapters/tap/download.ts: .part file, CASDA checksum
// verified as the bytes stream, fsync, rename) beside curl on the same files and the same link.
// A file server on loopback answers as DaCHS does (Content-Length, Accept-Ranges, a FITS type,
// Range requests); a user-space link (test/support/shapedLink.ts) adds 0, 50 and 200 ms of round
// trip and bounds each connection to a 4 MiB window, as TCP on a long link is bounded. Both run in
// a process of their own (stagingPeer.ts), so that they take no time from our download. Files of 10
// MB, 100 MB and 1 GB one at a time, 8 of 100 MB at once, and a resume after the link is cut half
// way. Prints MB/s and our throughput as a share of curl's, and this process's peak RSS during a
// 1 GB download. Asserts nothing. Run: scripts/bench staging [sizes in MB, e.g. 10,100,1000]
import { execFile, spawn } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { setOutboundPolicy } from '../../adapters/shared/outbound.js';
import { ArchiveHttp } from '../../adapters/tap/archiveHttp.js';
import { parseCasdaChecksum } from '../../adapters/tap/casdaChecksum.js';
import { checksumOf, downloadFile } from '../../adapters/tap/download.js';

const run = promisify(execFile);
const MB = 1024 * 1024;
const sizes = (process.argv[2] ?? '10,100,1000').split(',').map(Number);
// Round trips in ms (`0` alone for a profile of the fast link, say).
const roundTrips = (process.argv[3] ?? '0,50,200').split(',').map(Number);
const window = 4 * MB;
const dir = mkdtempSync(join(tmpdir(), 'surveyor-bench-staging-'));
const files = join(dir, 'files');
const out = join(dir, 'out');

// Files of random bytes (a 1 MiB random block repeated, so nothing compresses and making them is quick).
const block = randomFillSync(Buffer.alloc(MB));
const make = (name: string, mb: number) => {
  const fd = openSync(join(files, name), 'w');
  for (let i = 0; i < mb; i++) {
    block[0] = i & 0xff;
    writeSync(fd, block);
  }
  closeSync(fd);
};
await import('node:fs/promises').then((f) =>
  Promise.all([f.mkdir(files, { recursive: true }), f.mkdir(out, { recursive: true })]),
);
for (const mb of new Set([...sizes, 100])) make(`f${mb}.fits`, mb);

// The file server and the links in a process of their own (stagingPeer.ts).
const peer = spawn(
  process.execPath,
  [fileURLToPath(new URL('./stagingPeer.js', import.meta.url)), files, roundTrips.join(','), String(window)],
  {
    stdio: ['pipe', 'pipe', 'inherit'],
  },
);
const peerLines = createInterface({ input: peer.stdout! })[Symbol.asyncIterator]();
const ports = JSON.parse((await peerLines.next()).value as string) as Record<string, number>;
const cut = async (rtt: number) => {
  peer.stdin!.write(`cut ${rtt}\n`);
  await peerLines.next();
};
setOutboundPolicy({ hosts: null, allowPrivate: true });

const limits = { maxFileBytes: 4096 * MB, minFreeBytes: 0, connectTimeoutMs: 30_000, idleTimeoutMs: 30_000 };
const expected = new Map<string, ReturnType<typeof parseCasdaChecksum>>();
for (const mb of new Set([...sizes, 100]))
  expected.set(`f${mb}.fits`, parseCasdaChecksum(await checksumOf(join(files, `f${mb}.fits`))));

const clean = () => rmSync(out, { recursive: true, force: true });
const curl = (port: number, name: string, dest: string) =>
  run('curl', ['-s', '-f', '-o', dest, `http://127.0.0.1:${port}/${name}`], { maxBuffer: 1024 * 1024 });
const ours = (port: number, name: string, dest: string) => {
  const origin = `http://127.0.0.1:${port}`;
  const http = new ArchiveHttp('bench', { origins: [origin], credentials: null }, 'surveyor-bench');
  return downloadFile(http, `${origin}/${name}`, dest, expected.get(name)!, limits);
};
const timed = async (f: () => Promise<unknown>) => {
  const t = performance.now();
  await f();
  return (performance.now() - t) / 1000;
};

const rows: string[][] = [];
let peakRss = 0;
for (const rtt of roundTrips) {
  const link = { port: ports[String(rtt)]!, cut: () => cut(rtt) };
  const mkdirOut = async () => {
    clean();
    await import('node:fs/promises').then((f) => f.mkdir(out, { recursive: true }));
  };
  for (const mb of sizes) {
    const name = `f${mb}.fits`;
    await mkdirOut();
    const c = await timed(() => curl(link.port, name, join(out, 'curl')));
    let sampler: NodeJS.Timeout | undefined;
    const rssBefore = process.memoryUsage.rss();
    if (mb >= 1000)
      sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss() - rssBefore)), 50);
    const o = await timed(() => ours(link.port, name, join(out, 'ours')));
    if (sampler) clearInterval(sampler);
    rows.push([String(rtt), `1 × ${mb} MB`, (mb / c).toFixed(1), (mb / o).toFixed(1), (c / o).toFixed(2)]);
    console.error(
      `  ${rtt} ms, ${mb} MB: curl ${(mb / c).toFixed(1)} MB/s, ours ${(mb / o).toFixed(1)} MB/s`,
    );
  }
  // 8 files of 100 MB at once: eight curls, eight downloads in this process.
  await mkdirOut();
  const c8 = await timed(() =>
    Promise.all(Array.from({ length: 8 }, (_, i) => curl(link.port, 'f100.fits', join(out, `curl${i}`)))),
  );
  const o8 = await timed(() =>
    Promise.all(Array.from({ length: 8 }, (_, i) => ours(link.port, 'f100.fits', join(out, `ours${i}`)))),
  );
  rows.push([
    String(rtt),
    '8 × 100 MB at once',
    (800 / c8).toFixed(1),
    (800 / o8).toFixed(1),
    (c8 / o8).toFixed(2),
  ]);
  console.error(
    `  ${rtt} ms, 8 × 100 MB: curl ${(800 / c8).toFixed(1)} MB/s, ours ${(800 / o8).toFixed(1)} MB/s`,
  );
  // Cut half way, then resumed with a Range request (curl -C - does the same for its side).
  await mkdirOut();
  const half = async (download: () => Promise<unknown>, partFile: string) => {
    const p = download().catch(() => undefined);
    while ((statSync(partFile, { throwIfNoEntry: false })?.size ?? 0) < 50 * MB)
      await new Promise((r) => setTimeout(r, 5));
    await link.cut();
    await p;
  };
  const cr = await timed(async () => {
    await half(() => curl(link.port, 'f100.fits', join(out, 'curl')), join(out, 'curl'));
    await run('curl', [
      '-s',
      '-f',
      '-C',
      '-',
      '-o',
      join(out, 'curl'),
      `http://127.0.0.1:${link.port}/f100.fits`,
    ]);
  });
  let resumedFrom = 0;
  const or = await timed(async () => {
    await half(() => ours(link.port, 'f100.fits', join(out, 'ours')), join(out, 'ours.part'));
    resumedFrom = (await ours(link.port, 'f100.fits', join(out, 'ours'))).resumedFrom;
  });
  rows.push([
    String(rtt),
    `100 MB cut at half, resumed (from ${(resumedFrom / MB).toFixed(0)} MB)`,
    (100 / cr).toFixed(1),
    (100 / or).toFixed(1),
    (cr / or).toFixed(2),
  ]);
}
peer.stdin!.end();
rmSync(dir, { recursive: true, force: true });

const head = ['round trip (ms)', 'files', 'curl MB/s', 'ours MB/s', 'ours / curl'];
console.log(
  `Staging beside curl over a user-space link (window ${window / MB} MiB per connection; no loss: no netem here)`,
);
console.log(`| ${head.join(' | ')} |`);
console.log(`|${head.map(() => '---|').join('')}`);
for (const r of rows) console.log(`| ${r.join(' | ')} |`);
if (peakRss > 0)
  console.log(`\nthis process's RSS grew by at most ${(peakRss / MB).toFixed(0)} MiB while downloading 1 GB`);
process.exit(0);

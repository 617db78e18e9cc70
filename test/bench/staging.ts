// Staging over a long link: our download (adapters/tap/download.ts: .part file, CASDA checksum
// verified as the bytes stream, fsync, rename) beside curl on the same files and the same link.
// A file server on loopback answers as DaCHS does (Content-Length, Accept-Ranges, a FITS type,
// Range requests); a user-space link (test/support/shapedLink.ts) adds 0, 50 and 200 ms of round
// trip and bounds each connection to a 4 MiB window, as TCP on a long link is bounded. Both run in
// a process of their own (stagingPeer.ts), so that they take no time from our download. Files of 10
// MB, 100 MB and 1 GB one at a time, 8 of 100 MB at once, and a resume after the link is cut half
// way. Prints MB/s of curl, of curl followed by an fsync (ours syncs before the rename), and ours,
// our share of each, the CPU this process and the peer used, and this process's peak RSS during a
// 1 GB download. Asserts nothing. Run: scripts/bench staging [sizes in MB, e.g. 10,100,1000]
import { execFile, spawn } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { setOutboundPolicy } from '../../adapters/shared/outbound.js';
import { ArchiveHttp } from '../../adapters/tap/archiveHttp.js';
import { parseCasdaChecksum } from '../../adapters/tap/casdaChecksum.js';
import { checksumOf, downloadFile } from '../../adapters/tap/download.js';
import { ownCpu, processCpu } from './cpuUse.js';

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
mkdirSync(files, { recursive: true });
mkdirSync(out, { recursive: true });
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
// Each run starts with nothing left for the disk to write: otherwise the one before's writeback (a
// gigabyte in the page cache) throttles the next one's writes, and the second in a pair pays for both.
// `busy`: this process's CPU time over the last timed run's, as a share of one core (the main
// thread and libuv's pool together: what our download costs; curl's runs leave it near 0).
// `peerBusy`: the same for the file server and the link (their process), read from /proc.
let busy = 0;
let peerBusy = 0;
const timed = async (f: () => Promise<unknown>) => {
  await run('sync');
  const t = performance.now();
  const [cpu, peerCpu] = [ownCpu(), processCpu(peer.pid!)];
  await f();
  const s = (performance.now() - t) / 1000;
  busy = (ownCpu() - cpu) / s;
  peerBusy = (processCpu(peer.pid!) - peerCpu) / s;
  return s;
};
const core = () => `${(busy * 100).toFixed(0)}% + ${(peerBusy * 100).toFixed(0)}%`;

const rows: string[][] = [];
let peakRss = 0;
// curl leaves its bytes in the page cache; ours are on the disk (fsync) before the rename. So curl
// is timed twice: as it is, and followed by an fsync of what it wrote (the like-for-like figure).
const fsynced = (files: string[]) => run('sync', ['--data', ...files]);
/** One row: curl, curl then fsync, ours (each from a clean page cache), as MB/s and ratios. */
const row = async (
  rtt: number,
  label: () => string,
  mb: number,
  curlRun: () => Promise<string[]>,
  oursRun: () => Promise<unknown>,
) => {
  const c = await timed(curlRun);
  const cs = await timed(async () => fsynced(await curlRun()));
  let sampler: NodeJS.Timeout | undefined;
  const rssBefore = process.memoryUsage.rss();
  if (mb >= 1000)
    sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss() - rssBefore)), 50);
  const o = await timed(oursRun);
  if (sampler) clearInterval(sampler);
  rows.push([
    String(rtt),
    label(),
    (mb / c).toFixed(1),
    (mb / cs).toFixed(1),
    (mb / o).toFixed(1),
    (c / o).toFixed(2),
    (cs / o).toFixed(2),
    core(),
  ]);
  console.error(
    `  ${rtt} ms, ${label()}: curl ${(mb / c).toFixed(1)} MB/s, ours ${(mb / o).toFixed(1)} MB/s`,
  );
};
for (const rtt of roundTrips) {
  const link = { port: ports[String(rtt)]!, cut: () => cut(rtt) };
  const fresh = () => {
    clean();
    mkdirSync(out, { recursive: true });
  };
  for (const mb of sizes) {
    const name = `f${mb}.fits`;
    fresh();
    await row(
      rtt,
      () => `1 × ${mb} MB`,
      mb,
      async () => {
        await curl(link.port, name, join(out, 'curl'));
        return [join(out, 'curl')];
      },
      () => ours(link.port, name, join(out, 'ours')),
    );
  }
  // 8 files of 100 MB at once: eight curls, eight downloads in this process.
  fresh();
  const eight = Array.from({ length: 8 }, (_, i) => i);
  await row(
    rtt,
    () => '8 × 100 MB at once',
    800,
    async () => {
      await Promise.all(eight.map((i) => curl(link.port, 'f100.fits', join(out, `curl${i}`))));
      return eight.map((i) => join(out, `curl${i}`));
    },
    () => Promise.all(eight.map((i) => ours(link.port, 'f100.fits', join(out, `ours${i}`)))),
  );
  // Cut half way, then resumed with a Range request (curl -C - does the same for its side).
  fresh();
  const half = async (download: () => Promise<unknown>, partFile: string) => {
    const p = download().catch(() => undefined);
    while ((statSync(partFile, { throwIfNoEntry: false })?.size ?? 0) < 50 * MB)
      await new Promise((r) => setTimeout(r, 5));
    await link.cut();
    await p;
  };
  let resumedFrom = 0;
  await row(
    rtt,
    () => `100 MB cut at half, resumed (from ${(resumedFrom / MB).toFixed(0)} MB)`,
    100,
    async () => {
      rmSync(join(out, 'curl'), { force: true });
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
      return [join(out, 'curl')];
    },
    async () => {
      await half(() => ours(link.port, 'f100.fits', join(out, 'ours')), join(out, 'ours.part'));
      resumedFrom = (await ours(link.port, 'f100.fits', join(out, 'ours'))).resumedFrom;
    },
  );
}
peer.stdin!.end();
rmSync(dir, { recursive: true, force: true });

const head = [
  'round trip (ms)',
  'files',
  'curl MB/s',
  'curl + fsync MB/s',
  'ours MB/s',
  'ours / curl',
  'ours / (curl + fsync)',
  'CPU ours + peer (of one core)',
];
console.log(
  `Staging beside curl over a user-space link (window ${window / MB} MiB per connection; no loss: no netem here)`,
);
console.log(`| ${head.join(' | ')} |`);
console.log(`|${head.map(() => '---|').join('')}`);
for (const r of rows) console.log(`| ${r.join(' | ')} |`);
if (peakRss > 0)
  console.log(`\nthis process's RSS grew by at most ${(peakRss / MB).toFixed(0)} MiB while downloading 1 GB`);
process.exit(0);

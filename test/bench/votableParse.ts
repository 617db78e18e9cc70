// VOTable parse rate and peak memory for 100,000 rows from the archive testbed (surveyor.bulk), in
// TABLEDATA and BINARY2, with surveyor's streaming reader and beside it astropy's reader (from PyPI,
// pinned in scripts/bench), each in a process of its own, median of 3 rounds. Asserts nothing.
// Run: scripts/bench votable
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { archiveTestbed, tapSync } from '../support/archive.js';

const python = process.argv[2];
if (!python)
  throw new Error('usage: votableParse.js <python with astropy> (scripts/bench votable makes one)');
const tb = archiveTestbed();
const dir = mkdtempSync(join(tmpdir(), 'surveyor-votable-bench-'));
const one = fileURLToPath(new URL('./votableParseOne.js', import.meta.url));
const astropyScript = fileURLToPath(new URL('../../../test/bench/votable_parse_astropy.py', import.meta.url));

interface Result {
  rows: number;
  seconds: number;
  peak_rss_bytes: number;
  live_heap_bytes?: number;
}
const median = (xs: Result[]) => [...xs].sort((a, b) => a.seconds - b.seconds)[Math.floor(xs.length / 2)]!;
const runs = (cmd: string, args: string[]) =>
  median(
    Array.from({ length: 3 }, () => JSON.parse(execFileSync(cmd, args, { encoding: 'utf8' })) as Result),
  );

try {
  console.log(
    'VOTable parse of 100,000 rows (surveyor.bulk: int, text, 2 doubles, float, long, boolean, text with nulls)',
  );
  console.log('| serialization | file (MB) | reader | rows/s | MB/s | peak RSS (MB) | live heap (MB) |');
  console.log('|---|---|---|---|---|---|---|');
  for (const [label, format] of [
    ['TABLEDATA', 'votable/td'],
    ['BINARY2', 'votable/b2'],
  ] as const) {
    const res = await tapSync(tb, 'SELECT * FROM surveyor.bulk ORDER BY id', format, 100_001);
    const file = join(dir, `bulk.${label}.vot`);
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const mb = statSync(file).size / 1e6;
    for (const [reader, r] of [
      ['surveyor (sax, streaming)', runs(process.execPath, [one, file])],
      ['surveyor, collecting every 25k rows', runs(process.execPath, ['--expose-gc', one, file])],
      ['astropy.io.votable.parse', runs(python, [astropyScript, file])],
    ] as const) {
      if (r.rows !== 100_000) throw new Error(`${reader} read ${r.rows} rows from ${label}`);
      console.log(
        `| ${label} | ${mb.toFixed(1)} | ${reader} | ${Math.round(r.rows / r.seconds).toLocaleString('en')} | ${(mb / r.seconds).toFixed(1)} | ${(r.peak_rss_bytes / 1e6).toFixed(0)} | ${r.live_heap_bytes ? (r.live_heap_bytes / 1e6).toFixed(0) : 'n/a'} |`,
      );
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

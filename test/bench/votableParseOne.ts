// One parse of a VOTable file with surveyor's reader, in a process of its own (so its peak RSS is
// its own): prints {rows, seconds, peak_rss_bytes, live_heap_bytes} as JSON. With --expose-gc it
// also collects every 25,000 rows and keeps the largest live heap seen (what the reader holds, as
// opposed to what V8 keeps reserved). Used by votableParse.ts.
import { createReadStream } from 'node:fs';
import { readVoTable } from '../../adapters/tap/votable/reader.js';

const file = process.argv[2]!;
let rows = 0;
let peak = process.memoryUsage().rss;
let live = 0;
const gc = (globalThis as { gc?: () => void }).gc;
const started = performance.now();
await readVoTable(createReadStream(file, { highWaterMark: 256 * 1024 }), {
  onRow: () => {
    rows++;
    if ((rows & 1023) === 0) peak = Math.max(peak, process.memoryUsage().rss);
    if (gc && rows % 25_000 === 0) {
      gc();
      live = Math.max(live, process.memoryUsage().heapUsed);
    }
  },
});
const seconds = (performance.now() - started) / 1000;
peak = Math.max(peak, process.memoryUsage().rss);
console.log(JSON.stringify({ rows, seconds, peak_rss_bytes: peak, live_heap_bytes: live }));

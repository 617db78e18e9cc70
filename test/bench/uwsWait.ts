// UWS 1.1 blocking reads beside polling, on the archive testbed's DaCHS: job reads and time from
// start until the end was seen, per job, for a short TAP query, a SODA staging job (1 s of work)
// and a TAP query of some seconds, each run `jobs` times one after another with WAIT off (polled
// from 250 ms, growing by half to 5 s, as staging and discovery poll) and on (60 s).
// Usage: node dist/test/bench/uwsWait.js [jobs]   (scripts/bench uws)
import { setOutboundPolicy } from '../../adapters/shared/outbound.js';
import { archiveHttp } from '../../adapters/tap/archiveHttp.js';
import { readAsyncLinks } from '../../adapters/tap/asyncLinks.js';
import { defaultUwsPolicy, UwsJobRunner } from '../../adapters/tap/uws.js';
import type { TapArchive } from '../../core/domain/projectConfig.js';
import { archiveTestbed, tapSync } from '../support/archive.js';
import { quantile } from './quantile.js';

setOutboundPolicy({ hosts: null, allowPrivate: true });
const jobs = Number(process.argv[2] ?? 10);
const tb = archiveTestbed();
const archive: TapArchive = {
  kind: 'tap',
  url: tb.tapUrl,
  timeout_seconds: 600,
  retries: 0,
  auth: 'archive_credentials',
  mode: 'async',
  async_above_rows: 0,
  max_concurrent_queries: 1,
  origins: [],
};
const http = archiveHttp('testbed', archive, 'surveyor/bench', () => ({
  username: tb.username,
  password: tb.password,
  origins: [tb.url],
}));

const query = (adql: string) => ({
  url: `${tb.tapUrl}/async`,
  body: { form: { REQUEST: 'doQuery', LANG: 'ADQL', QUERY: adql } },
});
// A SODA job for one file of the testbed (the datalink read once; each job asks for the same ID).
const soda = async () => {
  const res = await tapSync(
    tb,
    "SELECT access_url FROM ivoa.obscore WHERE target_name = 'HIPASSJ1337-29' ORDER BY obs_id DESC",
    'csv',
    1,
  );
  const link = (await res.text()).split(/\r?\n/)[1]!.trim();
  const { service, ids } = await readAsyncLinks(http, link, 30_000);
  return { url: service, body: { form: { ID: ids } } };
};
const kinds = {
  'TAP, short query': query('SELECT TOP 10 target_name FROM ivoa.obscore ORDER BY target_name'),
  'SODA, one file': await soda(),
  'TAP, a query of seconds': query(
    "SELECT COUNT(*) AS n FROM ivoa.obscore AS a JOIN ivoa.obscore AS b ON a.s_ra < b.s_ra WHERE a.obs_id < 'ASKAP-4'",
  ),
};

const rows: string[][] = [];
for (const [name, job] of Object.entries(kinds)) {
  const figures: Record<string, { reads: number[]; ms: number[] }> = {};
  for (const [mode, waitSeconds] of [
    ['polling', 0],
    ['WAIT', 60],
  ] as const) {
    const f = { reads: [] as number[], ms: [] as number[] };
    for (let i = 0; i < jobs; i++) {
      const r = new UwsJobRunner(http, { ...defaultUwsPolicy, deadlineMs: 600_000, waitSeconds });
      const url = await r.create(job.url, job.body);
      const t0 = performance.now();
      await r.start(url);
      await r.await(url);
      f.ms.push(performance.now() - t0);
      f.reads.push(r.reads);
      await r.delete(url);
    }
    figures[mode] = f;
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const p = figures['polling']!;
  const w = figures['WAIT']!;
  rows.push([
    name,
    mean(p.reads).toFixed(1),
    mean(w.reads).toFixed(1),
    `${(100 * (1 - mean(w.reads) / mean(p.reads))).toFixed(0)}%`,
    (quantile(p.ms, 0.5) / 1000).toFixed(2),
    (quantile(w.ms, 0.5) / 1000).toFixed(2),
  ]);
}
const head = [
  'job',
  'reads a job, polling',
  'with WAIT',
  'saved',
  'start to end seen, polling (s, p50)',
  'with WAIT',
];
console.log(`UWS jobs on the archive testbed, ${jobs} of each kind one after another\n`);
console.log(`| ${head.join(' | ')} |\n|${head.map(() => '---').join('|')}|`);
for (const r of rows) console.log(`| ${r.join(' | ')} |`);

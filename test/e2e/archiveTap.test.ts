// The TAP client and the VOTable reader against a real TAP server: GAVO DaCHS from Debian, started
// by scripts/testbed/archive with CASDA-shaped tables, a HIPASS-like catalogue and typed test tables.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import test from 'ava';
import { until } from '../support/until.js';
import * as E from 'fp-ts/lib/Either.js';
import { ArchiveUnavailable } from '../../adapters/tap/archiveHttp.js';
import { TapClient } from '../../adapters/tap/tapClient.js';
import { readVoTable } from '../../adapters/tap/votable/reader.js';
import type { Value } from '../../adapters/tap/votable/values.js';
import { Sha256Digest } from '../../adapters/auth/sha256Digest.js';
import { PermanentJobError } from '../../core/domain/job.js';
import type { ProjectConfig, TapArchive } from '../../core/domain/projectConfig.js';
import type { ArchiveQuery } from '../../core/ports/Archive.js';
import { computeDiscoveries } from '../../core/usecases/discovery/computeDiscovery.js';
import { loadProjectYaml } from '../../schema/project/loadYaml.js';
import { serviceVersion } from '../../schema/version.js';
import { type ArchiveTestbed, archiveTestbedOrError, tapSync } from '../support/archive.js';
import { setOutboundPolicy } from '../../adapters/shared/outbound.js';

// The testbed (or the test's own servers) listen on loopback: allowed here, refused by default.
setOutboundPolicy({ hosts: null, allowPrivate: true });

const found = archiveTestbedOrError();
let tb: ArchiveTestbed;
let config: ProjectConfig;

test.before(() => {
  if (found instanceof Error) throw found;
  tb = found;
  const c = loadProjectYaml(tb.projectYaml);
  if (E.isLeft(c)) throw new Error(JSON.stringify(c.left));
  config = c.right;
});

const client = () =>
  new TapClient({
    userAgent: `surveyor/${serviceVersion} (tests)`,
    credentials: () => ({ username: tb.username, password: tb.password, origins: [new URL(tb.url).origin] }),
    retryBaseMs: 20,
  });
const archive = (over: Partial<TapArchive> = {}): TapArchive => ({ ...config.archives['casda']!, ...over });
const query = (adql: string, maxRows = 1000, over: Partial<TapArchive> = {}): ArchiveQuery => ({
  archiveName: 'casda',
  archive: archive(over),
  queryName: 'test',
  adql,
  params: {},
  maxRows,
});

/** Rows of a sync query in the serialization `format` asks for (votable/td, votable, votable/b2). */
const rowsIn = async (format: string, adql: string, maxRec = 1000) => {
  const res = await tapSync(tb, adql, format, maxRec);
  const rows: Value[][] = [];
  const doc = await readVoTable(res.body as unknown as AsyncIterable<Uint8Array>, {
    onRow: (r) => rows.push(r),
  });
  return { rows, doc, fields: doc.resources[0]!.tables[0]!.fields };
};

test('every column type reads the same from TABLEDATA, BINARY and BINARY2, nulls included', async (t) => {
  const adql = 'SELECT * FROM surveyor.alltypes ORDER BY id';
  const td = await rowsIn('votable/td', adql);
  const bin = await rowsIn('votable', adql);
  const b2 = await rowsIn('votable/b2', adql);
  t.is(td.doc.resources[0]!.tables[0]!.serialization, 'TABLEDATA');
  t.is(bin.doc.resources[0]!.tables[0]!.serialization, 'BINARY');
  t.is(b2.doc.resources[0]!.tables[0]!.serialization, 'BINARY2');
  t.deepEqual(bin.rows, td.rows);
  t.deepEqual(b2.rows, td.rows);
  const names = td.fields.map((f) => f.name);
  const row = (i: number) => Object.fromEntries(names.map((n, j) => [n, td.rows[i]![j]]));
  // Row 1 is all null (DaCHS cannot serve a null byte: c_byte holds 1 there).
  t.deepEqual(
    Object.entries(row(0)).filter(([k, v]) => v !== null && k !== 'id' && k !== 'c_byte'),
    [],
  );
  t.like(row(1), {
    c_smallint: -32767,
    c_integer: -2147483647,
    c_bigint: '-9223372036854775807',
    c_real: -1.5,
    c_double: 1e-300,
    c_boolean: true,
    c_char: 'a',
    c_text: `it's "quoted" <&>`,
    c_unicode: 'Ωμέγα ☉ ünïcødé',
    c_byte: 42,
    c_timestamp: '2026-11-23T12:34:56',
    c_real2: [1.25, -2.5],
    c_intarr: [1, 2, 3],
  });
  t.like(row(2), { c_bigint: '9223372036854775807', c_boolean: false, c_text: null, c_intarr: null });
  t.deepEqual(row(2)['c_real2'], [Number.NaN, Number.POSITIVE_INFINITY]);
  // The null markers DaCHS declares are read from VALUES.
  t.is(td.fields.find((f) => f.name === 'c_bigint')!.nullText, '-9223372036854775808');
});

test('the TAP client returns rows keyed by column, the same as the reader sees them', async (t) => {
  const adql = 'SELECT * FROM surveyor.alltypes ORDER BY id';
  const td = await rowsIn('votable/td', adql);
  const r = await client().query(query(adql));
  t.false(r.overflow);
  t.deepEqual(
    r.rows,
    td.rows.map((cells) => Object.fromEntries(td.fields.map((f, i) => [f.name, cells[i]]))),
  );
});

test('a 100,000-row answer streams through with the heap bounded, whatever the serialization', async (t) => {
  for (const format of ['votable/b2', 'votable/td']) {
    global.gc?.();
    const before = process.memoryUsage().heapUsed;
    let rows = 0;
    let peak = 0;
    let last: Value[] = [];
    const res = await tapSync(tb, 'SELECT * FROM surveyor.bulk ORDER BY id', format, 100_001);
    const doc = await readVoTable(res.body as unknown as AsyncIterable<Uint8Array>, {
      onRow: (r) => {
        rows++;
        last = r;
        if (rows % 5000 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed - before);
      },
    });
    t.is(rows, 100_000, format);
    t.deepEqual(last.slice(0, 2), [100_000, 'source-100000']);
    t.deepEqual(
      doc.resources[0]!.infos.filter((i) => i.name === 'QUERY_STATUS').map((i) => i.value),
      ['OK'],
    );
    // 10-17 MB on the wire; the reader keeps one piece and one row (the rest is garbage not yet taken).
    t.true(peak < 64 * 1024 * 1024, `${format}: the heap grew by ${Math.round(peak / 1e6)} MB`);
  }
});

test('bad ADQL is a permanent error with the server words, though DaCHS answers HTTP 200', async (t) => {
  const e = await t.throwsAsync(client().query(query('SELECT nosuchcolumn FROM ivoa.obscore')), {
    instanceOf: PermanentJobError,
  });
  t.regex(e!.message, /archive casda refused query test: .*nosuchcolumn.*could not be located/);
});

test('DaCHS reports OVERFLOW when an answer holds exactly MAXREC rows, so the client asks for one more', async (t) => {
  const exact = await rowsIn(
    'votable/td',
    "SELECT HIPASS FROM hipass.hicat WHERE HIPASS IN ('J1318-21', 'J1337-29')",
    2,
  );
  t.is(exact.rows.length, 2);
  t.deepEqual(
    exact.doc.resources[0]!.infos.filter((i) => i.name === 'QUERY_STATUS').map((i) => [
      i.value,
      i.afterTable,
    ]),
    [
      ['OK', false],
      ['OVERFLOW', true],
    ],
  );
  const r = await client().query(
    query("SELECT HIPASS FROM hipass.hicat WHERE HIPASS IN ('J1318-21', 'J1337-29')", 2),
  );
  t.false(r.overflow);
  t.is(r.rows.length, 2);
});

test.serial('an answer cut at MAXREC says so (OVERFLOW after the table), sync and async', async (t) => {
  for (const mode of ['sync', 'async'] as const) {
    const r = await client().query(query('SELECT HIPASS FROM hipass.hicat', 3, { mode }));
    t.true(r.overflow, mode);
    t.true(r.rows.length <= 3, mode);
    const all = await client().query(
      query("SELECT HIPASS FROM hipass.hicat WHERE HIPASS = 'J1318-21'", 3, { mode }),
    );
    t.false(all.overflow, mode);
    t.deepEqual(all.rows, [{ HIPASS: 'J1318-21' }], mode);
  }
});

test.serial('async (UWS) answers what sync answers, and the job is deleted afterwards', async (t) => {
  const adql =
    "SELECT TOP 50 obs_id, filename, filesize FROM ivoa.obscore WHERE filename LIKE 'HIPASSJ00%' ORDER BY filename";
  // The ids of the server's async jobs. Other suites query the same server meanwhile (discovery,
  // staging), so theirs come and go; ours must not stay.
  const jobs = async () =>
    new Set(
      [...(await (await fetch(`${tb.tapUrl}/async`)).text()).matchAll(/<uws:jobref[^>]*\bid="([^"]+)"/g)].map(
        (m) => m[1]!,
      ),
    );
  const before = await jobs();
  const left = async () => [...(await jobs())].filter((j) => !before.has(j));
  const sync = await client().query(query(adql, 1000, { mode: 'sync' }));
  const async_ = await client().query(query(adql, 1000, { mode: 'async' }));
  t.is(sync.rows.length, 50);
  t.deepEqual(async_.rows, sync.rows);
  // auto goes async above async_above_rows.
  const auto = await client().query(query(adql, 1000, { mode: 'auto', async_above_rows: 10 }));
  t.deepEqual(auto.rows, sync.rows);
  await until('the jobs made meanwhile to go', async () => (await left()).length === 0, 15_000).catch(
    () => undefined,
  );
  t.deepEqual(await left(), [], 'no job left on the server');
});

const perSource = (c: ProjectConfig): ProjectConfig => ({
  ...c,
  discovery: {
    ...c.discovery,
    queries: [
      {
        ...c.discovery.queries[0]!,
        adql: `SELECT o.* FROM ivoa.obscore o INNER JOIN (
          SELECT MAX(t_max) AS mx FROM ivoa.obscore WHERE filename LIKE {source_identifier:like_prefix}
          AND obs_collection IN ('ASKAP Pilot Survey for WALLABY', 'WALLABY')) AS latest ON o.t_max = latest.mx
          WHERE o.filename LIKE {source_identifier:like_prefix}
          AND o.obs_collection IN ('ASKAP Pilot Survey for WALLABY', 'WALLABY') ORDER BY o.filename`,
        batch: undefined,
      } as never,
      {
        ...c.discovery.queries[1]!,
        adql: 'SELECT HIPASS, RAJ2000, DEJ2000, RV50max, RV50min, RVmom FROM hipass.hicat WHERE HIPASS = {source_name}',
        batch: undefined,
      } as never,
    ],
    enrichments: [
      {
        ...c.discovery.enrichments[0]!,
        adql: `SELECT * FROM casda.observation_evaluation_file WHERE sbid = {sbid} AND format = 'calibration'
          AND filename LIKE {eval_file_prefix:like_prefix} AND filename LIKE '%.tar'`,
        batch: undefined,
      } as never,
    ],
  },
});

test('values reach ADQL only as literals: quotes, unicode, wildcards and injection find nothing, batched or not', async (t) => {
  const ids = [
    'HIPASSJ1318-21',
    "HIPASSJ1318-21' OR '1'='1",
    'HIPASSJ1318-21%',
    'HIPASS_1318-21',
    'HIPASSJ1318−21', // a Unicode minus sign
    'HIPASSJ1318-21"; DROP TABLE ivoa.obscore; --',
    'HIPASS%',
  ];
  const deps = { archive: client(), digest: new Sha256Digest() };
  const stats = { queries: 0, entries: 0 };
  const batched = await computeDiscoveries(deps, config, ids, stats);
  const single = await computeDiscoveries(deps, perSource(config), ids);
  const datasets = (o: (typeof batched)[number]) =>
    'result' in o ? o.result.metadata.datasets.length : o.error;
  t.deepEqual(batched.map(datasets), [2, 0, 0, 0, 0, 0, 0]);
  t.deepEqual(single.map(datasets), [2, 0, 0, 0, 0, 0, 0]);
  // The same rows, the same signatures: batching changes how many queries, not what is found.
  t.deepEqual(
    batched.map((o) => ('result' in o ? o.result.signature : o.error)),
    single.map((o) => ('result' in o ? o.result.signature : o.error)),
  );
  t.is(stats.queries, 3, 'one query per configured query for the whole batch');
  // The table is still there.
  const n = await client().query(query('SELECT COUNT(*) AS n FROM ivoa.obscore'));
  t.true(Number(n.rows[0]!['n']) > 10_000);
});

test('an archive that does not answer is tried again, then fails saying so', async (t) => {
  const dead = createServer();
  await new Promise<void>((r) => dead.listen(0, '127.0.0.1', r));
  const port = (dead.address() as AddressInfo).port;
  await new Promise<void>((r) => dead.close(() => r()));
  const started = Date.now();
  const e = await t.throwsAsync(
    client().query(
      // No account: a dead port is not an origin the account may go to (ARCHIVE_CREDENTIAL_ORIGINS).
      query('SELECT TOP 1 * FROM hipass.hicat', 10, {
        url: `http://127.0.0.1:${port}/tap`,
        retries: 2,
        auth: 'none',
      }),
    ),
    { instanceOf: ArchiveUnavailable },
  );
  t.regex(e!.message, /archive casda: POST http:\/\/127\.0\.0\.1:\d+\/tap\/sync: .*\(tried 3 times\)/);
  t.true(Date.now() - started >= 20, 'it waited between tries');
});

/** A proxy in front of the testbed that answers the first `failures` requests with 503. */
const flakyProxy = async (failures: number) => {
  const target = new URL(tb.url);
  let seen = 0;
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    seen++;
    const body: Buffer[] = [];
    for await (const c of req) body.push(c as Buffer);
    if (seen <= failures) {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('overloaded, try later');
      return;
    }
    const up = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    up.end(Buffer.concat(body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen: () => seen,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
};

test('a 503 is retried with backoff and the query then succeeds', async (t) => {
  const proxy = await flakyProxy(2);
  t.teardown(proxy.close);
  const r = await client().query(
    query("SELECT HIPASS FROM hipass.hicat WHERE HIPASS = 'J1337-29'", 10, {
      url: `${proxy.url}/tap`,
      retries: 2,
      auth: 'none',
    }),
  );
  t.deepEqual(r.rows, [{ HIPASS: 'J1337-29' }]);
  t.is(proxy.seen(), 3);
  const gone = await flakyProxy(5);
  t.teardown(gone.close);
  const e = await t.throwsAsync(
    client().query(
      query('SELECT TOP 1 HIPASS FROM hipass.hicat', 10, {
        url: `${gone.url}/tap`,
        retries: 1,
        auth: 'none',
      }),
    ),
    { instanceOf: ArchiveUnavailable },
  );
  t.regex(e!.message, /HTTP 503: overloaded, try later \(tried 2 times\)/);
});

test('every request names surveyor and its version (the server logs the User-Agent)', async (t) => {
  await client().query(query("SELECT HIPASS FROM hipass.hicat WHERE HIPASS = 'J1318-21'"));
  const log = readFileSync(join(tb.logs, 'web.log'), 'utf8');
  t.true(log.includes(`surveyor/${serviceVersion} (tests)`));
});

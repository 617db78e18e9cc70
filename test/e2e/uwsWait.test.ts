// UWS 1.1 blocking reads against the archive testbed's DaCHS (which speaks UWS 1.1): a TAP async
// query and staging's SODA jobs wait on the server for the phase to change instead of polling, and
// the server's own request log counts the job reads each way. A server that answers a blocking
// read at once is polled instead.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { setOutboundPolicy } from '../../adapters/shared/outbound.js';
import { archiveHttp } from '../../adapters/tap/archiveHttp.js';
import { defaultUwsPolicy, UwsJobRunner } from '../../adapters/tap/uws.js';
import type { TapArchive } from '../../core/domain/projectConfig.js';
import { type ArchiveTestbed, archiveTestbedOrError, tapSync, testbedStager } from '../support/archive.js';

// The admin lets this process reach the testbed's loopback servers.
setOutboundPolicy({ hosts: null, allowPrivate: true });

let tb: ArchiveTestbed;
let root: string;
test.before(() => {
  const found = archiveTestbedOrError();
  if (found instanceof Error) throw found;
  tb = found;
  root = mkdtempSync(join(tmpdir(), 'surveyor-uws-wait-'));
});
test.after.always(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

const archive = (url: string, auth: TapArchive['auth'] = 'none'): TapArchive => ({
  kind: 'tap',
  url,
  timeout_seconds: 60,
  retries: 0,
  auth,
  mode: 'async',
  async_above_rows: 0,
  max_concurrent_queries: 2,
  origins: [],
});

const runner = (waitSeconds: number, url = tb.tapUrl) =>
  new UwsJobRunner(
    archiveHttp('testbed', archive(url), 'surveyor/test', () => null),
    {
      ...defaultUwsPolicy,
      deadlineMs: 60_000,
      waitSeconds,
    },
  );

/** GETs of a job's document in DaCHS' request log (polls and blocking reads alike). */
const jobReads = (jobUrl: string) => {
  const path = new URL(jobUrl).pathname;
  return readFileSync(join(tb.logs, 'web.log'), 'utf8')
    .split('\n')
    .filter((l) => new RegExp(`"GET ${path}(\\?[^ ]*)? HTTP`).test(l)).length;
};

test.serial(
  'a TAP async query: blocking reads where the server speaks UWS 1.1, fewer than polls',
  async (t) => {
    const query = {
      form: {
        REQUEST: 'doQuery',
        LANG: 'ADQL',
        QUERY: 'SELECT TOP 5 target_name FROM ivoa.obscore ORDER BY target_name',
      },
    };
    const counts: Record<string, { runner: number; server: number; version: string | undefined }> = {};
    for (const [name, seconds] of [
      ['polling', 0],
      ['blocking', 30],
    ] as const) {
      const r = runner(seconds);
      const job = await r.create(`${tb.tapUrl}/async`, query);
      await r.start(job);
      const done = await r.await(job);
      t.is(done.phase, 'COMPLETED');
      counts[name] = { runner: r.reads, server: jobReads(job), version: done.version };
      await r.delete(job);
    }
    t.is(counts['blocking']!.version, '1.1', 'DaCHS says UWS 1.1');
    t.is(counts['blocking']!.server, counts['blocking']!.runner, 'every read reached the server');
    t.true(
      counts['blocking']!.runner < counts['polling']!.runner,
      `reads with WAIT ${counts['blocking']!.runner}, polling ${counts['polling']!.runner}`,
    );
    t.log(counts);
  },
);

test.serial("staging's SODA jobs block on the server too", async (t) => {
  const res = await tapSync(
    tb,
    "SELECT obs_publisher_did, access_url, filename FROM ivoa.obscore WHERE target_name = 'HIPASSJ1337-29' ORDER BY obs_id DESC",
    'csv',
    1,
  );
  const [did, link, name] = (await res.text()).split(/\r?\n/)[1]!.split(',') as [string, string, string];
  const reads: Record<string, number> = {};
  for (const [label, waitSeconds] of [
    ['polling', 0],
    ['blocking', 30],
  ] as const) {
    const notes: { kind: string; payload: Readonly<Record<string, unknown>> }[] = [];
    const stager = testbedStager(tb, root, { waitSeconds });
    await stager.stage(
      {
        executionId: `wait-${label}`,
        attempt: 1,
        sourceIdentifier: 'HIPASSJ1337-29',
        datasetIndex: 0,
        dataset: { dataset_id: did, row: { access_url: link, filename: name } },
        archiveName: 'casda',
        archive: archive(tb.tapUrl, 'archive_credentials'),
        resume: null,
      },
      {
        record: async () => {},
        note: async (kind, payload) => {
          notes.push({ kind, payload });
        },
      },
    );
    const job = String(notes.find((n) => n.kind === 'job_created')!.payload['job']);
    reads[label] = jobReads(job);
  }
  t.true(reads['blocking']! < reads['polling']!, JSON.stringify(reads));
  t.log(reads);
});

test.serial('a server that says UWS 1.1 but answers a blocking read at once is polled instead', async (t) => {
  let gets = 0;
  let waits = 0;
  const server = createServer((req, res) => {
    gets++;
    if (req.url?.includes('WAIT=')) waits++;
    const phase = gets >= 6 ? 'COMPLETED' : 'EXECUTING';
    res
      .writeHead(200, { 'content-type': 'text/xml' })
      .end(
        `<uws:job version="1.1" xmlns:uws="http://www.ivoa.net/xml/UWS/v1.0"><uws:phase>${phase}</uws:phase><uws:results/></uws:job>`,
      );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.teardown(() => new Promise<void>((r) => server.close(() => r())));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const r = new UwsJobRunner(
    archiveHttp('fake', archive(`${base}/tap`), 'surveyor/test', () => null),
    {
      ...defaultUwsPolicy,
      firstPollMs: 20,
      maxPollMs: 40,
      deadlineMs: 10_000,
      waitSeconds: 30,
    },
  );
  const done = await r.await(`${base}/tap/async/1`);
  t.is(done.phase, 'COMPLETED');
  t.is(waits, 1, 'one blocking read, answered at once, then polls');
  t.is(gets, 6);
});

// The archive's HTTP rules on real sockets: two local servers, the archive and another host. The
// archive's credentials reach only the archive; a redirect, a UWS job location or a link that
// points to the other host is refused before a byte is sent there.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import test from 'ava';
import { ArchiveHttp } from '../../adapters/tap/archiveHttp.js';
import { TapClient } from '../../adapters/tap/tapClient.js';
import { defaultUwsPolicy, UwsJobRunner } from '../../adapters/tap/uws.js';
import { PermanentJobError } from '../../core/domain/job.js';
import type { TapArchive } from '../../core/domain/projectConfig.js';
import { setOutboundPolicy } from '../../adapters/shared/outbound.js';

// The testbed (or the test's own servers) listen on loopback: allowed here, refused by default.
setOutboundPolicy({ hosts: null, allowPrivate: true });

interface Host {
  readonly url: string;
  readonly seen: { path: string; auth: string | undefined; agent: string | undefined }[];
  close(): Promise<void>;
}

const host = async (
  answer: (req: IncomingMessage, res: ServerResponse, base: string) => void,
): Promise<Host> => {
  const seen: Host['seen'] = [];
  let base = '';
  const server: Server = createServer((req, res) => {
    seen.push({ path: req.url ?? '', auth: req.headers.authorization, agent: req.headers['user-agent'] });
    answer(req, res, base);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: base, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
};

const votable = (rows: string) =>
  `<?xml version="1.0"?><VOTABLE version="1.4"><RESOURCE type="results"><INFO name="QUERY_STATUS" value="OK"/><TABLE><FIELD name="x" datatype="int"/><DATA><TABLEDATA>${rows}</TABLEDATA></DATA></TABLE></RESOURCE></VOTABLE>`;

let other: Host;
let archive: Host;
test.before(async () => {
  other = await host((_req, res) => res.writeHead(200).end(votable('<TR><TD>666</TD></TR>')));
  archive = await host((req, res, base) => {
    const path = req.url ?? '';
    if (path === '/tap/sync' && req.headers['x-test'] === 'away')
      res.writeHead(303, { location: `${other.url}/steal` }).end();
    else if (path === '/tap/sync') res.writeHead(303, { location: `${base}/tap/result` }).end();
    else if (path === '/tap/result')
      res.writeHead(200).end(votable('<TR><TD>1</TD></TR><TR><TD>2</TD></TR>'));
    else if (path === '/tap/async') res.writeHead(303, { location: `${other.url}/job` }).end();
    else res.writeHead(404).end();
  });
});
test.after.always(async () => {
  await other?.close();
  await archive?.close();
});

const tap = (over: Partial<TapArchive> = {}): TapArchive => ({
  kind: 'tap',
  url: `${archive.url}/tap`,
  timeout_seconds: 5,
  retries: 0,
  auth: 'archive_credentials',
  mode: 'sync',
  async_above_rows: 10_000,
  max_concurrent_queries: 2,
  origins: [],
  ...over,
});
const credentials = () => ({ username: 'surveyor-test', password: 'hunter2-secret', origins: [archive.url] });

test.serial(
  'a sync answer redirected on the archive is followed, with the account and our User-Agent',
  async (t) => {
    const client = new TapClient({ userAgent: 'surveyor/9.9 (test)', credentials });
    const r = await client.query({
      archiveName: 'a',
      archive: tap(),
      queryName: 'q',
      adql: 'SELECT 1',
      params: {},
      maxRows: 10,
    });
    t.deepEqual(r.rows, [{ x: 1 }, { x: 2 }]);
    const [sync, result] = archive.seen.slice(-2);
    t.is(sync!.path, '/tap/sync');
    t.is(result!.path, '/tap/result');
    const basic = `Basic ${Buffer.from('surveyor-test:hunter2-secret').toString('base64')}`;
    t.is(sync!.auth, basic);
    t.is(result!.auth, basic);
    t.is(sync!.agent, 'surveyor/9.9 (test)');
  },
);

test.serial(
  'a redirect, a job location or a link to another host is refused before anything is sent there',
  async (t) => {
    const before = other.seen.length;
    const http = new ArchiveHttp(
      'a',
      { origins: [archive.url], credentials: credentials() },
      'surveyor/9.9 (test)',
    );
    const away = await t.throwsAsync(
      http.fetchFollowing({
        method: 'POST',
        url: `${archive.url}/tap/sync`,
        headers: { 'x-test': 'away' },
        timeoutMs: 5000,
      }),
      { instanceOf: PermanentJobError },
    );
    t.regex(away!.message, /\/steal is not one of its origins/);
    const runner = new UwsJobRunner(http, defaultUwsPolicy);
    const job = await runner.create(`${archive.url}/tap/async`, { form: { QUERY: 'x' } });
    t.is(job, `${other.url}/job`);
    await t.throwsAsync(runner.start(job), {
      instanceOf: PermanentJobError,
      message: /not one of its origins/,
    });
    await t.throwsAsync(http.request({ method: 'GET', url: `${other.url}/datalink?ID=x`, timeoutMs: 5000 }), {
      message: /not one of its origins/,
    });
    t.is(other.seen.length, before, 'the other host saw nothing');
  },
);

test.serial(
  'an origin listed for the archive is reached, and sees the account only because the admin listed it too',
  async (t) => {
    const admin = { ...credentials(), origins: [archive.url, other.url] };
    const http = new ArchiveHttp(
      'a',
      { origins: [archive.url, other.url], credentials: admin },
      'surveyor/9.9 (test)',
    );
    const res = await http.request({ method: 'GET', url: `${other.url}/listed`, timeoutMs: 5000 });
    res.discard();
    t.is(other.seen.at(-1)!.path, '/listed');
    t.truthy(other.seen.at(-1)!.auth);
    const anonymous = new ArchiveHttp(
      'a',
      { origins: [archive.url, other.url], credentials: null },
      'surveyor/9.9 (test)',
    );
    (await anonymous.request({ method: 'GET', url: `${other.url}/anonymous`, timeoutMs: 5000 })).discard();
    t.is(other.seen.at(-1)!.auth, undefined);
  },
);

test.serial(
  "an operator's configuration cannot send the account where the admin did not: an archive URL of its own is refused before a request, a listed origin sees none",
  async (t) => {
    const client = new TapClient({ userAgent: 'surveyor/9.9 (test)', credentials });
    const before = other.seen.length;
    const q = (archiveOver: Partial<TapArchive>) => ({
      archiveName: 'a',
      archive: tap(archiveOver),
      queryName: 'q',
      adql: 'SELECT 1',
      params: {},
      maxRows: 10,
    });
    const refused = await t.throwsAsync(client.query(q({ url: `${other.url}/tap` })), {
      instanceOf: PermanentJobError,
    });
    t.regex(
      refused!.message,
      /is not an origin the archive account may be sent to .*ARCHIVE_CREDENTIAL_ORIGINS/,
    );
    t.is(other.seen.length, before, 'the listener saw no request at all');
    const pinged = await client.ping('a', tap({ url: `${other.url}/tap` }), []);
    t.false(pinged[0]!.ok);
    t.is(other.seen.length, before, 'nor did a ping reach it');
    // Listed among the archive's origins by the configuration: fetched, but without the account.
    const http = new ArchiveHttp('a', { origins: [archive.url, other.url], credentials: credentials() }, 'x');
    (
      await http.request({ method: 'GET', url: `${other.url}/listed-by-operator`, timeoutMs: 5000 })
    ).discard();
    t.is(other.seen.at(-1)!.path, '/listed-by-operator');
    t.is(other.seen.at(-1)!.auth, undefined, 'no Authorization header');
  },
);

test.serial(
  "an async job the server lost (DaCHS: 'Job hung in EXECUTING') is asked again as a new job; a job the query failed is not",
  async (t) => {
    const jobs: string[] = [];
    const uws = (id: string, phase: string, message?: string) =>
      `<uws:job xmlns:uws="http://www.ivoa.net/xml/UWS/v1.0" xmlns:xlink="http://www.w3.org/1999/xlink"><uws:jobId>${id}</uws:jobId><uws:phase>${phase}</uws:phase>${
        message
          ? `<uws:errorSummary type="fatal"><uws:message>${message}</uws:message></uws:errorSummary>`
          : ''
      }${phase === 'COMPLETED' ? `<uws:results><uws:result id="result" xlink:href="/tap/async/${id}/results/result"/></uws:results>` : ''}</uws:job>`;
    const server = await host((req, res, base) => {
      const path = req.url ?? '';
      if (path === '/tap/async' && req.method === 'POST') {
        const id = `j${jobs.length + 1}`;
        jobs.push(id);
        res.writeHead(303, { location: `${base}/tap/async/${id}` }).end();
      } else if (/^\/tap\/async\/j\d+\/phase$/.test(path)) res.writeHead(303, { location: base }).end();
      else if (/^\/tap\/async\/j\d+\/results\/result$/.test(path))
        res.writeHead(200).end(votable('<TR><TD>7</TD></TR>'));
      else if (/^\/tap\/async\/j\d+$/.test(path) && req.method === 'GET') {
        const id = path.split('/').pop()!;
        const said =
          id === 'j1'
            ? uws(id, 'ERROR', 'Job hung in EXECUTING')
            : id === 'j9'
              ? uws(id, 'ERROR', 'Could not parse your query')
              : uws(id, 'COMPLETED');
        res.writeHead(200, { 'content-type': 'text/xml' }).end(said);
      } else res.writeHead(200).end();
    });
    t.teardown(() => server.close());
    const client = new TapClient({ userAgent: 'surveyor/9.9 (test)', credentials, retryBaseMs: 10 });
    const query = {
      archiveName: 'a',
      archive: tap({ url: `${server.url}/tap`, mode: 'async', retries: 2, auth: 'none' }),
      queryName: 'q',
      adql: 'SELECT 1',
      params: {},
      maxRows: 10,
    };
    const r = await client.query(query);
    t.deepEqual(r.rows, [{ x: 7 }]);
    t.deepEqual(jobs, ['j1', 'j2'], 'the lost job, then a new one that completed');
    // A job the server failed for the query itself is final: not asked again.
    const firstJob = new UwsJobRunner(
      new ArchiveHttp('a', { origins: [server.url], credentials: null }, 'x'),
      defaultUwsPolicy,
    );
    await t.throwsAsync(firstJob.await(`${server.url}/tap/async/j9`), {
      instanceOf: PermanentJobError,
      message: /failed: Could not parse your query/,
    });
  },
);

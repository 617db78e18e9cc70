// Outbound requests go only where an admin allowed, on real sockets: loopback, private and
// link-local addresses are refused unless listed (or allowed for test beds), names are checked on
// the addresses they resolve to, redirects are not followed, a graph download is cut at its cap as
// it streams, and a peer's body is not echoed into errors that viewers read.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import test from 'ava';
import { dlgRequest } from '../../adapters/daliuge/http.js';
import { DaliugeTranslator } from '../../adapters/daliuge/translatorClient.js';
import { ArchiveHttp } from '../../adapters/tap/archiveHttp.js';
import { isSpecialAddress, setOutboundPolicy } from '../../adapters/shared/outbound.js';
import { DimBackend } from '../../adapters/daliuge/dimBackend.js';
import type { DeploymentProfile } from '../../core/domain/profile.js';
import { FileOrUrlGraphStore } from '../../adapters/system/graphStore.js';
import { PermanentJobError } from '../../core/domain/job.js';
import * as E from 'fp-ts/lib/Either.js';
import { ProfileInput } from '../../schema/api/profiles.js';

let server: Server;
let base = '';
const seen: string[] = [];
let bigLeft = 0;
test.before(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    seen.push(req.url ?? '');
    if (req.url === '/moved')
      return void res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
    if (req.url?.startsWith('/secret'))
      return void res.writeHead(500).end('internal token=abc123 on host db-7');
    if (req.url === '/big.graph') {
      // An endless body in 64 KB pieces, until the client goes away: a client that read the
      // whole body before checking its size would never finish.
      const piece = Buffer.alloc(65536, 32);
      res.once('close', () => {
        bigLeft++;
      });
      const more = () => {
        while (!res.destroyed) if (!res.write(piece)) return void res.once('drain', more);
      };
      return more();
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.after.always(() => new Promise<void>((r) => server.close(() => r())));

test.serial(
  'loopback is refused by default, allowed when listed or for test beds, and names count by address',
  async (t) => {
    setOutboundPolicy({ hosts: null, allowPrivate: false });
    const before = seen.length;
    await t.throwsAsync(
      dlgRequest({ peer: 'translator', method: 'GET', url: `${base}/x`, timeoutMs: 2000 }),
      {
        instanceOf: PermanentJobError,
        message: /127\.0\.0\.1 is a loopback, private or link-local address/,
      },
    );
    // A name that resolves to loopback is refused at connect time, not by its spelling.
    await t.throwsAsync(
      dlgRequest({
        peer: 'translator',
        method: 'GET',
        url: base.replace('127.0.0.1', 'localhost'),
        timeoutMs: 2000,
      }),
      {
        instanceOf: PermanentJobError,
        message: /localhost resolves to .*loopback, private or link-local/,
      },
    );
    t.is(seen.length, before, 'nothing reached the server');
    setOutboundPolicy({ hosts: ['dim.example.org'], allowPrivate: true });
    await t.throwsAsync(
      dlgRequest({ peer: 'translator', method: 'GET', url: `${base}/x`, timeoutMs: 2000 }),
      {
        message: /127\.0\.0\.1 is not in SERVICE_OUTBOUND_HOSTS/,
      },
    );
    const port = new URL(base).port;
    for (const hosts of [[`127.0.0.1:${port}`], ['127.0.0.1:*']]) {
      setOutboundPolicy({ hosts, allowPrivate: false });
      t.is(
        (await dlgRequest({ peer: 'translator', method: 'GET', url: `${base}/x`, timeoutMs: 2000 })).status,
        200,
        hosts[0],
      );
    }
  },
);

test.serial(
  'a host listed alone is reached on its standard ports only: its others cannot be probed',
  async (t) => {
    setOutboundPolicy({ hosts: ['127.0.0.1', `127.0.0.1:1`], allowPrivate: false });
    const before = seen.length;
    const e = await t.throwsAsync(
      dlgRequest({ peer: 'translator', method: 'GET', url: `${base}/x`, timeoutMs: 2000 }),
      { instanceOf: PermanentJobError },
    );
    t.regex(
      e!.message,
      /port \d+ of 127\.0\.0\.1 is not in SERVICE_OUTBOUND_HOSTS \(a host listed alone allows its standard ports, 80, 443; list 127\.0\.0\.1:\d+, or :\* for any\)/,
    );
    t.is(seen.length, before, 'nothing reached the port');
    // The archive's and the graph store's requests obey the same rule.
    const archive = new ArchiveHttp('a', { origins: [base], credentials: null }, 'x');
    await t.throwsAsync(archive.request({ method: 'GET', url: `${base}/y`, timeoutMs: 2000 }), {
      message: /port \d+ of 127\.0\.0\.1 is not in SERVICE_OUTBOUND_HOSTS/,
    });
    t.is(seen.length, before);
  },
);

test.serial('redirects are not followed, and a peer body is not echoed into errors', async (t) => {
  setOutboundPolicy({ hosts: null, allowPrivate: true });
  await t.throwsAsync(
    dlgRequest({ peer: 'translator', method: 'GET', url: `${base}/moved`, timeoutMs: 2000 }),
    {
      message: /HTTP 302, a redirect \(not followed\)/,
    },
  );
  t.false(seen.includes('/latest/meta-data'));
  const tm = new DaliugeTranslator({ defaultUrl: `${base}/secret#`, timeoutMs: 2000, maxBytes: 1 << 20 });
  const e = await t.throwsAsync(tm.partition('{}', { algo: 'metis', num_par: 1, num_islands: 0 }));
  t.regex(
    e!.message,
    /\/secret\/unroll_and_partition/,
    'the endpoint is appended to the path, the # dropped',
  );
  t.notRegex(e!.message, /abc123|db-7/);
  t.regex(e!.message, /not a translator error document \(\d+ bytes\)/);
  // And such a URL is refused when a profile is written.
  const r = ProfileInput.decode({
    name: 'p',
    translation: { tm_url: 'https://tm.example.org/x#' },
    deployment: { kind: 'rest_remote', deploy_host: 'dim.example.org' },
  });
  t.true(E.isLeft(r));
});

/** Waits until the endless body's connection closed once more (the client hung up), or 5 s. */
const hungUp = async (before: number) => {
  for (let i = 0; i < 50 && bigLeft === before; i++) await new Promise((r) => setTimeout(r, 100));
  return bigLeft - before;
};

test.serial('an answer over its size limit closes the connection: DALiuGE and archive clients', async (t) => {
  setOutboundPolicy({ hosts: null, allowPrivate: true });
  let before = bigLeft;
  await t.throwsAsync(
    dlgRequest({
      peer: 'translator',
      method: 'GET',
      url: `${base}/big.graph`,
      timeoutMs: 60_000,
      maxBytes: 4096,
    }),
    {
      message: /larger than 4096 bytes/,
    },
  );
  t.is(await hungUp(before), 1, 'the DALiuGE client closed the connection');
  const archive = new ArchiveHttp('a', { origins: [base], credentials: null }, 'surveyor/test');
  before = bigLeft;
  const res = await archive.request({ method: 'GET', url: `${base}/big.graph`, timeoutMs: 60_000 });
  await t.throwsAsync(res.text(4096), { message: /larger than 4096 bytes/ });
  t.is(await hungUp(before), 1, 'the archive client closed the connection');
  before = bigLeft;
  (await archive.request({ method: 'GET', url: `${base}/big.graph`, timeoutMs: 60_000 })).discard();
  t.is(await hungUp(before), 1, 'a discarded answer closes its connection');
});

test.serial('a graph download is cut at its cap as it streams, never read whole first', async (t) => {
  setOutboundPolicy({ hosts: null, allowPrivate: true });
  const store = new FileOrUrlGraphStore('/nonexistent', 1024);
  const before = bigLeft;
  await t.throwsAsync(store.load({ url: `${base}/big.graph`, sha256: '0'.repeat(64) }), {
    instanceOf: PermanentJobError,
    message: /larger than 1024 bytes/,
  });
  t.is(await hungUp(before), 1, 'the client closed the connection rather than leave the peer sending');
  setOutboundPolicy({ hosts: null, allowPrivate: false });
  await t.throwsAsync(store.load({ url: `${base}/big.graph`, sha256: '0'.repeat(64) }), {
    message: /loopback, private or link-local/,
  });
});

test('special addresses: public IPv4 is not one; IPv6 forms carrying a blocked IPv4 are', (t) => {
  for (const a of ['93.184.216.34', '8.8.8.8', '::ffff:8.8.8.8', '64:ff9b::5db8:d822', '2606:4700::1111'])
    t.false(isSpecialAddress(a), a);
  for (const a of [
    '10.1.1.1',
    '169.254.169.254',
    '64:ff9b::a9fe:a9fe',
    '::7f00:1',
    '::127.0.0.1',
    '::ffff:10.0.0.5',
    '2002:a9fe:a9fe::1',
    '64:ff9b:1::1',
    '::1',
    'fe80::1',
  ])
    t.true(isSpecialAddress(a), a);
});

test.serial("the ping's island manager as the translator sees it, and the map, refuse alike", async (t) => {
  setOutboundPolicy({ hosts: null, allowPrivate: false });
  const profile = {
    name: 'p',
    translation: { algo: 'metis', num_par: 1, num_islands: 1 },
    deployment: {
      kind: 'rest_remote',
      deploy_host: 'dim.example.org',
      deploy_port: 8001,
      dim_host_for_tm: '169.254.169.254',
      dim_port_for_tm: 80,
      use_https: false,
      verify_ssl: true,
    },
  } as unknown as DeploymentProfile;
  const checks = await new DimBackend({ timeoutMs: 500, maxBytes: 1 << 20 }).ping(profile);
  const seen = checks.find((c) => c.name === 'island manager as the translator sees it')!;
  t.false(seen.ok);
  t.regex(seen.detail, /169\.254\.169\.254 is a loopback, private or link-local address/);
  const tm = new DaliugeTranslator({ defaultUrl: base, timeoutMs: 2000, maxBytes: 1 << 20 });
  await t.throwsAsync(
    tm.map([], { algo: 'metis', num_par: 1, num_islands: 1 }, { host: '169.254.169.254', port: 80 }),
    { message: /169\.254\.169\.254 is a loopback, private or link-local address/ },
  );
  setOutboundPolicy({ hosts: null, allowPrivate: true });
});

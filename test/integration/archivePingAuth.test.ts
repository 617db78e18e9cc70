// `surveyor archive ping`'s authentication check against services that ask for schemes other than
// HTTP Basic (the IVOA's AuthVO draft: ivoa_cookie, ivoa_x509), on a real socket: the check names
// what the service asks for and says surveyor cannot sign in that way, sending no credential.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import test from 'ava';
import { setOutboundPolicy } from '../../adapters/shared/outbound.js';
import { TapClient } from '../../adapters/tap/tapClient.js';
import type { TapArchive } from '../../core/domain/projectConfig.js';

setOutboundPolicy({ hosts: null, allowPrivate: true });

const seen: { url: string; authorization: string | undefined }[] = [];
let base = '';
const server = createServer((req, res) => {
  seen.push({ url: req.url ?? '', authorization: req.headers.authorization });
  if (req.url === '/tap/availability') return res.writeHead(200).end('<available>true</available>');
  res
    .writeHead(401, {
      'www-authenticate':
        'ivoa_cookie standard_id="ivo://ivoa.net/sso#cookie", access_url="https://sso.example/login", ivoa_x509 standard_id="ivo://ivoa.net/sso#tls-with-certificate"',
    })
    .end('sign in first');
});
test.before(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.after.always(() => new Promise<void>((r) => server.close(() => r())));

const archive = (auth: TapArchive['auth']): TapArchive => ({
  kind: 'tap',
  url: `${base}/tap`,
  timeout_seconds: 5,
  retries: 0,
  auth,
  mode: 'sync',
  async_above_rows: 10_000,
  max_concurrent_queries: 1,
  origins: [],
  ...(auth === 'archive_credentials' ? { login_check_url: `${base}/login` } : {}),
});

const client = new TapClient({
  userAgent: 'surveyor/test',
  credentials: () => ({ username: 'opal-user', password: 'opal-secret-4711', origins: [base] }),
});

test.serial('a service that asks only for AuthVO schemes: the check fails naming them', async (t) => {
  const checks = await client.ping('sso', archive('archive_credentials'), []);
  const auth = checks.find((c) => c.name === 'authentication')!;
  t.false(auth.ok);
  t.is(
    auth.detail,
    `GET ${base}/login without credentials: HTTP 401; asks for ivoa_cookie (standard_id ivo://ivoa.net/sso#cookie, access_url https://sso.example/login), ivoa_x509 (standard_id ivo://ivoa.net/sso#tls-with-certificate): surveyor signs in only with HTTP Basic, which this service does not name`,
  );
  t.false(JSON.stringify(checks).includes('opal-secret-4711'));
  // The login check URL was asked twice: first with no credential (what does it ask for?), then
  // with the account (does it take it?).
  t.deepEqual(
    seen.filter((r) => r.url === '/login').map((r) => r.authorization?.split(' ')[0] ?? null),
    [null, 'Basic'],
  );
});

test.serial('an archive configured without auth whose service asks for it is told so', async (t) => {
  const checks = await client.ping('sso', archive('none'), []);
  const auth = checks.find((c) => c.name === 'authentication')!;
  t.false(auth.ok);
  t.regex(
    auth.detail,
    /\/tap\/capabilities without credentials: HTTP 401; asks for ivoa_cookie .*the archive's auth is none/,
  );
});

// Auth rules that reviews found open: the client address behind a proxy, and an account's role
// and disabled state taking effect at the next request rather than at the next refresh.
import test from 'ava';
import type { Db } from '../../adapters/postgres/db.js';
import { TYPES } from '../../hosts/composition/composition.js';
import { defaultPassword, startTestApi, type TestApi } from '../support/api.js';

let api: TestApi;
test.before(async () => {
  api = await startTestApi({ SERVICE_TRUST_PROXY: 'true', SERVICE_LOGIN_MAX_FAILURES_PER_ADDRESS: '3' });
});
test.after.always(async () => {
  await api?.close();
});

const attempt = (username: string, forwardedFor: string) =>
  api.call('POST', '/login', {
    body: { username, password: 'not-the-password' },
    headers: { 'X-Forwarded-For': forwardedFor },
  });

test.serial(
  'behind a proxy the client is the rightmost X-Forwarded-For entry: spoofed ones do not escape the limit',
  async (t) => {
    for (let i = 0; i < 3; i++) t.is((await attempt(`user${i}`, `198.51.100.${i}, 203.0.113.7`)).status, 401);
    const spoofed = await attempt('user9', '192.0.2.200, 198.51.100.99, 203.0.113.7');
    t.is(spoofed.status, 429, 'a new leftmost entry is still the same client');
    t.is(
      (await attempt('user9', '203.0.113.7, 203.0.113.8')).status,
      401,
      'another address (the rightmost) is another client',
    );
  },
);

test.serial("an account's role and disabled state count at once, not at the next refresh", async (t) => {
  const token = await api.tokenFor('demoted', 'operator');
  const db = api.container.get<Db>(TYPES.Db);
  const me = async () => (await api.call('GET', '/auth/me', { token })).body as { role: string };
  t.is((await me()).role, 'operator');
  await db.none("UPDATE users SET role = 'viewer' WHERE username = 'demoted'");
  t.is((await me()).role, 'viewer');
  const write = await api.call('POST', '/deployment-profiles', {
    token,
    body: { name: 'p', translation: {}, deployment: { kind: 'rest_remote', deploy_host: 'dim.example.org' } },
  });
  t.is(write.status, 403, write.text);
  await db.none("UPDATE users SET disabled_at = now() WHERE username = 'demoted'");
  const gone = await api.call('GET', '/auth/me', { token });
  t.is(gone.status, 401);
  t.regex(gone.text, /disabled/);
});

test.serial(
  "tries an address's limit holds back never lock out the account they name, add no counter, and never lengthen the wait",
  async (t) => {
    await api.addUser('the-admin', 'admin');
    const db = api.container.get<Db>(TYPES.Db);
    const rows = async () => (await db.one<{ n: number }>('SELECT count(*)::int AS n FROM login_attempts')).n;
    const from = '198.51.100.77';
    for (let i = 0; i < 3; i++) t.is((await attempt(`sprayed${i}`, from)).status, 401);
    const before = await rows();
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      // New usernames, and the admin's, from the address that is held back.
      const r = await attempt(i % 2 === 0 ? `never-seen-${i}` : 'the-admin', from);
      t.is(r.status, 429);
      waits.push(Number(r.headers.get('retry-after')));
    }
    t.is(await rows(), before, 'no counter for the usernames the held back tries named');
    t.true(
      waits.every((w, i) => i === 0 || w <= waits[i - 1]!),
      `the wait never grows with more refused tries: ${waits.join(', ')}`,
    );
    const right = await api.call('POST', '/login', {
      body: { username: 'the-admin', password: defaultPassword },
      headers: { 'X-Forwarded-For': '203.0.113.200' },
    });
    t.is(right.status, 200, `the admin, from another address: ${right.text}`);
  },
);

// API tokens over HTTP on PostgreSQL: made from a login and shown once, taken as a Bearer on every
// route with the role they carry, never able to make tokens or set the password, revoked by their
// owner, an admin or themselves (logout), and never in a log line or a list.
import test from 'ava';
import { startTestApi, type TestApi } from '../support/api.js';

let api: TestApi;
test.before(async () => {
  api = await startTestApi();
});
test.after.always(async () => {
  await api?.close();
});

interface Made {
  id: string;
  token: string;
  role: string;
  state: string;
}

test.serial('a token works as a Bearer with its own role, and only a login manages tokens', async (t) => {
  const olga = await api.tokenFor('olga', 'operator');
  const made = await api.call('POST', '/auth/tokens', {
    token: olga,
    body: { name: 'nightly import', role: 'viewer', days: 7 },
  });
  t.is(made.status, 201, made.text);
  const m = made.body as Made;
  t.regex(m.token, /^svy_[0-9a-f]{32}_[A-Za-z0-9_-]{43}$/, 'the text, once, unredacted');
  t.like(m, { role: 'viewer', state: 'live' });
  const me = await api.call('GET', '/auth/me', { token: m.token });
  t.like(me.body, { username: 'olga', role: 'viewer' });
  t.is(
    me.headers.get('x-surveyor-token-expires'),
    (made.body as { expires_at: string }).expires_at,
    'every answer to a token says when it ends',
  );
  t.is((await api.call('GET', '/auth/me', { token: olga })).headers.get('x-surveyor-token-expires'), null);
  t.is((await api.call('GET', '/executions', { token: m.token })).status, 200);
  const write = await api.call('POST', '/sources', {
    token: m.token,
    body: { project_module: 'wallaby_hires', source_identifier: 'HIPASSJ0001-23', enabled: true },
  });
  t.is(write.status, 403, 'a viewer token does not write, though olga may');
  t.regex(write.text, /needs the operator role; you have viewer/);
  const child = await api.call('POST', '/auth/tokens', { token: m.token, body: { name: 'child', days: 1 } });
  t.is(child.status, 403);
  const pw = await api.call('POST', '/auth/password', {
    token: m.token,
    body: { current_password: 'correct-horse-battery-staple', new_password: 'a-very-new-password' },
  });
  t.is(pw.status, 403);
  const above = await api.call('POST', '/auth/tokens', {
    token: olga,
    body: { name: 'x', role: 'admin', days: 1 },
  });
  t.is(above.status, 422);
  t.regex(above.text, /above your own role/);
  // An account with no role anywhere: told so, not a server error (PostgreSQL refuses a token of none).
  const nobody = await api.call('POST', '/auth/tokens', {
    token: await api.tokenFor('nora', 'none'),
    body: { name: 'x', days: 1 },
  });
  t.is(nobody.status, 403, nobody.text);
  t.regex(nobody.text, /holds no role/);
  const listed = await api.call('GET', '/auth/tokens', { token: olga });
  t.is(listed.status, 200);
  t.deepEqual(
    (listed.body as { items: { name: string; state: string }[] }).items.map((i) => [i.name, i.state]),
    [['nightly import', 'live']],
  );
  t.false(listed.text.includes(m.token.slice(-43)), 'never the text again');
  t.false(
    api.logs.some((l) => l.includes(m.token.slice(-43))),
    'never in a log line, though it came in every request above',
  );
});

test.serial(
  'revoked by an admin, or by itself at logout: refused at the next request, with the reason',
  async (t) => {
    const pat = await api.tokenFor('pat', 'operator');
    const admin = await api.tokenFor('root', 'admin');
    const other = await api.tokenFor('other', 'operator');
    const make = async (name: string) =>
      (await api.call('POST', '/auth/tokens', { token: pat, body: { name, days: 30 } })).body as Made;
    const [a, b] = [await make('a'), await make('b')];
    t.is((await api.call('DELETE', `/auth/tokens/${a.id}`, { token: other })).status, 404, "not other's");
    const gone = await api.call('DELETE', `/auth/tokens/${a.id}`, { token: admin });
    t.is(gone.status, 200, gone.text);
    t.like(gone.body, { state: 'revoked', username: 'pat' });
    const refused = await api.call('GET', '/auth/me', { token: a.token });
    t.is(refused.status, 401);
    t.like(refused.body, {
      error: { message: 'this API token was revoked; make a new one', details: { reason: 'token_revoked' } },
    });
    t.is((await api.call('POST', '/auth/logout', { token: b.token })).status, 200);
    t.is((await api.call('GET', '/auth/me', { token: b.token })).status, 401);
    const all = await api.call('GET', '/auth/tokens?all=true', { token: admin });
    t.true((all.body as { items: { username: string }[] }).items.some((i) => i.username === 'olga'));
    const own = await api.call('GET', '/auth/tokens?all=true', { token: pat });
    t.deepEqual(
      (own.body as { items: { name: string; state: string }[] }).items.map((i) => [i.name, i.state]),
      [
        ['b', 'revoked'],
        ['a', 'revoked'],
      ],
      'all=true is an admin’s; others get their own',
    );
    const audit = await api.call('GET', '/users/events?username=pat', { token: admin });
    t.deepEqual(
      (audit.body as { items: { kind: string; actor: string; payload: { name?: string } }[] }).items
        .filter((e) => e.kind.startsWith('user.token_'))
        .map((e) => [e.kind, e.payload.name, e.actor]),
      [
        ['user.token_created', 'a', 'pat'],
        ['user.token_created', 'b', 'pat'],
        ['user.token_revoked', 'a', 'root'],
        ['user.token_revoked', 'b', 'pat'],
      ],
    );
    // Garbage with the prefix, and a well-formed token nobody made: the same refusal.
    for (const bogus of ['svy_nope', `svy_${'0'.repeat(32)}_${'A'.repeat(43)}`]) {
      const r = await api.call('GET', '/auth/me', { token: bogus });
      t.is(r.status, 401);
      t.regex(r.text, /the API token is not valid/);
    }
  },
);

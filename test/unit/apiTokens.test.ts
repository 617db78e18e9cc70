// API tokens on the harness (memory stores): made from a login, taken as a Bearer by the same
// authentication as a login, capped by their owner's role now, revoked, expired, audited.
import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { createHarness } from '../../hosts/library/harness.js';
import { effectiveRole, formatApiToken, parseApiToken } from '../../core/domain/apiToken.js';

const password = 'correct-horse-battery';
const right = <A>(e: E.Either<unknown, A>): A => {
  if (E.isLeft(e)) throw new Error(`expected success, got ${JSON.stringify(e.left)}`);
  return e.right;
};
const left = <L>(e: E.Either<L, unknown>): L => {
  if (E.isRight(e)) throw new Error('expected failure');
  return e.left;
};

const withUsers = async (policy = {}) => {
  const h = createHarness({ policy });
  right(await h.users.create({ username: 'alice', email: 'a@example.org', role: 'admin', password }));
  right(await h.users.create({ username: 'olga', email: 'o@example.org', role: 'operator', password }));
  right(await h.users.create({ username: 'oscar', email: 'os@example.org', role: 'operator', password }));
  const principal = async (username: string) => {
    const login = right(await h.auth.login({ username, password, clientAddress: '10.0.0.1' }));
    return right(await h.auth.authenticate(login.tokens.access_token));
  };
  return { h, principal };
};

test('a token is the session id and a secret; anything else is not one', (t) => {
  const id = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
  const text = formatApiToken(id, 'A'.repeat(43));
  t.is(text, `svy_0a1b2c3d4e5f4a6b8c7d9e0f1a2b3c4d_${'A'.repeat(43)}`);
  t.deepEqual(parseApiToken(text), { sessionId: id, secret: 'A'.repeat(43) });
  for (const bad of [`${text}x`, text.slice(0, -1), text.replace('svy_', 'svz_'), text.toUpperCase(), 'svy_'])
    t.is(parseApiToken(bad), null, bad);
  t.is(effectiveRole('admin', 'viewer'), 'viewer');
  t.is(effectiveRole('viewer', 'admin'), 'viewer');
  t.is(effectiveRole('operator', 'operator'), 'operator');
});

test('a token made from a login authenticates as its owner with its own role, never above the owner’s now', async (t) => {
  const { h, principal } = await withUsers();
  const olga = await principal('olga');
  const made = right(await h.apiTokens.create(olga, { name: 'nightly import', role: 'viewer', days: 30 }));
  t.regex(made.token, /^svy_[0-9a-f]{32}_[A-Za-z0-9_-]{43}$/);
  t.like(made.view, { name: 'nightly import', role: 'viewer', username: 'olga' });
  t.like(right(await h.auth.authenticate(made.token)), {
    username: 'olga',
    role: 'viewer',
    viaApiToken: true,
  });
  // Its use is told at most every ten minutes: a program calling every second costs one write.
  const used = async () =>
    (await h.apiTokens.list(olga, false)).find((x) => x.name === 'nightly import')!.lastUsedAt;
  const first = h.clock.now();
  t.deepEqual(await used(), first);
  h.clock.advance(300);
  right(await h.auth.authenticate(made.token));
  t.deepEqual(await used(), first, 'five minutes later: not written again');
  h.clock.advance(301);
  right(await h.auth.authenticate(made.token));
  t.deepEqual(await used(), h.clock.now());
  const full = right(await h.apiTokens.create(olga, { name: 'pipeline', days: 30 }));
  t.is(full.view.lastUsedAt, null, 'never used yet');
  t.is(full.view.role, 'operator', 'the owner’s role by default');
  // Olga demoted: the token counts as a viewer at its next request.
  right(await h.users.change({ username: 'olga', role: 'viewer' }));
  t.is(right(await h.auth.authenticate(full.token)).role, 'viewer');
  right(await h.users.change({ username: 'olga', role: 'operator' }));
  t.is(right(await h.auth.authenticate(full.token)).role, 'operator');
  // A wrong secret for a real token, and a session id that is a login, are refused alike.
  const wrongSecret = `${full.token.slice(0, -3)}zzz`;
  t.is(
    left<{ message: string }>(await h.auth.authenticate(wrongSecret)).message,
    'the API token is not valid',
  );
  // An access token signed for a token's session (with the service's own key) is no way in either.
  const forged = h.ports.tokens.sign(
    { sub: olga.userId, username: 'olga', role: 'operator', sid: full.view.id },
    h.clock.now(),
    60,
  );
  t.regex(left<{ message: string }>(await h.auth.authenticate(forged)).message, /login has ended/);
  const loginId = olga.sessionId.replace(/-/g, '');
  t.is(
    left<{ message: string }>(await h.auth.authenticate(`svy_${loginId}_${'x'.repeat(43)}`)).message,
    'the API token is not valid',
  );
});

test('what a token request may ask is checked, and a token cannot make tokens or set the password', async (t) => {
  const { h, principal } = await withUsers({ apiTokenMaxDays: 90 });
  const olga = await principal('olga');
  const bad = left<{ code: string; details?: Record<string, unknown> }>(
    await h.apiTokens.create(olga, { name: ' spaced', role: 'admin', days: 91 }),
  );
  t.is(bad.code, 'validation_failed');
  t.deepEqual(
    ((bad.details?.['issues'] ?? []) as { path: string }[]).map((i) => i.path),
    ['name', 'role', 'days'],
  );
  const made = right(await h.apiTokens.create(olga, { name: 'ci', days: 90 }));
  t.is(
    left<{ code: string }>(await h.apiTokens.create(olga, { name: 'CI', days: 1 })).code,
    'conflict',
    'a live name is taken whatever its case',
  );
  const asToken = right(await h.auth.authenticate(made.token));
  const refused = left<{ code: string; message: string }>(
    await h.apiTokens.create(asToken, { name: 'child', days: 1 }),
  );
  t.is(refused.code, 'forbidden');
  t.regex(refused.message, /cannot make API tokens/);
  const pw = left<{ code: string }>(
    await h.auth.changePassword(
      { ...asToken, clientAddress: '10.0.0.1' },
      { current_password: password, new_password: 'a-new-long-password' },
    ),
  );
  t.is(pw.code, 'forbidden');
  // An account with no role anywhere is told so, whether or not it names a role.
  right(await h.users.create({ username: 'nora', email: 'n@example.org', role: 'none', password }));
  const nora = await principal('nora');
  for (const ask of [
    { name: 'x', days: 1 },
    { name: 'x', role: 'viewer', days: 1 },
  ]) {
    const none = left<{ code: string; message: string }>(await h.apiTokens.create(nora, ask));
    t.is(none.code, 'forbidden');
    t.regex(none.message, /holds no role/);
  }
  // At most 20 live per account.
  for (let i = 1; i < 20; i++) right(await h.apiTokens.create(olga, { name: `t${i}`, days: 1 }));
  t.regex(
    left<{ message: string }>(await h.apiTokens.create(olga, { name: 't20', days: 1 })).message,
    /20 live/,
  );
});

test('revoked, expired, a disabled owner, a new password, tokens turned off: each refused with its reason', async (t) => {
  const { h, principal } = await withUsers();
  const olga = await principal('olga');
  const alice = await principal('alice');
  const a = right(await h.apiTokens.create(olga, { name: 'a', days: 1 }));
  h.clock.advance(1);
  const b = right(await h.apiTokens.create(olga, { name: 'b', days: 2 }));
  h.clock.advance(1);
  const c = right(await h.apiTokens.create(olga, { name: 'c', days: 5 }));
  // Another operator's token is not olga's to revoke; an admin revokes anyone's.
  const oscar = await principal('oscar');
  t.is(left<{ code: string }>(await h.apiTokens.revoke(oscar, a.view.id)).code, 'not_found');
  t.like(right(await h.apiTokens.revoke(alice, a.view.id)), { name: 'a' });
  t.like(left<{ details?: Record<string, unknown> }>(await h.auth.authenticate(a.token)).details, {
    reason: 'token_revoked',
  });
  t.is(left<{ code: string }>(await h.apiTokens.revoke(alice, a.view.id)).code, 'not_found', 'once');
  // A token revokes itself, never another.
  const asB = right(await h.auth.authenticate(b.token));
  t.is(left<{ code: string }>(await h.apiTokens.revoke(asB, c.view.id)).code, 'forbidden');
  h.clock.advance(2 * 86_400);
  const expired = left<{ message: string; details?: Record<string, unknown> }>(
    await h.auth.authenticate(b.token),
  );
  t.is(expired.message, 'this API token expired; make a new one');
  t.deepEqual(
    (await h.apiTokens.list(olga, false)).map((x) => [x.name, x.state]),
    [
      ['c', 'live'],
      ['b', 'expired'],
      ['a', 'revoked'],
    ],
  );
  t.is((await h.apiTokens.list(alice, true)).length, 3, 'an admin lists every account’s');
  t.is((await h.apiTokens.list(alice, false)).length, 0, 'and without all=true, their own');
  t.is((await h.apiTokens.list(olga, true)).length, 3, 'all=true is only an admin’s: olga sees hers');
  // A password set ends every login of the account, its tokens too; so does disabling it.
  right(await h.users.change({ username: 'olga', password: 'another-long-password' }));
  t.regex(left<{ message: string }>(await h.auth.authenticate(c.token)).message, /password was changed/);
  const d = right(await h.apiTokens.create(olga, { name: 'd', days: 5 }));
  right(await h.users.change({ username: 'olga', enabled: false }));
  t.regex(left<{ message: string }>(await h.auth.authenticate(d.token)).message, /account was disabled/);
  // The audit: each made and revoked, by whom, never the text.
  const audit = right(await h.users.events({}, 'olga')).items.filter((e) => e.kind.startsWith('user.token_'));
  t.deepEqual(
    audit.map((e) => [e.kind, e.payload['name'], e.actor]),
    [
      ['user.token_created', 'a', 'olga'],
      ['user.token_created', 'b', 'olga'],
      ['user.token_created', 'c', 'olga'],
      ['user.token_revoked', 'a', 'alice'],
      ['user.token_created', 'd', 'olga'],
    ],
  );
  t.false(JSON.stringify(audit).includes(c.token.slice(-43)));
  const off = createHarness({ policy: { apiTokenMaxDays: 0 } });
  right(await off.users.create({ username: 'zed', email: 'z@example.org', role: 'viewer', password }));
  const zedLogin = right(await off.auth.login({ username: 'zed', password, clientAddress: '10.0.0.1' }));
  const zed = right(await off.auth.authenticate(zedLogin.tokens.access_token));
  t.regex(
    left<{ message: string }>(await off.apiTokens.create(zed, { name: 'x', days: 1 })).message,
    /turned off/,
  );
  t.regex(left<{ message: string }>(await off.auth.authenticate(c.token)).message, /turned off/);
});

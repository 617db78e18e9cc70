// Logins on the in-memory harness: tokens, their rotation and expiry, a refresh token reused or a
// token of another account or secret refused, and the login throttle by username and address
// (bursts, look-alike names, a success giving its reservation back).
import test from 'ava';
import { createHarness } from '../../hosts/library/harness.js';
import { admin, from, left, right } from '../support/authHarness.js';

test('login returns tokens; the access token authenticates the user with its role', async (t) => {
  const h = createHarness();
  right(await h.users.create(admin));
  const ok = right(await from(h));
  t.is(ok.tokens.token_type, 'Bearer');
  t.is(ok.tokens.expires_in, 900);
  const p = right(await h.auth.authenticate(ok.tokens.access_token));
  t.is(p.username, 'alice');
  t.is(p.role, 'admin');
});

test('failed logins give one answer to the client and the true cause to the host', async (t) => {
  const h = createHarness();
  const noAdmin = left(
    await h.auth.login({ username: 'bob', password: 'whatever-long', clientAddress: 'a' }),
  );
  t.is(noAdmin.cause, 'no_admin_exists');
  right(await h.users.create(admin));
  const noUser = left(await h.auth.login({ username: 'bob', password: 'whatever-long', clientAddress: 'a' }));
  const wrong = left(await from(h, 'wrong-password-here'));
  t.is(noUser.cause, 'no_such_user');
  t.is(wrong.cause, 'wrong_password');
  t.deepEqual(noUser.error, wrong.error);
  t.deepEqual(noAdmin.error, wrong.error);
  t.is(wrong.error.code, 'invalid_credentials');
});

test('too many failures for one username are refused with a retry time, until the window passes', async (t) => {
  const h = createHarness({ policy: { maxFailuresPerUsername: 3, loginWindowSeconds: 600 } });
  right(await h.users.create(admin));
  for (let i = 0; i < 3; i++)
    t.is(left(await from(h, 'wrong-password-here', `10.0.0.${i}`)).cause, 'wrong_password');
  const limited = left(await from(h, admin.password, '10.9.9.9'));
  t.is(limited.cause, 'rate_limited');
  t.is(limited.error.code, 'rate_limited');
  // The window slides in tenths: an attempt is counted for the window and at most a tenth more.
  t.true(limited.retryAfterSeconds! > 0 && limited.retryAfterSeconds! <= 660);
  h.clock.advance(limited.retryAfterSeconds!);
  right(await from(h));
});

test('too many failures from one address are refused whatever the username', async (t) => {
  const h = createHarness({ policy: { maxFailuresPerAddress: 2 } });
  right(await h.users.create(admin));
  await h.auth.login({ username: 'x1', password: 'bad-password-1', clientAddress: '1.2.3.4' });
  await h.auth.login({ username: 'x2', password: 'bad-password-2', clientAddress: '1.2.3.4' });
  t.is(left(await from(h, admin.password, '1.2.3.4')).cause, 'rate_limited');
  right(await from(h, admin.password, '5.6.7.8'));
});

test('a refresh token works once and rotates', async (t) => {
  const h = createHarness();
  right(await h.users.create(admin));
  const first = right(await from(h)).tokens;
  const second = right(await h.auth.refresh(first.refresh_token));
  t.not(second.refresh_token, first.refresh_token);
  right(await h.auth.authenticate(second.access_token));
  const third = right(await h.auth.refresh(second.refresh_token));
  right(await h.auth.authenticate(third.access_token));
});

test('reusing a spent refresh token revokes the whole login', async (t) => {
  const h = createHarness();
  right(await h.users.create(admin));
  const first = right(await from(h)).tokens;
  const second = right(await h.auth.refresh(first.refresh_token));
  t.is(left(await h.auth.refresh(first.refresh_token)).cause, 'token_reused');
  t.is(left(await h.auth.refresh(second.refresh_token)).cause, 'session_ended');
  t.is(left(await h.auth.authenticate(second.access_token)).code, 'unauthorized');
});

test('logout rejects both the access token and the refresh token', async (t) => {
  const h = createHarness();
  right(await h.users.create(admin));
  const tokens = right(await from(h)).tokens;
  const p = right(await h.auth.authenticate(tokens.access_token));
  await h.auth.logout(p.sessionId);
  t.is(left(await h.auth.authenticate(tokens.access_token)).code, 'unauthorized');
  t.is(left(await h.auth.refresh(tokens.refresh_token)).cause, 'session_ended');
});

test('an access token expires after its lifetime; the login ends after the refresh lifetime', async (t) => {
  const h = createHarness({ policy: { accessTokenTtlSeconds: 60, refreshTokenTtlSeconds: 3600 } });
  right(await h.users.create(admin));
  const tokens = right(await from(h)).tokens;
  h.clock.advance(61);
  const err = left(await h.auth.authenticate(tokens.access_token));
  t.regex(err.message, /expired/);
  const renewed = right(await h.auth.refresh(tokens.refresh_token));
  h.clock.advance(3600);
  t.is(left(await h.auth.refresh(renewed.refresh_token)).cause, 'session_ended');
});

test("a validly signed token naming one account and another account's login is refused", async (t) => {
  const h = createHarness();
  right(await h.users.create(admin));
  right(await h.users.create({ ...admin, username: 'bob', email: 'bob@example.org', role: 'viewer' }));
  const alice = right(await h.auth.authenticate(right(await from(h)).tokens.access_token));
  const bobsLogin = right(
    await h.auth.login({ username: 'bob', password: admin.password, clientAddress: 'b' }),
  );
  const bob = right(await h.auth.authenticate(bobsLogin.tokens.access_token));
  // Signed with the service's own key: only the session's owner is checked against the claims.
  const mixed = h.ports.tokens.sign(
    { sub: alice.userId, username: 'alice', role: 'admin', sid: bob.sessionId },
    h.clock.now(),
    60,
  );
  t.regex(left(await h.auth.authenticate(mixed)).message, /login has ended/);
  const own = h.ports.tokens.sign(
    { sub: alice.userId, username: 'alice', role: 'admin', sid: alice.sessionId },
    h.clock.now(),
    60,
  );
  t.is(right(await h.auth.authenticate(own)).username, 'alice', 'the same claims with its own login pass');
});

test('a token signed with another secret, or garbage, is refused', async (t) => {
  const h = createHarness();
  const other = createHarness({ jwtSecret: 'another-secret-another-secret-0000' });
  right(await other.users.create(admin));
  const foreign = right(await other.auth.login({ ...admin, clientAddress: 'a' })).tokens.access_token;
  t.is(left(await h.auth.authenticate(foreign)).code, 'unauthorized');
  t.is(left(await h.auth.authenticate('not-a-jwt')).code, 'unauthorized');
  t.is(left(await h.auth.authenticate(undefined)).code, 'unauthorized');
});

test('a burst of concurrent wrong passwords gets the limit through to the password check, 429 for the rest', async (t) => {
  const h = createHarness({ policy: { maxFailuresPerUsername: 5, maxFailuresPerAddress: 1000 } });
  right(await h.users.create(admin));
  let verified = 0;
  const verify = h.ports.hasher.verify.bind(h.ports.hasher);
  h.ports.hasher.verify = async (hash, password) => {
    verified++;
    await new Promise((r) => setTimeout(r, 5));
    return verify(hash, password);
  };
  const results = await Promise.all(
    Array.from({ length: 60 }, (_, i) => from(h, `wrong-password-${i}`, `10.0.${i}.1`)),
  );
  const causes = results.map((r) => left(r).cause);
  t.is(causes.filter((c) => c === 'wrong_password').length, 5);
  t.is(causes.filter((c) => c === 'rate_limited').length, 55);
  t.is(verified, 5, 'only the reserved attempts cost a password check');
  // The right password is refused too until the window passes.
  t.is(left(await from(h, admin.password, '10.9.9.9')).cause, 'rate_limited');
});

test('a username spelled with a non-ASCII look-alike is never the account nor its counter', async (t) => {
  const h = createHarness({ policy: { maxFailuresPerUsername: 2 } });
  right(await h.users.create({ ...admin, username: 'view' }));
  for (let i = 0; i < 2; i++)
    left(await h.auth.login({ username: 'view', password: 'wrong-password-x', clientAddress: `1.1.1.${i}` }));
  t.is(
    left(await h.auth.login({ username: 'view', password: admin.password, clientAddress: '2.2.2.2' })).cause,
    'rate_limited',
  );
  // Dotted capital I lower-cases to "i" in PostgreSQL's lower(); here it is not a username at all.
  for (const spelling of ['vİew', 'VİEW', 'vıew'])
    t.is(
      left(await h.auth.login({ username: spelling, password: admin.password, clientAddress: '3.3.3.3' }))
        .cause,
      'no_such_user',
      spelling,
    );
  t.is(
    left(await h.auth.login({ username: 'VIEW', password: admin.password, clientAddress: '4.4.4.4' })).cause,
    'rate_limited',
  );
});

test('a successful login gives its address reservation back', async (t) => {
  const h = createHarness({ policy: { maxFailuresPerAddress: 3 } });
  right(await h.users.create(admin));
  for (let i = 0; i < 10; i++) right(await from(h, admin.password, '7.7.7.7'));
  t.is(
    left(await from(h, 'wrong-password-here', '7.7.7.7')).cause,
    'wrong_password',
    'ten logins did not use up the limit of 3',
  );
});

// Accounts and logins on the in-memory harness: validation, tokens and their rotation and expiry,
// the login throttle by username and address, roles, disable, passwords, the last admin kept, and
// the account audit of each change.
import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { createHarness } from '../../hosts/library/harness.js';
import { authorize } from '../../core/usecases/auth/authenticate.js';

const admin = {
  username: 'alice',
  email: 'alice@example.org',
  role: 'admin',
  password: 'correct-horse-battery',
};
const from = (h: ReturnType<typeof createHarness>, password = admin.password, address = '10.0.0.1') =>
  h.auth.login({ username: admin.username, password, clientAddress: address });

const right = <A>(e: E.Either<unknown, A>): A => {
  if (E.isLeft(e)) throw new Error(`expected success, got ${JSON.stringify(e.left)}`);
  return e.right;
};
const left = <L>(e: E.Either<L, unknown>): L => {
  if (E.isRight(e)) throw new Error('expected failure');
  return e.left;
};

/** Why a login ended, as its access token and its refresh token each hear it (they must agree). */
const whyEnded = async (
  h: ReturnType<typeof createHarness>,
  tokens: { access_token: string; refresh_token: string },
) => {
  const byAccess = left(await h.auth.authenticate(tokens.access_token)).message;
  const byRefresh = left(await h.auth.refresh(tokens.refresh_token)).error.message;
  return byAccess === byRefresh ? byAccess : `access: ${byAccess}; refresh: ${byRefresh}`;
};

test('createUser validates every field and names each bad one', async (t) => {
  const h = createHarness();
  const err = left(await h.users.create({ username: '-x', email: 'nope', role: 'root', password: 'short' }));
  t.is(err.code, 'validation_failed');
  const paths = ((err.details?.['issues'] ?? []) as { path: string }[]).map((i) => i.path).sort();
  t.deepEqual(paths, ['email', 'password', 'role', 'username']);
});

test('createUser refuses a taken username, whatever its case', async (t) => {
  const h = createHarness();
  right(await h.users.create(admin));
  const err = left(await h.users.create({ ...admin, username: 'ALICE' }));
  t.is(err.code, 'conflict');
});

test("no account takes the name automation acts under, so what it did is never a person's", async (t) => {
  const h = createHarness();
  const err = left(await h.users.create({ ...admin, username: 'Scheduler' }));
  t.is(err.code, 'validation_failed');
  t.deepEqual(err.details?.['issues'], [
    { path: 'username', message: 'Scheduler is the name the service acts under' },
  ]);
});

test('the user view never carries the password hash', async (t) => {
  const h = createHarness();
  const view = right(await h.users.create(admin));
  t.false('passwordHash' in view);
  t.false(JSON.stringify(view).includes('test$'));
});

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

test('roles: viewer < operator < admin', (t) => {
  const p = { userId: 'u', username: 'v', sessionId: 's' };
  t.true(E.isLeft(authorize({ ...p, role: 'viewer' }, 'operator')));
  t.true(E.isRight(authorize({ ...p, role: 'operator' }, 'operator')));
  t.true(E.isLeft(authorize({ ...p, role: 'operator' }, 'admin')));
  t.true(E.isRight(authorize({ ...p, role: 'admin' }, 'viewer')));
  const denied = authorize({ ...p, role: 'viewer' }, 'admin');
  t.true(E.isLeft(denied) && denied.left.code === 'forbidden');
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

test('a role changed on the host counts at the next request; logins go on', async (t) => {
  const h = createHarness();
  right(await h.users.create(admin));
  right(await h.users.create({ ...admin, username: 'bob', email: 'bob@example.org', role: 'operator' }));
  const bob = right(
    await h.auth.login({ username: 'bob', password: admin.password, clientAddress: '1.1.1.1' }),
  );
  t.is(right(await h.auth.authenticate(bob.tokens.access_token)).role, 'operator');
  t.like(right(await h.users.change({ username: 'BOB', role: 'viewer' })), {
    user: { role: 'viewer' },
    loginsEnded: 0,
  });
  t.is(right(await h.auth.authenticate(bob.tokens.access_token)).role, 'viewer');
  const bad = left(await h.users.change({ username: 'bob', role: 'root' }));
  t.is(bad.code, 'validation_failed');
  t.is(left(await h.users.change({ username: 'bob' })).code, 'validation_failed', 'nothing to change');
  t.is(left(await h.users.change({ username: 'carol', role: 'viewer' })).code, 'not_found');
});

test('disabling ends every login at once and refuses new ones; enabling lets new ones in', async (t) => {
  const h = createHarness();
  right(await h.users.create(admin));
  right(await h.users.create({ ...admin, username: 'bob', email: 'bob@example.org', role: 'operator' }));
  const bobLogin = () =>
    h.auth.login({ username: 'bob', password: admin.password, clientAddress: '1.1.1.1' });
  const [first, second] = [right(await bobLogin()), right(await bobLogin())];
  t.is(right(await h.users.change({ username: 'bob', enabled: false })).loginsEnded, 2);
  for (const l of [first, second])
    t.is(await whyEnded(h, l.tokens), 'this login was ended: the account was disabled');
  t.is(left(await bobLogin()).cause, 'disabled');
  t.false(right(await h.users.change({ username: 'bob', enabled: true })).user.disabled);
  right(await h.auth.authenticate(right(await bobLogin()).tokens.access_token));
  // An ended login stays ended.
  left(await h.auth.authenticate(first.tokens.access_token));
});

test('a new password ends every login, refuses the old one and forgets the failed logins', async (t) => {
  const h = createHarness({ policy: { maxFailuresPerUsername: 2 } });
  right(await h.users.create(admin));
  const before = right(await from(h));
  for (let i = 0; i < 3; i++) left(await from(h, 'wrong-password-here', `10.0.0.${i}`));
  t.is(left(await from(h)).cause, 'rate_limited');
  t.is(left(await h.users.change({ username: 'alice', password: 'short' })).code, 'validation_failed');
  t.is(right(await h.users.change({ username: 'alice', password: 'a-new-long-password' })).loginsEnded, 1);
  left(await h.auth.authenticate(before.tokens.access_token));
  t.is(left(await from(h, admin.password, '10.0.1.1')).cause, 'wrong_password');
  right(await from(h, 'a-new-long-password', '10.0.1.2'));
});

test('the last enabled admin cannot be demoted or disabled; with another admin, it can', async (t) => {
  const h = createHarness();
  right(await h.users.create(admin));
  for (const change of [{ role: 'operator' }, { enabled: false }]) {
    const err = left(await h.users.change({ username: 'alice', ...change }));
    t.is(err.code, 'conflict');
    t.regex(err.message, /last enabled admin/);
  }
  right(await h.users.create({ ...admin, username: 'root2', email: 'r@example.org' }));
  right(await h.users.change({ username: 'alice', enabled: false }));
  t.is(left(await h.users.change({ username: 'root2', role: 'viewer' })).code, 'conflict');
  right(await h.users.change({ username: 'alice', enabled: true }));
  right(await h.users.change({ username: 'root2', role: 'viewer' }));
});

test('unlock forgets the failed logins of a username or of an address', async (t) => {
  const h = createHarness({ policy: { maxFailuresPerUsername: 2, maxFailuresPerAddress: 3 } });
  right(await h.users.create(admin));
  for (let i = 0; i < 3; i++) left(await from(h, 'wrong-password-here', `10.0.0.${i}`));
  t.is(left(await from(h, admin.password, '10.0.9.9')).cause, 'rate_limited');
  right(await h.users.unlock({ username: 'ALICE' }));
  right(await from(h, admin.password, '10.0.9.9'));
  for (let i = 0; i < 4; i++)
    await h.auth.login({ username: `x${i}`, password: 'bad-password-1', clientAddress: '7.7.7.7' });
  t.is(left(await from(h, admin.password, '7.7.7.7')).cause, 'rate_limited');
  right(await h.users.unlock({ address: '7.7.7.7' }));
  right(await from(h, admin.password, '7.7.7.7'));
  t.is(left(await h.users.unlock({})).code, 'validation_failed');
});

test('a login that ended says why to whoever still holds its tokens', async (t) => {
  const h = createHarness();
  right(await h.users.create(admin));
  const out = right(await from(h));
  await h.auth.logout(right(await h.auth.authenticate(out.tokens.access_token)).sessionId);
  t.is(await whyEnded(h, out.tokens), 'this login was logged out; log in again');
  const reused = right(await from(h));
  right(await h.auth.refresh(reused.tokens.refresh_token));
  left(await h.auth.refresh(reused.tokens.refresh_token));
  t.regex(
    left(await h.auth.authenticate(reused.tokens.access_token)).message,
    /refresh tokens was used twice/,
  );
  // An unknown refresh token learns nothing.
  t.is(
    left(await h.auth.refresh('not-a-token')).error.message,
    'the refresh token is not valid; log in again',
  );
  t.is(left(await h.auth.refresh('not-a-token')).error.details, undefined);
  // The reason, for a client to act on (the console shows the message over the page).
  t.deepEqual(left(await h.auth.refresh(out.tokens.refresh_token)).error.details, { reason: 'logout' });
  t.deepEqual(left(await h.auth.authenticate(reused.tokens.access_token)).details, {
    reason: 'refresh_token_reuse',
  });
});

test('the account audit: what each change changed, who made it, nothing for a change that changes nothing', async (t) => {
  const h = createHarness();
  right(await h.users.create(admin, 'host:root'));
  right(
    await h.users.create({ ...admin, username: 'Bob', email: 'bob@example.org', role: 'viewer' }, 'host:ops'),
  );
  right(await h.users.change({ username: 'bob', role: 'viewer', enabled: true }, 'host:ops'));
  right(await h.users.change({ username: 'bob', role: 'operator', enabled: false }, 'host:ops'));
  left(await h.users.change({ username: 'alice', enabled: false }, 'host:ops')); // the last admin
  right(await h.users.unlock({ username: 'BOB', address: '2001:db8::7' }, 'host:ops'));
  const kinds = (r: Awaited<ReturnType<typeof h.users.events>>) =>
    right(r).items.map((e) => `${e.subject_type}:${e.subject_id} ${e.kind} ${e.actor}`);
  t.deepEqual(kinds(await h.users.events()), [
    'user:alice user.created host:root',
    'user:bob user.created host:ops',
    'user:bob user.role_changed host:ops',
    'user:bob user.disabled host:ops',
    'user:bob user.login_unlocked host:ops',
    'address:2001:db8::7 address.login_unlocked host:ops',
  ]);
  t.deepEqual(kinds(await h.users.events({ limit: 1 }, 'ALICE')), ['user:alice user.created host:root']);
  t.deepEqual(right(await h.users.events({}, 'nobody')).items, []);
  t.is(left(await h.users.events({ cursor: 'nonsense' })).code, 'validation_failed');
  const long = left(await h.users.unlock({ username: 'x'.repeat(300) }));
  t.regex(long.message, /at most 256 characters/);
});

test('a login held back is told to the account audit once a window: an account when guessed at from many addresses, an address when it guesses at many usernames', async (t) => {
  const h = createHarness({
    policy: { maxFailuresPerUsername: 3, maxFailuresPerAddress: 4, loginWindowSeconds: 600 },
  });
  right(await h.users.create(admin));
  const told = async () =>
    right(await h.users.events()).items.filter((e) => e.kind.endsWith('login_held_back'));
  // Many addresses, one username: the username is held back, told once for 20 refused tries.
  for (let i = 0; i < 23; i++) await from(h, 'wrong-password-here', `10.0.1.${i}`);
  t.deepEqual(
    (await told()).map((e) => [e.subject_type, e.subject_id, e.payload, e.actor]),
    [['user', 'alice', { username: 'alice', limit: 3, window_seconds: 600 }, null]],
  );
  // One address, many usernames: the address is told once, none of the usernames past it.
  for (let i = 0; i < 30; i++)
    await h.auth.login({
      username: `guess${i % 6}`,
      password: 'bad-password-1',
      clientAddress: '192.0.2.66',
    });
  t.deepEqual(
    (await told()).slice(1).map((e) => [e.subject_type, e.subject_id, e.kind]),
    [['address', '192.0.2.66', 'address.login_held_back']],
  );
  // A username nobody has is never told (what is typed there is sometimes a password).
  for (let i = 0; i < 8; i++)
    await h.auth.login({ username: 'Tr0ub4dor-3', password: 'bad-password-1', clientAddress: `10.0.3.${i}` });
  t.is((await told()).length, 2);
  // A stretch later, told again.
  h.clock.advance(700);
  for (let i = 0; i < 5; i++) await from(h, 'wrong-password-here', `10.0.2.${i}`);
  t.is((await told()).length, 3);
});

test('a user sets their own password with the current one: other logins end, this one goes on; wrong ones are throttled', async (t) => {
  const h = createHarness({ policy: { maxFailuresPerUsername: 3 } });
  right(await h.users.create(admin, 'host:root'));
  const [here, elsewhere] = [right(await from(h)), right(await from(h, admin.password, '10.0.0.2'))];
  const who = {
    ...right(await h.auth.authenticate(here.tokens.access_token)),
    clientAddress: '10.0.0.1',
  };
  const change = (current_password: string, new_password: string) =>
    h.auth.changePassword(who, { current_password, new_password });
  const short = left(await change(admin.password, 'short'));
  t.deepEqual(short.details?.['issues'], [{ path: 'new_password', message: 'at least 12 characters' }]);
  t.regex(
    JSON.stringify(left(await change(admin.password, admin.password)).details),
    /the same as the current/,
  );
  const wrong = left(await change('not-the-password', 'a-fresh-long-password'));
  t.is(wrong.code, 'validation_failed');
  t.deepEqual(wrong.details?.['issues'], [
    { path: 'current_password', message: 'not the password of this account' },
  ]);
  t.is(right(await change(admin.password, 'a-fresh-long-password')).loginsEnded, 1);
  right(await h.auth.authenticate(here.tokens.access_token));
  t.is(
    await whyEnded(h, elsewhere.tokens),
    'this login was ended: the password was changed; log in with the new one',
  );
  t.is(left(await from(h, admin.password, '10.0.0.3')).cause, 'wrong_password');
  right(await from(h, 'a-fresh-long-password', '10.0.0.4'));
  // A logged-in token guesses no faster than the login page: wrong ones count, then 429.
  for (let i = 0; i < 3; i++) left(await change(`guess-number-${i}`, 'another-long-password'));
  const held = left(await change('a-fresh-long-password', 'another-long-password'));
  t.is(held.code, 'rate_limited');
  t.true((held.details?.['retry_after_seconds'] as number) > 0);
  const audit = right(await h.users.events({}, 'alice')).items.map((e) => [e.kind, e.actor]);
  t.deepEqual(audit.slice(1), [
    ['user.password_set', 'alice'],
    ['user.login_held_back', null],
  ]);
});

// Accounts on the in-memory harness: validation, roles, a role changed or an account disabled at
// the next request, passwords set by the host and by their user, the last admin kept, unlock, why a
// login ended, and the account audit of each change.
import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { createHarness } from '../../hosts/library/harness.js';
import { authorize } from '../../core/usecases/auth/authenticate.js';
import { admin, from, left, right, whyEnded } from '../support/authHarness.js';

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

test('roles: viewer < operator < admin', (t) => {
  const p = { userId: 'u', username: 'v', sessionId: 's' };
  t.true(E.isLeft(authorize({ ...p, role: 'viewer' }, 'operator')));
  t.true(E.isRight(authorize({ ...p, role: 'operator' }, 'operator')));
  t.true(E.isLeft(authorize({ ...p, role: 'operator' }, 'admin')));
  t.true(E.isRight(authorize({ ...p, role: 'admin' }, 'viewer')));
  const denied = authorize({ ...p, role: 'viewer' }, 'admin');
  t.true(E.isLeft(denied) && denied.left.code === 'forbidden');
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

// Alert rules on accounts in the harness: each account change told with who made it, logins held
// back folded by the cooldown, API tokens told once as they near their end.
import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { alertSetup as setup, deliveriesOf } from '../support/alertHarness.js';
import { admin, right } from '../support/harnessProject.js';

test('account_changed tells each account change it listens for, naming the account and who changed it', async (t) => {
  const { h, rule } = await setup([], {
    kind: 'account_changed',
    changes: ['role_changed', 'login_unlocked'],
  });
  t.like(right(await h.alerts.rules.get(rule.id)), { kind: 'account_changed', project_module: null });
  right(
    await h.users.create(
      { ...admin, email: 'a@example.org', password: 'correct-horse-battery' },
      'host:root',
    ),
  );
  right(
    await h.users.create(
      { username: 'eve', email: 'eve@example.org', role: 'viewer', password: 'correct-horse-battery' },
      'host:root',
    ),
  );
  right(await h.users.change({ username: 'eve', role: 'admin' }, 'host:mallory'));
  right(await h.users.change({ username: 'eve', role: 'operator' }, 'host:root'));
  right(await h.users.change({ username: 'eve', enabled: false }, 'host:root')); // not listened for
  right(await h.users.unlock({ address: '192.0.2.9' }, 'host:root'));
  await h.until(async () => (await deliveriesOf(h, rule.id)).length === 3, { maxSeconds: 60 });
  await h.until(async () => (await deliveriesOf(h, rule.id)).every((d) => d.state === 'delivered'));
  const sent = h.notifier.sent.map((s) => s.message);
  t.deepEqual(sent.map((m) => m.subject).sort(), [
    '[surveyor] account eve: role changed from admin to operator',
    '[surveyor] account eve: role changed from viewer to admin',
    '[surveyor] client address 192.0.2.9: login unlocked',
  ]);
  const first = sent.find((m) => m.subject.includes('viewer to admin'))!;
  t.regex(first.text, /^by: host:mallory$/m, 'who made the change, each told inside the cooldown');
  const refused = await h.alerts.rules.create({
    name: 'in a project',
    kind: 'account_changed',
    channels: rule.channels,
    project_module: 'wallaby_hires',
  } as never);
  t.true(E.isLeft(refused));
  t.regex(JSON.stringify(refused), /account events belong to no project/);
});

test('logins held back fold by the cooldown: guessing from many addresses is one alert, the rest counted', async (t) => {
  const { h, rule } = await setup([], { kind: 'account_changed', changes: ['login_held_back'] });
  // Three addresses each held back (the default limit of 20 per address is passed by the 21st
  // attempt), told as one delivery whose suppressed count says how many more.
  for (const address of ['192.0.2.1', '192.0.2.2', '192.0.2.3'])
    for (let i = 0; i < 25; i++)
      await h.auth.login({ username: `guess${i}`, password: 'bad-password-1', clientAddress: address });
  const events = right(await h.users.events()).items.filter((e) => e.kind === 'address.login_held_back');
  t.is(events.length, 3);
  await h.until(async () => (await deliveriesOf(h, rule.id)).some((d) => d.state === 'delivered'), {
    maxSeconds: 60,
  });
  await h.until(async () => (await deliveriesOf(h, rule.id))[0]?.suppressed === 2, { maxSeconds: 60 });
  const ds = await deliveriesOf(h, rule.id);
  t.is(ds.length, 1);
  t.regex(
    ds[0]!.subject,
    /^\[surveyor\] client address 192\.0\.2\.1: login held back after \d+ failed logins in \d+ s$/,
  );
});

test('token_expiring tells each live API token once as it comes within its days, an admin’s rule of no project', async (t) => {
  const { h, rule, channel } = await setup([], { kind: 'token_expiring', days: 7 });
  t.like(right(await h.alerts.rules.get(rule.id)), { kind: 'token_expiring', days: 7, project_module: null });
  right(
    await h.users.create({
      username: 'olga',
      email: 'o@example.org',
      role: 'operator',
      password: 'correct-horse-battery',
    }),
  );
  const login = await h.auth.login({
    username: 'olga',
    password: 'correct-horse-battery',
    clientAddress: '10.0.0.1',
  });
  if (E.isLeft(login)) throw new Error('olga cannot log in');
  const olga = right(await h.auth.authenticate(login.right.tokens.access_token));
  right(await h.apiTokens.create(olga, { name: 'nightly', role: 'viewer', days: 10 }));
  right(await h.apiTokens.create(olga, { name: 'far', days: 60 }));
  const gone = right(await h.apiTokens.create(olga, { name: 'gone', days: 2 }));
  right(await h.apiTokens.revoke(olga, gone.view.id));
  await h.advance(60, 30);
  t.is(h.notifier.sent.length, 0, 'ten days left: not yet; a revoked token is never told');
  await h.advance(3 * 86_400 + 60, 3600);
  await h.until(async () => (await deliveriesOf(h, rule.id)).some((d) => d.state === 'delivered'), {
    maxSeconds: 60,
  });
  t.deepEqual(
    h.notifier.sent.map((s) => s.message.subject),
    ['[surveyor] API token nightly of olga ends in 6 days'],
  );
  t.regex(h.notifier.sent[0]!.message.text, /^role: viewer; ends \S+Z$/m);
  t.regex(h.notifier.sent[0]!.message.text, /^last used: never$/m);
  await h.advance(6 * 86_400, 3600);
  t.is(h.notifier.sent.length, 1, 'once per token, however long it stays near its end');
  const inProject = await h.alerts.rules.create({
    name: 'in a project',
    kind: 'token_expiring',
    channels: [channel.id],
    project_module: 'wallaby_hires',
  } as never);
  t.regex(JSON.stringify(inProject), /API tokens belong to no project/);
});

// What the service tells through a real `surveyor worker` and a real webhook beside executions'
// ends: a role changed on the host, naming the account, the change and who made it; a profile
// paused and resumed, with who and why; a maintenance window set ahead, as it begins and ends.
import test from 'ava';
import { runCli } from '../support/child.js';
import { deliverySession } from '../support/deliverySession.js';

const { d: peers, post, hook, deliveries, settled } = deliverySession(test);

test.serial(
  'a role changed on the host reaches the webhook, naming the account, the change and who made it',
  async (t) => {
    const w = await hook('accounts-hook');
    const rule = await post('/alert-rules', {
      kind: 'account_changed',
      name: 'accounts',
      channels: [w.id],
      changes: ['role_changed'],
    });
    await peers.api.addUser('acct-op', 'operator');
    const before = peers.receiver.received.length;
    const cli = runCli(['user', 'set-role', '--username', 'acct-op', '--role', 'admin'], peers.env);
    t.is(await cli.exited(60_000), 0, cli.output());
    const [d] = await settled(rule.id);
    t.like(d, { state: 'delivered', attempts: 1 });
    const got = peers.receiver.received.slice(before);
    t.is(got.length, 1, 'the account made before is not a role change');
    t.true(got[0]!.signatureOk);
    t.like(got[0]!.body, {
      subject: '[surveyor] account acct-op: role changed from operator to admin',
      rule: { id: rule.id, name: 'accounts', kind: 'account_changed' },
    });
    t.regex(String(got[0]!.body['text']), /^by: host:\S+$/m);
  },
);

test.serial('a profile paused and resumed is told to the project, with who did it and why', async (t) => {
  const w = await hook('pause-hook');
  const rule = await post(
    '/alert-rules',
    { kind: 'profile_paused', name: 'pauses', channels: [w.id], project_module: 'deliver_p' },
    peers.op,
  );
  const profile = await post('/deployment-profiles', {
    name: 'pz',
    project_module: 'deliver_p',
    translation: {},
    deployment: { kind: 'rest_remote', deploy_host: 'dim.example.org' },
  });
  const before = peers.receiver.received.length;
  // A window announced ahead: the alert says when it begins and ends.
  const hour = Math.ceil(Date.now() / 3600_000) * 3600_000;
  const ahead = {
    from: new Date(hour + 3600_000).toISOString(),
    until: new Date(hour + 3 * 3600_000).toISOString(),
  };
  const pause = await peers.api.call('POST', `/deployment-profiles/${profile.id}/pause`, {
    token: peers.op,
    body: { reason: 'DIM upgrade until 18:00', from: ahead.from, until: ahead.until },
  });
  t.is(pause.status, 200, pause.text);
  t.is(
    (await peers.api.call('POST', `/deployment-profiles/${profile.id}/resume`, { token: peers.op })).status,
    200,
  );
  const d = await settled(rule.id, 2);
  t.true(
    d.every((x) => x.state === 'delivered'),
    JSON.stringify(d),
  );
  const got = peers.receiver.received
    .slice(before)
    .map((r) => [String(r.body['subject']), String(r.body['text'])] as const)
    .sort();
  t.deepEqual(
    got.map(([s]) => s),
    ['[surveyor] deliver_p: profile pz paused', '[surveyor] deliver_p: profile pz resumed'],
  );
  for (const [, text] of got) {
    t.regex(text, /^reason: DIM upgrade until 18:00$/m);
    t.regex(text, /^by: deliver-op$/m);
    t.true(text.includes(`\nfrom: ${ahead.from}\nuntil: ${ahead.until}\n`), text);
  }
});

test.serial(
  'a window set ahead is told as it begins and as it ends, by the scheduler, once each',
  async (t) => {
    const w = await hook('window-hook');
    const rule = await post(
      '/alert-rules',
      { kind: 'profile_paused', name: 'windows', channels: [w.id], project_module: 'deliver_w' },
      peers.op,
    );
    const profile = await post('/deployment-profiles', {
      name: 'pw',
      project_module: 'deliver_w',
      translation: {},
      deployment: { kind: 'rest_remote', deploy_host: 'dim.example.org' },
    });
    const before = peers.receiver.received.length;
    const window = {
      from: new Date(Date.now() + 1_500).toISOString(),
      until: new Date(Date.now() + 3_500).toISOString(),
    };
    const pause = await peers.api.call('POST', `/deployment-profiles/${profile.id}/pause`, {
      token: peers.op,
      body: { reason: 'login node reboot', ...window },
    });
    t.is(pause.status, 200, pause.text);
    const d = await settled(rule.id, 3);
    t.true(
      d.every((x) => x.state === 'delivered'),
      JSON.stringify(d),
    );
    const got = peers.receiver.received
      .slice(before)
      .map((r) => [String(r.body['subject']), String(r.body['text'])] as const);
    t.deepEqual(got.map(([s]) => s).sort(), [
      '[surveyor] deliver_w: profile pw paused',
      '[surveyor] deliver_w: profile pw paused: the window set ahead began',
      '[surveyor] deliver_w: profile pw resumed: the window ended at its time',
    ]);
    for (const [, text] of got) t.regex(text, /^reason: login node reboot$/m);
    // Told once: more ticks add nothing.
    await new Promise((r) => setTimeout(r, 2_000));
    t.is((await deliveries(rule.id)).length, 3);
  },
);

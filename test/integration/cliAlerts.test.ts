// Alerting from the CLI against a real webhook receiver: a channel added and tested (a 503 said),
// rules added, listed, disabled, shown, replaced and deleted, a channel shown without its secret,
// replaced keeping it, disabled, enabled, refused deletion while a rule uses it, and deliveries.
import test from 'ava';
import { startReceiver } from '../support/alertPeers.js';
import { cliCoverage } from '../support/cliCoverage.js';
import { cliSession } from '../support/cliSession.js';

const s = cliSession(test, { loggedIn: true });
const { cli, json, file } = s;

test.serial('alert channels, rules and deliveries from the command line', async (t) => {
  const secret = 'cli-signing-secret-0123456789';
  const receiver = await startReceiver(secret);
  try {
    const hook = file(
      'hook.json',
      JSON.stringify({ kind: 'webhook', name: 'cli-hook', url: receiver.url, signing_secret: secret }),
    );
    const added = await cli(['alert', 'channel', 'add', hook]);
    t.is(added.code, 0, added.out);
    t.regex(added.out, /channel cli-hook created/);
    const tested = await cli(['alert', 'channel', 'test', 'cli-hook']);
    t.is(tested.code, 0, tested.out);
    t.regex(tested.out, /^delivered: status 200, \d+ ms/m);
    t.true(receiver.received[0]!.signatureOk);
    const list = await cli(['alert', 'channel', 'list']);
    t.regex(list.out, /cli-hook\s+webhook\s+yes\s+http:\/\/127\.0\.0\.1:\d+/);
    t.false(list.out.includes(secret) || list.out.includes('receiver-token-42'));
    const rule = file(
      'rule.json',
      JSON.stringify({
        kind: 'execution_ended',
        name: 'cli-failures',
        states: ['failed'],
        channels: ['cli-hook'],
      }),
    );
    const made = await cli(['alert', 'rule', 'add', rule]);
    t.is(made.code, 0, made.out);
    t.regex(
      (await cli(['alert', 'rule', 'list'])).out,
      /cli-failures\s+execution_ended\s+yes\s+\(all\)\s+1\s+60 min/,
    );
    t.is((await cli(['alert', 'rule', 'disable', 'cli-failures'])).code, 0);
    t.is((await json<{ enabled: boolean }[]>(['alert', 'rule', 'list']))[0]!.enabled, false);
    receiver.respondWith(() => 503);
    const failing = await cli(['alert', 'channel', 'test', 'cli-hook']);
    t.is(failing.code, 1, failing.out);
    t.regex(failing.out, /not delivered: HTTP 503/);
    const deliveries = await cli(['alert', 'deliveries', '--channel', 'cli-hook']);
    t.is(deliveries.code, 0, deliveries.out);
    t.regex(deliveries.out, /failed\s+1\s+0\s+HTTP 503/);
    t.regex(deliveries.out, /delivered\s+1\s+0\s+200, \d+ ms\s+\(test\)/);
    const bad = await cli(['alert', 'channel', 'test', 'no-such-channel']);
    t.is(bad.code, 2);
    t.regex(bad.out, /no channel named no-such-channel/);
  } finally {
    await receiver.close();
  }
});

test.serial('a rule and a channel shown, replaced and deleted; a delivery read', async (t) => {
  // A rule and a channel: shown (no secret), replaced (the secret kept), deleted in turn.
  const rule = await json<{ name: string; cooldown_minutes: number }>([
    'alert',
    'rule',
    'show',
    'cli-failures',
  ]);
  t.is(rule.cooldown_minutes, 60);
  const ruleFile = file(
    'rule2.json',
    JSON.stringify({
      kind: 'execution_ended',
      name: 'cli-failures',
      states: ['failed'],
      channels: ['cli-hook'],
      cooldown_minutes: 5,
    }),
  );
  t.regex(
    (await cli(['alert', 'rule', 'replace', 'cli-failures', ruleFile])).out,
    /^rule cli-failures replaced$/m,
  );
  t.regex(
    (await cli(['alert', 'rule', 'list'])).out,
    /cli-failures\s+execution_ended\s+\S+\s+\(all\)\s+1\s+5 min/,
  );
  const channel = await cli(['alert', 'channel', 'show', 'cli-hook']);
  t.regex(channel.out, /"sealed_fields": \[\s+"signing_secret"/);
  t.false(channel.out.includes('cli-signing-secret-0123456789'));
  const hookUrl = (JSON.parse(channel.out) as { settings: { url?: string; target?: string } }).settings;
  const channelFile = file(
    'hook2.json',
    JSON.stringify({ kind: 'webhook', name: 'cli-hook', url: hookUrl.url ?? `http://${hookUrl.target}` }),
  );
  const swapped = await cli(['alert', 'channel', 'replace', 'cli-hook', channelFile]);
  t.is(swapped.code, 0, swapped.out);
  t.regex(
    (await cli(['alert', 'channel', 'show', 'cli-hook'])).out,
    /"sealed_fields": \[\s+"signing_secret"/,
    'the secret left out is kept',
  );
  t.regex((await cli(['alert', 'channel', 'disable', 'cli-hook'])).out, /^channel cli-hook disabled$/m);
  t.regex((await cli(['alert', 'channel', 'enable', 'cli-hook'])).out, /^channel cli-hook enabled$/m);
  const held = await cli(['alert', 'channel', 'delete', 'cli-hook']);
  t.is(held.code, 1, held.out);
  t.regex(held.out, /HTTP 409/);
  t.regex((await cli(['alert', 'rule', 'delete', 'cli-failures'])).out, /^rule cli-failures deleted$/m);
  t.regex((await cli(['alert', 'channel', 'delete', 'cli-hook'])).out, /^channel cli-hook deleted$/m);

  const delivery = (await json<{ id: string; state: string }[]>(['alert', 'deliveries']))[0]!;
  t.regex((await cli(['alert', 'deliveries'])).out, new RegExp(`\\s${delivery.id}$`, 'm'));
  const one = await json<{ id: string; state: string }>(['alert', 'deliveries', 'show', delivery.id]);
  t.is(one.id, delivery.id);
  t.is(one.state, delivery.state);
});

cliCoverage(test, s, 'cliAlerts');

// The hosts testbed (scripts/testbed/hosts) that the multi-host tests stand on, checked on the
// real kernel: each host reaches the others and this machine over the bridge and nothing else (no
// route out: an address beyond it is unreachable without a packet leaving), a cut link drops
// packets until it is healed, a block drops one service's traffic alone, a host's processes can be killed, latency is added with tc netem or
// refused with the reason where the kernel has none, and stop leaves no namespace or bridge behind.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';
import test from 'ava';
import {
  bridgeExists,
  connectCode,
  type HostsTestbed,
  hostsCommand,
  hostsTestbed,
  namespaces,
  nodeIn,
  serveIn,
} from '../support/hosts.js';

let tb: HostsTestbed;
test.before(() => {
  tb = hostsTestbed();
});

const [h1, h2, h3] = ['svh1', 'svh2', 'svh3'];
const port = 7411;

test.serial('hosts reach each other and this machine over the bridge, and nothing beyond it', async (t) => {
  t.true(tb.hosts.size >= 3, [...tb.hosts.keys()].join(','));
  const server = await serveIn(h2!, tb.hosts.get(h2!)!, port);
  t.teardown(() => server.stop());
  t.is((await nodeIn(h1!, connectCode(tb.hosts.get(h2!)!, port))).out, 'hi', 'host to host');
  // This machine, through its side of the bridge.
  const here = await new Promise<string>((resolve) => {
    const s = connect(port, tb.hosts.get(h2!)!);
    let got = '';
    s.on('data', (d: Buffer) => (got += d.toString()));
    s.on('end', () => resolve(got));
    s.on('error', (e: Error) => resolve(e.message));
  });
  t.is(here, 'hi', 'this machine to a host');
  // No default route: an address off the bridge fails in the host's own stack, no packet leaves.
  const routes = execFileSync('ip', ['-n', h1!, 'route'], { encoding: 'utf8' });
  t.false(/^default/m.test(routes), routes);
  t.is((await nodeIn(h1!, connectCode('203.0.113.7', 80))).out, 'ENETUNREACH');
});

test.serial('a cut link drops packets until it is healed', async (t) => {
  const server = await serveIn(h2!, tb.hosts.get(h2!)!, port + 1);
  t.teardown(() => server.stop());
  t.is(hostsCommand('cut', h2!).code, 0);
  try {
    t.is((await nodeIn(h1!, connectCode(tb.hosts.get(h2!)!, port + 1, 1500))).out, 'TIMEOUT', 'partitioned');
  } finally {
    t.is(hostsCommand('heal', h2!).code, 0);
  }
  t.is((await nodeIn(h1!, connectCode(tb.hosts.get(h2!)!, port + 1))).out, 'hi', 'healed');
});

test.serial(
  'a block drops what a host sends to one service, and nothing else, until unblocked',
  async (t) => {
    const blocked = await serveIn(h2!, tb.hosts.get(h2!)!, port + 3);
    const other = await serveIn(h2!, tb.hosts.get(h2!)!, port + 4);
    t.teardown(() => {
      blocked.stop();
      other.stop();
    });
    t.is(hostsCommand('block', h1!, tb.hosts.get(h2!)!, String(port + 3)).code, 0);
    try {
      t.is((await nodeIn(h1!, connectCode(tb.hosts.get(h2!)!, port + 3, 1500))).out, 'TIMEOUT');
      t.is(
        (await nodeIn(h1!, connectCode(tb.hosts.get(h2!)!, port + 4))).out,
        'hi',
        'another port still answers',
      );
      t.is(
        (await nodeIn(h3!, connectCode(tb.hosts.get(h2!)!, port + 3))).out,
        'hi',
        'another host still reaches it',
      );
    } finally {
      t.is(hostsCommand('unblock', h1!).code, 0);
    }
    t.is((await nodeIn(h1!, connectCode(tb.hosts.get(h2!)!, port + 3))).out, 'hi', 'unblocked');
  },
);

test.serial("a host's processes are killed", async (t) => {
  const sleeper = nodeIn(h3!, 'setTimeout(() => console.log("woke"), 30000)', 40_000);
  await new Promise((r) => setTimeout(r, 500));
  t.is(
    execFileSync('ip', ['netns', 'pids', h3!], { encoding: 'utf8' }).trim().split('\n').filter(Boolean)
      .length,
    1,
  );
  t.is(hostsCommand('kill', h3!).code, 0);
  const r = await sleeper;
  t.not(r.out, 'woke');
  t.is(execFileSync('ip', ['netns', 'pids', h3!], { encoding: 'utf8' }).trim(), '');
});

test.serial(
  'latency is added with tc netem, or refused naming why where the kernel has no netem',
  async (t) => {
    const r = hostsCommand('delay', h2!, '200', '5');
    t.teardown(() => hostsCommand('delay', h2!, '0'));
    if (r.code === 0) {
      const server = await serveIn(h2!, tb.hosts.get(h2!)!, port + 2);
      t.teardown(() => server.stop());
      const started = Date.now();
      t.is((await nodeIn(h1!, connectCode(tb.hosts.get(h2!)!, port + 2, 5000))).out, 'hi');
      t.true(Date.now() - started >= 400, 'a connection takes at least a round trip each way');
    } else t.regex(r.out, /has no netem \(sch_netem\): latency and loss cannot be added to a link here/);
  },
);

test.serial('stop removes every host and the bridge (a separate instance of its own)', async (t) => {
  // Not the shared instance: other files run in its hosts meanwhile.
  const state = mkdtempSync(join(tmpdir(), 'surveyor-hosts-'));
  t.teardown(() => rmSync(state, { recursive: true, force: true }));
  const env = {
    ...process.env,
    HOSTS_TESTBED_PREFIX: 'svt',
    HOSTS_TESTBED_NET: '198.18.20',
    SURVEYOR_TESTBED_DIR: state,
  };
  const own = (...args: string[]) => hostsCommand.withEnv(env, ...args);
  t.teardown(() => own('stop'));
  t.is(own('start', '2').code, 0);
  t.is(own('status').code, 0);
  t.deepEqual(
    namespaces()
      .filter((n) => /^svt\d$/.test(n))
      .sort(),
    ['svt1', 'svt2'],
  );
  t.true(bridgeExists('svtbr0'));
  t.is(own('stop').code, 0);
  t.false(
    namespaces().some((n) => /^svt\d$/.test(n)),
    namespaces().join(','),
  );
  t.false(bridgeExists('svtbr0'));
  t.is(own('status').code, 1);
  // The shared instance is untouched.
  t.is(hostsCommand('status').code, 0);
});

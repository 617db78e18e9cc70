// The SSH pool against an ssh2 server that misbehaves the way a loaded or dying login node does: a
// command that never ends (a hung file system under the job's files), a connection cut while a
// large script (the job's files) is still going up. Every call must end within the command
// timeout or at once when the connection goes, honour an abort, and leave the pool usable.
import type { AddressInfo } from 'node:net';
import test from 'ava';
import ssh2 from 'ssh2';
import { parseKnownHosts } from '../../adapters/slurm/knownHosts.js';
import { SshPool, type SshTarget } from '../../adapters/slurm/sshPool.js';
import { type TcpProxy, tcpProxy } from '../support/tcpProxy.js';
import { setOutboundPolicy } from '../../adapters/shared/outbound.js';
import { probeHostKey } from '../../adapters/slurm/hostKeyProbe.js';

// The fake login nodes listen on loopback: allowed here, as for the test beds.
setOutboundPolicy({ hosts: null, allowPrivate: true });

const { utils, Server } = ssh2;
type Behaviour = 'never-exit' | 'normal';

interface FakeLogin {
  readonly target: SshTarget;
  readonly pool: SshPool;
  /** Bytes of script the server has read. */
  readonly received: () => number;
  readonly commands: () => number;
  /** TCP connections the server accepted. */
  readonly connections: () => number;
  readonly knownHosts: ReturnType<typeof parseKnownHosts>;
  close(): Promise<void>;
}

/**
 * An ed25519 pair ssh2 can read back: its generator drops leading zero bytes of the public key, so
 * about 1 key in 256 fails to parse (mscdex/ssh2 issues 1390 and 1513); those are drawn again.
 */
const readableKeyPair = () => {
  for (;;) {
    const k = utils.generateKeyPairSync('ed25519');
    if (!(utils.parseKey(k.private) instanceof Error) && !(utils.parseKey(k.public) instanceof Error))
      return k;
  }
};

const fakeLogin = async (
  behaviour: Behaviour,
  commandTimeoutMs = 1500,
  /** Puts something between the pool and the server (a proxy), given the server's port. */
  front: (port: number) => Promise<number> = async (port) => port,
): Promise<FakeLogin> => {
  const host = readableKeyPair();
  const user = readableKeyPair();
  let received = 0;
  let commands = 0;
  const server = new Server({ hostKeys: [host.private] }, (client) => {
    client.on('authentication', (ctx) =>
      ctx.method === 'publickey' ? ctx.accept() : ctx.reject(['publickey']),
    );
    client.on('error', () => undefined);
    client.on('ready', () =>
      client.on('session', (accept) => {
        const session = accept();
        session.on('exec', (acceptExec) => {
          commands += 1;
          const ch = acceptExec();
          ch.on('data', (d: Buffer) => {
            received += d.length;
          });
          ch.on('end', () => {
            if (behaviour === 'never-exit') return;
            ch.exit(0);
            ch.end();
          });
        });
      }),
    );
  });
  let connections = 0;
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = await front((server.address() as AddressInfo).port);
  const knownHosts = parseKnownHosts(`[127.0.0.1]:${port} ${host.public}\n`);
  const pool = new SshPool({
    credentials: () => ({
      credentials: {
        privateKey: Buffer.from(user.private),
        keySource: 'test',
        knownHosts,
        knownHostsPath: 'test',
      },
      findings: [],
    }),
    connectTimeoutMs: 3000,
    commandTimeoutMs,
    idleMs: 60_000,
    maxOutputBytes: 1 << 20,
  });
  return {
    target: { host: '127.0.0.1', port, user: 'op' },
    pool,
    received: () => received,
    commands: () => commands,
    connections: () => connections,
    knownHosts,
    close: async () => {
      pool.close();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
};

test.serial(
  'a login node the outbound policy does not allow is never connected to, nor probed; listed with its port, it is',
  async (t) => {
    const f = await fakeLogin('normal');
    t.teardown(async () => {
      setOutboundPolicy({ hosts: null, allowPrivate: true });
      await f.close();
    });
    for (const hosts of [['login.example.org'], ['127.0.0.1'], ['127.0.0.1:22']]) {
      setOutboundPolicy({ hosts, allowPrivate: false });
      await t.throwsAsync(f.pool.exec(f.target, 'true'), {
        name: 'PermanentJobError',
        message: /outbound request refused: .*(not in SERVICE_OUTBOUND_HOSTS)/,
      });
      const probe = await probeHostKey(f.knownHosts, '127.0.0.1', f.target.port, 2000);
      t.false(probe.ok);
      t.regex(probe.detail, /not in SERVICE_OUTBOUND_HOSTS/);
    }
    t.is(f.connections(), 0, 'no TCP connection reached the login node');
    setOutboundPolicy({ hosts: [`127.0.0.1:${f.target.port}`], allowPrivate: false });
    await f.pool.exec(f.target, 'true');
    t.is(f.connections(), 1);
  },
);

test('a command that never ends fails after the command timeout', async (t) => {
  const f = await fakeLogin('never-exit', 800);
  t.teardown(() => f.close());
  const started = Date.now();
  await t.throwsAsync(f.pool.exec(f.target, 'cat > /a/job.sh.part'), {
    name: 'SshUnavailable',
    message: /did not finish within 0.8 s/,
  });
  t.true(Date.now() - started < 3000);
  t.is(f.commands(), 1);
});

test('a connection cut while a large script goes up ends the command at once, not at the timeout', async (t) => {
  let proxy: TcpProxy | undefined;
  const f = await fakeLogin('normal', 30_000, async (port) => {
    proxy = await tcpProxy({ host: '127.0.0.1', port });
    return proxy.port;
  });
  t.teardown(async () => {
    await f.close();
    await proxy?.close();
  });
  await f.pool.exec(f.target, 'true');
  const cut = proxy!.cutNextUpload(64 * 1024, 10_000);
  const started = Date.now();
  // Not an exit status: the backend reads `code: null` as "the connection dropped" (SshUnavailable).
  const r = await f.pool.exec(f.target, 'x'.repeat(4 * 1024 * 1024)).catch((e: Error) => e);
  t.true((await cut).cut, 'the proxy cut the script');
  t.true(r instanceof Error ? r.name === 'SshUnavailable' : r.code === null, JSON.stringify(r));
  t.true(Date.now() - started < 5000, `the command ended after ${Date.now() - started} ms`);
  t.true(f.received() < 4 * 1024 * 1024, 'the whole script did not arrive');
  // The next command opens a new connection and goes through.
  t.is((await f.pool.exec(f.target, 'true')).code, 0);
});

test('an abort ends a command that does not end, at once', async (t) => {
  const f = await fakeLogin('never-exit', 30_000);
  t.teardown(() => f.close());
  const abort = new AbortController();
  const started = Date.now();
  setTimeout(() => abort.abort(new Error('lease lost')), 300);
  await t.throwsAsync(f.pool.exec(f.target, 'sleep 1000', abort.signal), { message: 'lease lost' });
  t.true(Date.now() - started < 2000);
});

test('eight commands that do not end do not hold the channel slots for good', async (t) => {
  const f = await fakeLogin('never-exit', 600);
  t.teardown(() => f.close());
  const stuck = Array.from({ length: 8 }, () => f.pool.exec(f.target, 'sleep 1000').catch(() => 'failed'));
  const started = Date.now();
  const late = await f.pool.exec(f.target, 'true').catch(() => 'failed');
  t.is(late, 'failed', 'the ninth waited for a slot, then timed out like the rest (the server never exits)');
  t.true(Date.now() - started < 5000, 'the ninth got a slot once the stuck ones timed out');
  t.deepEqual(await Promise.all(stuck), Array(8).fill('failed'));
  t.is(f.commands(), 9);
});

test('an aborted signal sends nothing: no command reaches the login node', async (t) => {
  const f = await fakeLogin('normal');
  t.teardown(() => f.close());
  await f.pool.exec(f.target, 'true');
  const abort = new AbortController();
  abort.abort(new Error('lease lost'));
  await t.throwsAsync(f.pool.exec(f.target, 'sbatch job.sh', abort.signal), { message: 'lease lost' });
  t.is(f.commands(), 1);
});

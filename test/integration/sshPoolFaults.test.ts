// The SSH pool against an ssh2 server that misbehaves the way a loaded or dying login node does:
// an SFTP channel the server closes, an SFTP write that never answers. Every call must end within
// the command timeout, honour an abort, and never reuse a channel the server closed.
import type { AddressInfo } from 'node:net';
import test from 'ava';
import ssh2 from 'ssh2';
import { parseKnownHosts } from '../../adapters/slurm/knownHosts.js';
import { SshPool, type SshTarget } from '../../adapters/slurm/sshPool.js';
import { type TcpProxy, tcpProxy } from '../support/tcpProxy.js';

const { utils, Server } = ssh2;
const STATUS = utils.sftp.STATUS_CODE;

type Behaviour = 'close-sftp-after-first-upload' | 'never-answer-writes' | 'normal';

interface FakeLogin {
  readonly target: SshTarget;
  readonly pool: SshPool;
  readonly sftpOpened: () => number;
  readonly commands: () => number;
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
  let sftpOpened = 0;
  let commands = 0;
  let uploadsDone = 0;
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
          ch.on('data', () => undefined);
          ch.on('end', () => {
            ch.exit(0);
            ch.end();
          });
        });
        session.on('sftp', (acceptSftp) => {
          sftpOpened += 1;
          const sftp = acceptSftp();
          let handles = 0;
          sftp.on('OPEN', (id) => sftp.handle(id, Buffer.from([handles++])));
          sftp.on('WRITE', (id) => {
            if (behaviour !== 'never-answer-writes') sftp.status(id, STATUS.OK);
          });
          sftp.on('FSETSTAT', (id) => sftp.status(id, STATUS.OK));
          sftp.on('SETSTAT', (id) => sftp.status(id, STATUS.OK));
          sftp.on('CLOSE', (id) => sftp.status(id, STATUS.OK));
          sftp.on('REMOVE', (id) => sftp.status(id, STATUS.OK));
          // No posix-rename extension is offered: the pool falls back to remove and rename.
          sftp.on('RENAME', (id) => {
            sftp.status(id, STATUS.OK);
            uploadsDone += 1;
            // The server ends the subsystem after one upload, as a restarted sftp-server would.
            if (behaviour === 'close-sftp-after-first-upload' && uploadsDone === 1)
              setImmediate(() => sftp.end());
          });
        });
      }),
    );
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
    sftpOpened: () => sftpOpened,
    commands: () => commands,
    close: async () => {
      pool.close();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
};

const file = (path: string) => [{ path, content: 'x'.repeat(100), mode: 0o640 }];

test('an SFTP channel the server closed is not reused: the next upload opens a fresh one', async (t) => {
  const f = await fakeLogin('close-sftp-after-first-upload');
  t.teardown(() => f.close());
  await f.pool.upload(f.target, file('/a/one'));
  await new Promise((r) => setTimeout(r, 100));
  const started = Date.now();
  await f.pool.upload(f.target, file('/a/two'));
  t.true(Date.now() - started < 1500, 'the second upload did not wait for a timeout');
  t.is(f.sftpOpened(), 2);
});

test('an SFTP write that never answers fails after the command timeout, and the channel is dropped', async (t) => {
  const f = await fakeLogin('never-answer-writes', 800);
  t.teardown(() => f.close());
  const started = Date.now();
  await t.throwsAsync(f.pool.upload(f.target, file('/a/stuck')), {
    name: 'SshUnavailable',
    message: /did not finish within 0.8 s/,
  });
  t.true(Date.now() - started < 3000);
  await t.throwsAsync(f.pool.upload(f.target, file('/a/stuck2')), { name: 'SshUnavailable' });
  t.is(f.sftpOpened(), 2, 'the stuck channel was dropped and a new one opened');
});

test('a connection cut in the middle of an upload fails it at once, not at the timeout', async (t) => {
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
  const cut = proxy!.cutNextUpload(4000, 10_000);
  const started = Date.now();
  await t.throwsAsync(
    f.pool.upload(f.target, [{ path: '/a/big', content: 'x'.repeat(256 * 1024), mode: 0o640 }]),
    { name: 'SshUnavailable' },
  );
  t.true((await cut).cut, 'the proxy cut the upload');
  t.true(Date.now() - started < 5000, `the upload failed after ${Date.now() - started} ms`);
  // The next upload opens a new connection and goes through.
  await f.pool.upload(f.target, file('/a/after'));
});

test('an abort ends a stuck upload at once', async (t) => {
  const f = await fakeLogin('never-answer-writes', 30_000);
  t.teardown(() => f.close());
  const abort = new AbortController();
  const started = Date.now();
  setTimeout(() => abort.abort(new Error('lease lost')), 300);
  await t.throwsAsync(f.pool.upload(f.target, file('/a/stuck'), abort.signal), { message: 'lease lost' });
  t.true(Date.now() - started < 2000);
});

test('eight stuck uploads do not hold the channel slots for good', async (t) => {
  const f = await fakeLogin('never-answer-writes', 600);
  t.teardown(() => f.close());
  const stuck = Array.from({ length: 8 }, (_, i) =>
    f.pool.upload(f.target, file(`/a/s${i}`)).catch(() => 'failed'),
  );
  const started = Date.now();
  const r = await f.pool.exec(f.target, 'true');
  t.is(r.code, 0);
  t.true(Date.now() - started < 5000, 'the command got a slot once the stuck uploads timed out');
  t.deepEqual(await Promise.all(stuck), Array(8).fill('failed'));
});

test('an aborted signal sends nothing: no command reaches the login node', async (t) => {
  const f = await fakeLogin('normal');
  t.teardown(() => f.close());
  await f.pool.exec(f.target, 'true');
  const abort = new AbortController();
  abort.abort(new Error('lease lost'));
  await t.throwsAsync(f.pool.exec(f.target, 'sbatch job.sh', abort.signal), { message: 'lease lost' });
  await t.throwsAsync(f.pool.upload(f.target, file('/a/x'), abort.signal), { message: 'lease lost' });
  t.is(f.commands(), 1);
  t.is(f.sftpOpened(), 0);
});

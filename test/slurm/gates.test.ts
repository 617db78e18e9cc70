// The production SSH gates with real key files and real known_hosts files (made by ssh-keygen and
// ssh-keyscan against the testbed's sshd): `surveyor security check` reports each failure with a
// non-zero status, a production worker refuses to start while one fails, `profile ping` logs in
// and reports Slurm when all pass, and a host key that does not match is refused on connect.
// Neither key material nor the passphrase appears in any output.
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { probeHostKey } from '../../adapters/slurm/hostKeyProbe.js';
import { parseKnownHosts } from '../../adapters/slurm/knownHosts.js';
import { readSshCredentials } from '../../adapters/slurm/sshCredentials.js';
import { SshPool } from '../../adapters/slurm/sshPool.js';
import { PermanentJobError } from '../../core/domain/job.js';
import { TYPES } from '../../hosts/composition/composition.js';
import type { Config } from '../../schema/environment.js';
import { startTestApi, type TestApi } from '../support/api.js';
import { fastWorkerEnv, runCli } from '../support/child.js';
import { daliugeGraphDir, yamlWithGraph } from '../support/daliuge.js';
import { prepareProject } from '../support/project.js';
import { type SlurmTestbed, slurmTestbed, testbedDeployment } from '../support/slurm.js';
import { ordinaryRoleUrl } from '../support/db.js';

let tb: SlurmTestbed;
let api: TestApi;
let dir: string;
let base: NodeJS.ProcessEnv;
const passphrase = 'correct-horse-battery-staple-42';

test.before(async () => {
  tb = slurmTestbed();
  api = await startTestApi();
  const graphs = daliugeGraphDir();
  await prepareProject(
    api,
    ['HIPASSJ0007+01'],
    yamlWithGraph('HelloWorld-simple.graph', graphs.sha['HelloWorld-simple.graph']!, ' []'),
    { name: 'testbed-slurm', translation: { num_par: 1, num_islands: 1 }, deployment: testbedDeployment(tb) },
  );
  dir = mkdtempSync(join(tmpdir(), 'surveyor-gates-'));
  base = fastWorkerEnv(api.container.get<Config>(TYPES.Config).DATABASE_URL!, dir, {});
  // A good key: the testbed's, copied with owner-only permissions.
  copyFileSync(tb.key, join(dir, 'key'));
  chmodSync(join(dir, 'key'), 0o600);
  copyFileSync(tb.knownHosts, join(dir, 'known_hosts'));
});
test.after.always(async () => {
  await api?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The SSH variables for a key file and a known_hosts file in the test's directory. */
const files = (key: string, knownHosts: string, extra: Record<string, string> = {}) => ({
  BATCH_SSH_PRIVATE_KEY_FILE: join(dir, key),
  BATCH_SSH_KNOWN_HOSTS_SOURCE: join(dir, knownHosts),
  ...extra,
});

const check = async (extra: Record<string, string>, args: string[] = []) => {
  const r = runCli(['security', 'check', ...args], { ...base, ...extra });
  const code = await r.exited(60_000);
  return { code, out: r.output() };
};

const noSecrets = (t: { false: (v: boolean, m?: string) => void }, out: string) => {
  t.false(out.includes('PRIVATE KEY'), 'no key material');
  t.false(out.includes(passphrase), 'no passphrase');
  t.false(out.includes(readFileSync(tb.key, 'utf8').split('\n')[1]!), 'no key body');
};

test.serial('every check passes with the testbed key and known_hosts, host key included', async (t) => {
  const r = await check(files('key', 'known_hosts'));
  t.is(r.code, 0, r.out);
  t.regex(
    r.out,
    new RegExp(`ok   host key \\[127\\.0\\.0\\.1\\]:${tb.port}: the ssh-ed25519 key presented matches`),
  );
  noSecrets(t, r.out);
});

test.serial('a key readable by group or others is refused', async (t) => {
  copyFileSync(tb.key, join(dir, 'key-0644'));
  chmodSync(join(dir, 'key-0644'), 0o644);
  const r = await check(files('key-0644', 'known_hosts'));
  t.is(r.code, 1);
  t.regex(
    r.out,
    /FAIL private key: .*key-0644 has permissions 0644: it must not be readable or writable by group or others/,
  );
  noSecrets(t, r.out);
});

test.serial('a symlinked key path is refused', async (t) => {
  symlinkSync(join(dir, 'key'), join(dir, 'key-link'));
  const r = await check(files('key-link', 'known_hosts'));
  t.is(r.code, 1);
  t.regex(r.out, /FAIL private key: .*key-link is a symbolic link/);
});

test.serial('a missing or empty known_hosts file is refused', async (t) => {
  const missing = await check(files('key', 'nope'));
  t.is(missing.code, 1);
  t.regex(missing.out, /FAIL known_hosts: BATCH_SSH_KNOWN_HOSTS_SOURCE=.*nope does not exist/);
  writeFileSync(join(dir, 'empty'), '# nothing trusted\n');
  const empty = await check(files('key', 'empty'));
  t.is(empty.code, 1);
  t.regex(empty.out, /FAIL known_hosts: .*empty has no entries/);
});

test.serial('hashed known_hosts entries are refused', async (t) => {
  copyFileSync(tb.knownHosts, join(dir, 'hashed'));
  execFileSync('ssh-keygen', ['-H', '-f', join(dir, 'hashed')], { stdio: 'ignore' });
  t.true(readFileSync(join(dir, 'hashed'), 'utf8').startsWith('|1|'), 'ssh-keygen -H hashed it');
  const r = await check(files('key', 'hashed'));
  t.is(r.code, 1);
  t.regex(r.out, /FAIL known_hosts: .*has hashed entries \(line 1\)/);
});

test.serial('a host key that does not match the login node and port is refused', async (t) => {
  // Another key for the right [host]:port...
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', join(dir, 'other')]);
  const other = readFileSync(join(dir, 'other.pub'), 'utf8').split(' ').slice(0, 2).join(' ');
  writeFileSync(join(dir, 'wrong-key'), `[127.0.0.1]:${tb.port} ${other}\n`);
  const wrongKey = await check(files('key', 'wrong-key'));
  t.is(wrongKey.code, 1);
  t.regex(
    wrongKey.out,
    /FAIL host key \[127\.0\.0\.1\]:\d+: the host key presented by .* matches none of the 1 known_hosts entry/,
  );
  // ...and the right key under the default port only: the bracketed form is needed.
  const real = readFileSync(tb.knownHosts, 'utf8').trim().split(' ').slice(1, 3).join(' ');
  writeFileSync(join(dir, 'wrong-port'), `127.0.0.1 ${real}\n`);
  const wrongPort = await check(files('key', 'wrong-port'));
  t.is(wrongPort.code, 1);
  t.regex(
    wrongPort.out,
    /FAIL host \[127\.0\.0\.1\]:\d+: profile testbed-slurm: known_hosts has no plain entry .*bracketed form/,
  );
  // The transport refuses the same key when connecting, permanently, before logging in.
  const pool = new SshPool({
    credentials: () =>
      readSshCredentials({
        production: true,
        keyFile: join(dir, 'key'),
        knownHostsFile: join(dir, 'wrong-key'),
      }),
    connectTimeoutMs: 10_000,
    commandTimeoutMs: 10_000,
    idleMs: 1000,
    maxOutputBytes: 1024,
  });
  const err = await t.throwsAsync(pool.exec({ host: tb.host, port: tb.port, user: tb.user }, 'true\n'));
  t.true(err instanceof PermanentJobError);
  t.regex(err!.message, /refused: the host key presented .* matches none/);
  pool.close();
  const probe = await probeHostKey(
    parseKnownHosts(readFileSync(join(dir, 'wrong-key'), 'utf8')),
    tb.host,
    tb.port,
    10_000,
  );
  t.false(probe.ok);
  t.regex(probe.detail, /matches none/, 'refused for its key, not by the outbound policy');
});

test.serial('an encrypted key needs its passphrase file, and neither appears in any output', async (t) => {
  copyFileSync(tb.key, join(dir, 'enc'));
  chmodSync(join(dir, 'enc'), 0o600);
  execFileSync('ssh-keygen', ['-q', '-p', '-N', passphrase, '-f', join(dir, 'enc')]);
  const without = await check(files('enc', 'known_hosts'));
  t.is(without.code, 1);
  t.regex(
    without.out,
    /FAIL private key: the key from .*enc cannot be used: .*BATCH_SSH_PRIVATE_KEY_PASSPHRASE_FILE is not set/,
  );
  writeFileSync(join(dir, 'pass'), `${passphrase}\n`, { mode: 0o600 });
  const encrypted = files('enc', 'known_hosts', { BATCH_SSH_PRIVATE_KEY_PASSPHRASE_FILE: join(dir, 'pass') });
  const withIt = await check(encrypted);
  t.is(withIt.code, 0, withIt.out);
  noSecrets(t, withIt.out + without.out);
  // profile ping logs in with it and reports Slurm and the directories, changing nothing.
  const ping = runCli(['profile', 'ping', 'testbed-slurm', '--project', 'wallaby_hires'], {
    ...base,
    ...encrypted,
  });
  const code = await ping.exited(60_000);
  const out = ping.output();
  t.regex(out, /ok {3}slurm: sbatch --version: slurm(-wlm)? 22\.05/);
  t.regex(out, /ok {3}directory \/home\/surveyor-batch: exists and is writable/);
  t.regex(out, /ok {3}login: surveyor-batch@\[127\.0\.0\.1\]:\d+ accepted the key/);
  noSecrets(t, out);
  // The translator check fails here (none is configured); every SSH check passed.
  t.false(/FAIL (ssh|login|slurm|directory)/.test(out), out);
  t.not(code, null);
});

test.serial('a production worker with real backends refuses to start while a gate fails', async (t) => {
  const w = runCli(['worker'], {
    ...base,
    // Production connects as an ordinary role: a superuser is refused before the gates are read.
    DATABASE_URL: await ordinaryRoleUrl(api.container.get<Config>(TYPES.Config).DATABASE_URL!),
    SERVICE_ENV: 'production',
    SERVICE_USE_REAL_BACKENDS: 'true',
    SERVICE_OUTBOUND_HOSTS: '127.0.0.1',
    ...files('key-0644', 'known_hosts'),
  });
  const code = await w.exited(60_000);
  t.is(code, 4, w.output());
  t.regex(w.output(), /production refuses the real backends while the SSH security checks fail/);
  t.regex(w.output(), /has permissions 0644/);
  noSecrets(t, w.output());
});

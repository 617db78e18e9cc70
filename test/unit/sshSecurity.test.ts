// The SSH part of `surveyor security check`: each login node probed once, nothing contacted
// offline or without credentials, and a finding for each node missing from known_hosts.
import test from 'ava';
import type { DeploymentProfile } from '../../core/domain/profile.js';
import type { SecurityFinding, SshTrust } from '../../core/ports/SshTrust.js';
import { checkSshSecurity } from '../../core/usecases/security/checkSshSecurity.js';

// Only what the check reads of a profile: its name and (through the trust) its login node.
const profile = (name: string, host: string) => ({ name, host }) as unknown as DeploymentProfile;

const trust = (usable: boolean, probes: string[]): SshTrust => ({
  credentials: () => ({ usable, findings: [{ check: 'key', ok: usable, detail: 'key file' }] }),
  targetOf: (p) => ({ host: (p as unknown as { host: string }).host, port: 22 }),
  entry: (host, _port, name): SecurityFinding => ({
    check: `host ${host}`,
    ok: host !== 'unknown',
    detail: name,
  }),
  probe: async (host, port) => {
    probes.push(`${host}:${port}`);
    return { check: `probe ${host}`, ok: true, detail: 'key matches' };
  },
});

const profiles = [profile('a', 'login1'), profile('b', 'login1'), profile('c', 'login2')];

test('each login node is probed once however many profiles share it', async (t) => {
  const probes: string[] = [];
  const r = await checkSshSecurity(
    { trust: trust(true, probes), batchProfiles: async () => profiles },
    { offline: false },
  );
  t.deepEqual(probes, ['login1:22', 'login2:22']);
  t.true(r.ok);
  t.is(r.findings.length, 1 + 3 + 2);
});

test('offline, or without usable credentials, nothing is contacted', async (t) => {
  const probes: string[] = [];
  const off = await checkSshSecurity(
    { trust: trust(true, probes), batchProfiles: async () => profiles },
    { offline: true },
  );
  const bad = await checkSshSecurity(
    { trust: trust(false, probes), batchProfiles: async () => profiles },
    { offline: false },
  );
  t.deepEqual(probes, []);
  t.true(off.ok);
  t.false(bad.ok);
});

test('a login node missing from known_hosts, or unreadable profiles, fail the check with a finding each', async (t) => {
  const missing = await checkSshSecurity(
    { trust: trust(true, []), batchProfiles: async () => [profile('x', 'unknown')] },
    { offline: true },
  );
  t.false(missing.ok);
  const unread = await checkSshSecurity(
    { trust: trust(true, []), batchProfiles: async () => Promise.reject(new Error('database down')) },
    { offline: false },
  );
  t.false(unread.ok);
  t.regex(unread.findings.at(-1)?.detail ?? '', /cannot read the deployment profiles: database down/);
  const none = await checkSshSecurity(
    { trust: trust(true, []), batchProfiles: async () => [] },
    { offline: false },
  );
  t.true(none.ok);
  t.regex(none.findings.at(-1)?.detail ?? '', /no batch_remote profile/);
});

test("a profile ping over the API names the variables, never the service host's files", async (t) => {
  const { readSshCredentials } = await import('../../adapters/slurm/sshCredentials.js');
  const { SlurmBackend } = await import('../../adapters/slurm/slurmBackend.js');
  const dir = '/nonexistent/surveyor-secrets';
  const env = {
    keyFile: `${dir}/id_ed25519`,
    knownHostsFile: `${dir}/known_hosts`,
    production: true,
    home: '/nonexistent/home',
  };
  const read = readSshCredentials(env);
  t.true(
    read.findings.some((f) => f.detail.includes(dir)),
    'the security check itself shows them',
  );
  const backend = new SlurmBackend({
    pool: {} as never,
    securityFindings: () => ({ findings: read.findings, knownHosts: null }),
  });
  const checks = await backend.ping({
    name: 'p',
    deployment: {
      kind: 'batch_remote',
      login_node: 'login.example.org',
      ssh_port: 22,
      home_dir: '/home/s',
      dlg_root: '/home/s/dlg',
      log_dir: '/home/s/log',
    },
  } as unknown as DeploymentProfile);
  t.true(checks.length > 0);
  for (const c of checks) t.false(c.detail.includes('/nonexistent'), c.detail);
  t.true(checks.some((c) => /BATCH_SSH_PRIVATE_KEY_FILE/.test(c.detail)));
});

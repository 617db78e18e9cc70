// The batch backend's lookup by name decides whether a submission may happen: a lookup that failed
// in any part must say "unknown" (an error the queue retries), never "absent" (which submits again).
import test from 'ava';
import { SlurmBackend } from '../../adapters/slurm/slurmBackend.js';
import type { SshPool } from '../../adapters/slurm/sshPool.js';
import type { DeploymentProfile } from '../../core/domain/profile.js';

const profile = {
  name: 'hpc',
  translation: {},
  deployment: {
    kind: 'batch_remote',
    login_node: 'login.example.org',
    ssh_port: 22,
    remote_user: 'op',
    account: 'acct',
    home_dir: '/home/op',
    log_dir: '/home/op/logs',
    dlg_root: '/home/op/dlg',
  },
} as unknown as DeploymentProfile;

const backendAnswering = (stdout: string) =>
  new SlurmBackend({
    pool: { exec: async () => ({ code: 0, stdout, stderr: '' }) } as unknown as SshPool,
    securityFindings: () => ({ findings: [], knownHosts: null as never }),
  });

const name = 'surveyor-e1-a1';

test('both commands answering and neither knowing the name: absent', async (t) => {
  t.is(await backendAnswering('@@squeue 0\n@@sacct 0\n').find(profile, name), null);
});

test('squeue failing while sacct does not list the job yet: unknown, not absent', async (t) => {
  const b = backendAnswering(
    '@@squeue 1\nslurm_load_jobs error: Socket timed out on send/recv operation\n@@sacct 0\n',
  );
  await t.throwsAsync(b.find(profile, name), {
    name: 'SshUnavailable',
    message: /unknown.*squeue: .*timed out/,
  });
});

test('sacct failing while squeue no longer lists the job: unknown, not absent', async (t) => {
  const b = backendAnswering('@@squeue 0\n@@sacct 1\nsacct: error: slurmdbd: Connection refused\n');
  await t.throwsAsync(b.find(profile, name), {
    name: 'SshUnavailable',
    message: /unknown.*sacct: .*refused/,
  });
});

test('an answer cut off before sacct: unknown', async (t) => {
  await t.throwsAsync(backendAnswering('@@squeue 0\n').find(profile, name), {
    message: /ended before sacct/,
  });
});

test('a site without accounting: squeue alone decides', async (t) => {
  const b = backendAnswering('@@squeue 0\n@@sacct 1\nSlurm accounting storage is disabled\n');
  t.is(await b.find(profile, name), null);
  const found = await backendAnswering(
    `@@squeue 0\n77|PENDING|Priority\n@@sacct 1\nSlurm accounting storage is disabled\n`,
  ).find(profile, name);
  t.is(found?.runRecord['job_id'], '77');
});

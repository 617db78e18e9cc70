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
    `@@squeue 0\n77|PENDING|Priority|||${name}\n@@sacct 1\nSlurm accounting storage is disabled\n`,
  ).find(profile, name);
  t.is(found?.runRecord['job_id'], '77');
});

test('many names in one lookup: squeue and sacct once, each job under the name it carries', async (t) => {
  const scripts: string[] = [];
  const b = new SlurmBackend({
    pool: {
      exec: async (_t: unknown, script: string) => {
        scripts.push(script);
        return {
          code: 0,
          stdout: [
            '@@squeue 0',
            '80|RUNNING|None|n1|1700000000|surveyor-e1-a2',
            '81|PENDING|Priority|||surveyor-e3-a1',
            '@@sacct 0',
            '79|surveyor-e1-a1|COMPLETED|0:0|n1',
            '82|surveyor-e3-a1|CANCELLED by 0|0:0|None assigned',
            '90|someone-elses-a1|COMPLETED|0:0|n1',
          ].join('\n'),
          stderr: '',
        };
      },
    } as unknown as SshPool,
    securityFindings: () => ({ findings: [], knownHosts: null as never }),
  });
  const names = ['surveyor-e1-a1', 'surveyor-e1-a2', 'surveyor-e2-a1', 'surveyor-e3-a1'];
  const found = await b.findAll(profile, names);
  t.is(scripts.length, 1, 'one command');
  t.is(scripts[0]!.match(/squeue --/g)?.length, 1);
  t.is(scripts[0]!.match(/sacct --/g)?.length, 1);
  t.true(scripts[0]!.includes(`--name='${names.join(',')}'`));
  t.deepEqual(
    [...found].map(([n, s]) => [n, s.runRecord['job_id'], s.runRecord['other_jobs_with_this_name']]),
    [
      ['surveyor-e1-a2', '80', undefined],
      ['surveyor-e3-a1', '81', ['82']],
      ['surveyor-e1-a1', '79', undefined],
    ],
  );
});

test('of many names, a job squeue lists under a name not asked for (cut short): unknown, not absent', async (t) => {
  const b = backendAnswering('@@squeue 0\n80|RUNNING|None|n1|0|surveyor-e1-a\n@@sacct 0\n');
  await t.throwsAsync(b.findAll(profile, ['surveyor-e1-a1', 'surveyor-e1-a2']), {
    name: 'SshUnavailable',
    message: /squeue listed job 80 under a name not asked for \(surveyor-e1-a\)/,
  });
  // Of one name, squeue's line is that name's job, whatever name it prints.
  t.is(
    (
      await backendAnswering('@@squeue 0\n80|RUNNING|None|n1|0|surveyor-e1-a\n@@sacct 0\n').find(
        profile,
        name,
      )
    )?.runRecord['job_id'],
    '80',
  );
});

// Polling 200 in-flight Slurm jobs on the testbed: every round is one command over one pooled SSH
// connection, running at most two scheduler commands (squeue for all; sacct only for the jobs that
// ended, for their accounting, or that squeue no longer lists). The testbed's wrappers count the
// commands; sshd's log counts logins.
import { execFileSync } from 'node:child_process';
import test from 'ava';
import type { DeploymentProfile } from '../../core/domain/profile.js';
import type { PollItem } from '../../core/ports/DeploymentBackend.js';
import { chooseBackends } from '../../hosts/composition/backends.js';
import { loadConfig } from '../../hosts/composition/loadConfig.js';
import {
  schedulerCalls,
  type SlurmTestbed,
  slurmLocal,
  slurmTestbed,
  sshLogins,
  testbedDeployment,
  testbedSshEnv,
} from '../support/slurm.js';

let tb: SlurmTestbed;
let ids: string[] = [];

const overSsh = (script: string) =>
  execFileSync(
    'ssh',
    [
      '-i',
      tb.key,
      '-o',
      `UserKnownHostsFile=${tb.knownHosts}`,
      '-o',
      'BatchMode=yes',
      '-p',
      String(tb.port),
      `${tb.user}@${tb.host}`,
      'sh -s',
    ],
    { input: script, encoding: 'utf8' },
  );

test.before(() => {
  tb = slurmTestbed();
  // 200 held jobs (they never start), submitted by the login user without the counting wrapper.
  ids = overSsh(
    'for i in $(seq 1 200); do /usr/bin/sbatch --parsable --hold --job-name=poll200-$i -o /dev/null --wrap=true || exit 1; done\n',
  )
    .trim()
    .split('\n')
    .map((l) => l.split(';')[0]!);
});
test.after.always(() => {
  if (ids.length) slurmLocal('scancel', ids);
});

test.serial('200 jobs: one SSH connection, at most two scheduler commands per round', async (t) => {
  t.timeout(240_000);
  t.is(ids.length, 200);
  // The login node listens on loopback: allowed as for the other test beds.
  const env = {
    SERVICE_USE_REAL_BACKENDS: 'true',
    SERVICE_OUTBOUND_ALLOW_PRIVATE: 'true',
    ...testbedSshEnv(tb),
  };
  const set = chooseBackends(loadConfig(env), {
    now: () => new Date(),
  });
  const backend = set.backends.get('batch_remote');
  const profile = {
    name: 'poll200',
    deployment: { exec_prefix: 'srun -l', facility: 'testbed', ...testbedDeployment(tb), ssh_port: tb.port },
  } as unknown as DeploymentProfile;
  const items: PollItem[] = ids.map((id, i) => ({
    executionId: `e${i}`,
    schedulerJobId: `batch:${tb.user}@${tb.host}:${tb.port}/${id}`,
    profile,
    submittedAt: new Date(),
    cancelSentAt: null,
    runRecord: { submission: { session_dir: `${tb.home}/poll200/none-${i}`, job_name: `poll200-${i + 1}` } },
  }));
  const loginsBefore = sshLogins(tb);
  const rounds: { commands: string[]; states: Map<string, number> }[] = [];
  const round = async () => {
    const before = schedulerCalls(tb).length;
    const out = await backend.poll(backend.target(profile), items);
    const commands = schedulerCalls(tb)
      .slice(before)
      .map((c) => c.split(' ')[0]!);
    const states = new Map<string, number>();
    for (const o of out.values())
      states.set(`${o.kind}:${o.remoteState}`, (states.get(`${o.kind}:${o.remoteState}`) ?? 0) + 1);
    rounds.push({ commands, states });
    t.log(
      `round ${rounds.length}: ${commands.join(' + ')}; ${[...states].map(([k, n]) => `${n} ${k}`).join(', ')}`,
    );
    t.is(out.size, 200, 'every job has an outcome');
    t.true(commands.length >= 1 && commands.length <= 2, `round ${rounds.length} ran ${commands.join(', ')}`);
    return out;
  };
  // While every job waits, squeue alone answers.
  await round();
  t.deepEqual(rounds[0]!.commands, ['squeue'], 'while every job waits, sacct is not run');
  t.is(rounds[0]!.states.get('in_progress:pending'), 200);
  // A quarter ends (cancelled): squeue still lists them, and sacct is asked for their accounting in
  // the same round, until slurmdbd has each (then each ends with sacct's figures). They are
  // cancelled once slurmdbd records them PENDING, so that sacct lags behind squeue (found so on
  // this testbed: right after scancel, sacct still says PENDING), which must not be taken for
  // their accounting.
  const cancelled = new Set(ids.slice(0, 50));
  const listed = Date.now() + 60_000;
  const pendingInSacct = () =>
    slurmLocal('sacct', [
      '--noheader',
      '--parsable2',
      '--allusers',
      `--jobs=${[...cancelled].join(',')}`,
      '--format=JobIDRaw,State',
    ])
      .split('\n')
      .filter((l) => /^\d+\|PENDING$/.test(l.trim())).length;
  while (pendingInSacct() < 50 && Date.now() < listed) await new Promise((r) => setTimeout(r, 1000));
  slurmLocal('scancel', [...cancelled]);
  const end = Date.now() + 150_000;
  let awaiting = 0;
  for (;;) {
    const out = await round();
    const last = rounds.at(-1)!;
    t.is(last.states.get('in_progress:pending'), 150, 'the held jobs are pending');
    const mine = ids.slice(0, 50).map((_, i) => out.get(`e${i}`)!);
    const waits = mine.filter((o) => o.kind === 'in_progress');
    awaiting += waits.length;
    t.true(
      waits.every((o) => o.remoteState.startsWith('cancelled (awaiting accounting: ')),
      `a cancelled job not ended is awaiting its accounting: ${waits[0]?.remoteState}`,
    );
    const ended = [...out.values()].filter((o) => o.kind === 'cancelled');
    if (ended.length === 50) {
      t.deepEqual(last.commands, ['squeue', 'sacct'], 'the round that saw them end asked sacct once');
      t.true(
        ended.every(
          (o) => o.kind === 'cancelled' && o.usage?.source === 'sacct' && o.usage.state === 'CANCELLED',
        ),
        "each carries sacct's accounting",
      );
      t.log(`${awaiting} outcomes awaited sacct's record over ${rounds.length - 1} rounds`);
      break;
    }
    if (Date.now() > end) throw new Error('the cancelled jobs never ended with their accounting');
    await new Promise((r) => setTimeout(r, 2000));
  }
  t.is(sshLogins(tb) - loginsBefore, 1, `one SSH login for ${rounds.length} rounds`);
  set.close();
});

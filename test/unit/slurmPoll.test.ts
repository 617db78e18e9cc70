// The batch backend's poll, from what the login node prints: squeue first and sacct for the rest,
// status and progress files as data from the cluster, a site's limit in Slurm's words, the nodes
// of a NODE_FAIL job from sinfo, and each ended job's accounting in the same round.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { limitRefusal, parseAccountJobs, sq, submitScript } from '../../adapters/slurm/slurmText.js';
import { parsePoll, pollScript } from '../../adapters/slurm/slurmPoll.js';
import { parseProgressFile } from '../../adapters/slurm/jobFiles.js';

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

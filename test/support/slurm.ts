// The Slurm testbed: its nodes and commands, sacct by name and field, scheduler-command and SSH-login
// counts, and the API environment for Slurm runs.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { terminalJobStates } from '../../adapters/slurm/jobStates.js';

/**
 * The Slurm testbed started by scripts/testbed/slurm (scripts/test starts it): its variables come
 * from the environment, else from .testbed/slurm/env. A missing testbed fails the test loudly.
 */
export interface SlurmTestbed {
  readonly host: string;
  readonly port: number;
  readonly user: string;
  readonly home: string;
  readonly account: string;
  readonly key: string;
  readonly knownHosts: string;
  readonly sshdLog: string;
  readonly conf: string;
  readonly daliugeVenv: string;
  /** The compute nodes' Slurm names (their addresses), first the one that debug and long hold. */
  readonly nodes: readonly string[];
  /** A QOS with a site's per-user limits: jobs submitted (sbatch refuses past it) and running. */
  readonly capped: { readonly qos: string; readonly maxSubmit: number; readonly maxJobs: number };
  /** The facility: its partition (MaxTime in minutes), QOS, allocated account and the other user. */
  readonly facility: {
    readonly partition: string;
    readonly nodes: readonly string[];
    readonly maxMinutes: number;
    readonly qos: string;
    readonly maxSubmit: number;
    readonly maxJobs: number;
    readonly allocAccount: string;
    readonly allocCpuMinutes: number;
    readonly otherUser: string;
  };
}

export const slurmTestbed = (): SlurmTestbed => {
  const file = join(process.cwd(), '.testbed', 'slurm', 'env');
  const fromFile = existsSync(file)
    ? Object.fromEntries(
        readFileSync(file, 'utf8')
          .split('\n')
          .filter((l) => l.includes('='))
          .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
      )
    : {};
  const v = (k: string) => process.env[k] ?? fromFile[k];
  const port = Number(v('SLURM_TESTBED_SSH_PORT'));
  if (!v('SLURM_TESTBED_HOST') || !port)
    throw new Error(
      'the Slurm testbed is not running: start it with `scripts/testbed/slurm start` (scripts/test does) — the batch backend e2e tests need a real Slurm over real SSH',
    );
  return {
    host: v('SLURM_TESTBED_HOST')!,
    port,
    user: v('SLURM_TESTBED_USER')!,
    home: v('SLURM_TESTBED_HOME')!,
    account: v('SLURM_TESTBED_ACCOUNT')!,
    key: v('SLURM_TESTBED_KEY')!,
    knownHosts: v('SLURM_TESTBED_KNOWN_HOSTS')!,
    sshdLog: v('SLURM_TESTBED_SSHD_LOG')!,
    conf: v('SLURM_TESTBED_CONF')!,
    daliugeVenv: v('SLURM_TESTBED_DALIUGE_VENV')!,
    nodes: (v('SLURM_TESTBED_NODES') ?? '').split(',').filter((n) => n !== ''),
    capped: {
      qos: v('SLURM_TESTBED_CAPPED_QOS') ?? 'capped',
      maxSubmit: Number(v('SLURM_TESTBED_CAPPED_MAX_SUBMIT') ?? 0),
      maxJobs: Number(v('SLURM_TESTBED_CAPPED_MAX_JOBS') ?? 0),
    },
    facility: {
      partition: v('SLURM_TESTBED_FACILITY_PARTITION') ?? 'facility',
      nodes: (v('SLURM_TESTBED_FACILITY_NODES') ?? '').split(',').filter((n) => n !== ''),
      maxMinutes: Number(v('SLURM_TESTBED_FACILITY_MAX_MINUTES') ?? 0),
      qos: v('SLURM_TESTBED_FACILITY_QOS') ?? 'facility',
      maxSubmit: Number(v('SLURM_TESTBED_FACILITY_MAX_SUBMIT') ?? 0),
      maxJobs: Number(v('SLURM_TESTBED_FACILITY_MAX_JOBS') ?? 0),
      allocAccount: v('SLURM_TESTBED_ALLOC_ACCOUNT') ?? 'surveyor-alloc',
      allocCpuMinutes: Number(v('SLURM_TESTBED_ALLOC_CPU_MINUTES') ?? 0),
      otherUser: v('SLURM_TESTBED_OTHER_USER') ?? 'surveyor-other',
    },
  };
};

/** A batch_remote deployment on the testbed, with DALiuGE from the REST testbed's venv. */
export const testbedDeployment = (tb: SlurmTestbed, extra: Record<string, unknown> = {}) => ({
  kind: 'batch_remote',
  login_node: tb.host,
  ssh_port: tb.port,
  remote_user: tb.user,
  account: tb.account,
  home_dir: tb.home,
  dlg_root: `${tb.home}/dlg`,
  log_dir: `${tb.home}/dlg/log`,
  venv: `source ${tb.daliugeVenv}/bin/activate`,
  job_duration_minutes: 10,
  ...extra,
});

/** The compute nodes' names, sorted. */
export const slurmNodes = (tb: SlurmTestbed): string[] => [...tb.nodes].sort();

/** Runs `scripts/testbed/slurm ARGS…` (cut-node, heal-node, restart-sshd). */
export const slurmTestbedCommand = (...args: string[]): void => {
  execFileSync(join(process.cwd(), 'scripts', 'testbed', 'slurm'), args, {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
};

/** The worker-side SSH variables for the testbed. */
export const testbedSshEnv = (tb: SlurmTestbed): Record<string, string> => ({
  BATCH_SSH_PRIVATE_KEY_FILE: tb.key,
  BATCH_SSH_KNOWN_HOSTS_SOURCE: tb.knownHosts,
});

/** Runs a Slurm client command locally (as root, not over SSH: it is not counted by the wrappers). */
export const slurmLocal = (cmd: string, args: string[], env: Record<string, string> = {}): string =>
  execFileSync(cmd, args, {
    env: { ...process.env, SLURM_CONF: slurmTestbed().conf, ...env },
    encoding: 'utf8',
  });

/** Sets the facility QOS's MaxSubmitJobsPerUser, as a site's admin tightens (or restores) it. */
export const setFacilitySubmitLimit = (tb: SlurmTestbed, jobs: number): void => {
  slurmLocal('sacctmgr', ['-i', 'modify', 'qos', tb.facility.qos, 'set', `MaxSubmitJobsPerUser=${jobs}`]);
};

/** sacct's `fields` (its --format names) of every Slurm job with this name, a row per job. */
export const sacctFieldsByName = (name: string, fields: readonly string[]): string[][] =>
  slurmLocal('sacct', [
    '--noheader',
    '--parsable2',
    '--allocations',
    '--allusers',
    `--name=${name}`,
    '--starttime=now-1days',
    `--format=${fields.join(',')}`,
  ])
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => l.split('|'));

/** Every Slurm job with this name, as sacct records it: id and state. */
export const sacctByName = (name: string): { id: string; state: string }[] =>
  sacctFieldsByName(name, ['JobIDRaw', 'State']).map(([id, state]) => ({
    id: id!,
    state: state!.split(' ')[0]!,
  }));

/**
 * The API host for tests that run DALiuGE in Slurm jobs on the testbed, with an in-process worker
 * in mind: real backends on the mock archive's rows (the archive has its own suites), fast ticks.
 */
export const slurmApiEnv = (tb: SlurmTestbed, tmUrl: string, graphDir: string): Record<string, string> => ({
  SERVICE_USE_REAL_BACKENDS: 'true',
  SERVICE_MOCK_PARTS: 'archive,stager',
  SERVICE_TRANSLATOR_URL: tmUrl,
  SERVICE_GRAPH_DIR: graphDir,
  SERVICE_EXECUTION_TICK_SECONDS: '1',
  SERVICE_SCHEDULER_CHECK_SECONDS: '1',
  SERVICE_BATCH_POLL_MIN_SECONDS: '2',
  ...testbedSshEnv(tb),
});

/** Scheduler commands the login user ran over SSH, with when (epoch seconds; the testbed's wrappers log each one). */
export const schedulerCallsAt = (tb: SlurmTestbed): { at: number; call: string }[] => {
  const f = join(tb.home, 'scheduler-calls.log');
  return existsSync(f)
    ? readFileSync(f, 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => ({ at: Number(l.split(' ')[0]), call: l.split(' ').slice(1).join(' ') }))
    : [];
};

/** Scheduler commands the login user ran over SSH. */
export const schedulerCalls = (tb: SlurmTestbed): string[] => schedulerCallsAt(tb).map((c) => c.call);

/** SSH logins sshd accepted for the testbed user so far. */
export const sshLogins = (tb: SlurmTestbed): number =>
  readFileSync(tb.sshdLog, 'utf8')
    .split('\n')
    .filter((l) => l.includes(`Accepted publickey for ${tb.user}`)).length;

export const untilTrue = async (what: string, ok: () => boolean | Promise<boolean>, ms = 120_000) => {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

/**
 * sacct's records of a job name, once slurmctld has sent their ends to slurmdbd (it does so
 * asynchronously: a moment after a job ended, sacct lists it as it was, or not at all).
 */
export const sacctSettled = async (name: string, count = 1, ms = 30_000) => {
  await untilTrue(
    `sacct to record the end of ${count} job(s) named ${name}`,
    () => sacctByName(name).filter((j) => terminalJobStates.has(j.state)).length >= count,
    ms,
  );
  return sacctByName(name);
};

import { PermanentJobError } from '../../core/domain/job.js';
import { minutesOrFallback } from '../../core/domain/walltime.js';
import { type BatchRemoteDeployment, safeName, unsafeBatchFields } from '../../core/domain/profile.js';
import { graphFileName, jobHelperName, statusFileName } from './jobHelper.js';
import { sq } from './slurmText.js';

/** Where one attempt's files live on the cluster. */
export interface JobPaths {
  /** `<dlg_root>/workspace/<job name>`: graph, manifest, job script, helper, status, Slurm output. */
  readonly sessionDir: string;
  /** `<log_dir>/<job name>`: DALiuGE's own logs (and its monitor's status dump). */
  readonly logDir: string;
  readonly graph: string;
  readonly manifest: string;
  readonly script: string;
  readonly helper: string;
  readonly status: string;
}

const join = (dir: string, name: string) => `${dir.replace(/\/+$/, '')}/${name}`;

export const jobPaths = (d: BatchRemoteDeployment, jobName: string): JobPaths => {
  const sessionDir = join(join(d.dlg_root, 'workspace'), jobName);
  return {
    sessionDir,
    logDir: join(d.log_dir, jobName),
    graph: join(sessionDir, graphFileName),
    manifest: join(sessionDir, 'manifest.json'),
    script: join(sessionDir, 'job.sh'),
    helper: join(sessionDir, jobHelperName),
    status: join(sessionDir, statusFileName),
  };
};

/** 135 -> 02:15:00, as upstream's label_job_dur. */
export const wallTime = (minutes: number): string => {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00`;
};

/**
 * The values a `batch_template` may use, as `$NAME` or `${NAME}` (upstream DALiuGE's names where
 * it has them). Unknown names are left as written, like Python's Template.safe_substitute.
 */
export const templateValues = (
  d: BatchRemoteDeployment,
  jobName: string,
  paths: JobPaths,
): Record<string, string> => ({
  SESSION_ID: jobName,
  JOB_NAME: jobName,
  SESSION_DIR: paths.sessionDir,
  LOG_DIR: paths.logDir,
  DLG_ROOT: d.dlg_root,
  HOME_DIR: d.home_dir,
  ACCOUNT: d.account,
  NUM_NODES: String(d.num_nodes),
  NUM_ISLANDS: String(d.num_islands),
  JOB_DURATION: wallTime(minutesOrFallback(d)),
  JOB_DURATION_MINUTES: String(minutesOrFallback(d)),
  MODULES: d.modules ?? '',
  VENV: d.venv ?? '',
  EXEC_PREFIX: d.exec_prefix,
  FACILITY: d.facility,
});

export const substitute = (template: string, values: Readonly<Record<string, string>>): string =>
  template.replace(/\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g, (m, braced, bare) => {
    const v = values[(braced ?? bare) as string];
    return v === undefined ? m : v;
  });

/** The default preamble (no batch_template): upstream's, plus the name, account, output and exclusivity. */
const defaultPreamble = (d: BatchRemoteDeployment, jobName: string, p: JobPaths): string =>
  [
    '#!/bin/bash --login',
    `#SBATCH --job-name=${jobName}`,
    `#SBATCH --account=${d.account}`,
    `#SBATCH --nodes=${d.num_nodes}`,
    '#SBATCH --ntasks-per-node=1',
    // DALiuGE's managers listen on fixed ports (8000, 8001): two graphs cannot share a node.
    '#SBATCH --exclusive',
    `#SBATCH --time=${wallTime(minutesOrFallback(d))}`,
    `#SBATCH --output=${p.sessionDir}/slurm-%j.out`,
    `#SBATCH --error=${p.sessionDir}/slurm-%j.out`,
    `# facility: ${d.facility}`,
    d.modules ?? '',
    `export DLG_ROOT=${sq(d.dlg_root)}`,
    d.venv ?? '',
    '',
  ].join('\n');

/**
 * The profile's Slurm resources as sbatch options. They go on sbatch's command line (quoted), not
 * into the script, so they hold with a batch_template too and override the same `#SBATCH` line in
 * it: a profile field that is set is always acted on.
 */
export const slurmResources = (d: BatchRemoteDeployment): string[] =>
  [
    d.partition === undefined ? '' : `--partition=${d.partition}`,
    d.qos === undefined ? '' : `--qos=${d.qos}`,
    d.memory === undefined ? '' : `--mem=${d.memory}`,
    d.constraint === undefined ? '' : `--constraint=${d.constraint}`,
    d.cpus_per_task === undefined ? '' : `--cpus-per-task=${d.cpus_per_task}`,
  ].filter((o) => o !== '');

/** The DALiuGE command line, as upstream's dlg_exec_str with our paths, plus the status dump and the Slurm remote. */
export const dlgCommand = (d: BatchRemoteDeployment, jobName: string, p: JobPaths): string =>
  [
    d.exec_prefix,
    'python3 -m dlg.deploy.start_dlg_cluster',
    `--log_dir ${sq(p.logDir)}`,
    `--physical-graph ${sq(p.graph)}`,
    `--verbose-level ${d.verbose_level}`,
    d.zerorun ? '--zerorun' : '',
    `--max-threads ${d.max_threads}`,
    d.sleepncopy ? '--app 1' : '--app 0',
    `--num_islands ${d.num_islands}`,
    d.all_nics ? '--all_nics' : '',
    d.check_with_session ? '--check_with_session' : '',
    `--ssid ${sq(jobName)}`,
    // Every task learns its rank and peers from SLURM_* (no mpi4py needed on the nodes).
    '--remote-mechanism slurm',
    // The monitor's status dump lets the helper tell how a graph that ended within one poll ended.
    '--dump',
  ]
    .filter((s) => s.trim() !== '')
    .join(' ');

/**
 * The job script: the preamble (the profile's batch_template with its values substituted, or the
 * default one), then the run block that every script ends with: DALiuGE, the helper watching its
 * session, and the final status (see jobHelper.ts). The job exits 0 only for a finished graph.
 */
export const renderJobScript = (d: BatchRemoteDeployment, jobName: string): string => {
  // Profiles are validated when stored; a profile stored before those rules is refused here rather
  // than written into a script (#SBATCH lines cannot be quoted).
  const unsafe = unsafeBatchFields(d);
  if (unsafe.length > 0)
    throw new PermanentJobError(
      `the profile's ${unsafe.join(', ')} may hold only letters, digits and ._-/+@ (paths absolute, without ..); replace the profile`,
    );
  if (!safeName.test(jobName)) throw new PermanentJobError(`not a job name: ${jobName}`);
  const p = jobPaths(d, jobName);
  const preamble = d.batch_template
    ? substitute(d.batch_template, templateValues(d, jobName, p))
    : defaultPreamble(d, jobName, p);
  const run = [
    '',
    '# ---- surveyor run block: appended to every job script ----',
    `SURVEYOR_SESSION_DIR=${sq(p.sessionDir)}`,
    `SURVEYOR_LOG_DIR=${sq(p.logDir)}`,
    'mkdir -p "$SURVEYOR_LOG_DIR" && cd "$SURVEYOR_SESSION_DIR" || exit 1',
    `rm -f ${sq(p.status)}`,
    `${dlgCommand(d, jobName, p)} &`,
    'surveyor_dlg=$!',
    `python3 ${sq(p.helper)} watch ${sq(jobName)} "$SURVEYOR_LOG_DIR" ${sq(p.status)} "$surveyor_dlg" &`,
    'surveyor_watch=$!',
    'wait "$surveyor_dlg"; surveyor_rc=$?',
    'kill "$surveyor_watch" 2>/dev/null; wait "$surveyor_watch" 2>/dev/null',
    `python3 ${sq(p.helper)} finish ${sq(jobName)} "$SURVEYOR_LOG_DIR" ${sq(p.status)} "$surveyor_rc"`,
    '',
  ].join('\n');
  return `${preamble.replace(/\s+$/, '')}\n${run}`;
};

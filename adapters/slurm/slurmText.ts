/**
 * The shell scripts that change things on a login node (directories, a job's files, sbatch,
 * scancel) and `profile ping`'s, the parsers of what they print, and the composite job id. Pure:
 * no I/O. Every script is POSIX sh (it runs as `/bin/sh -s`), and each is one SSH round trip; the
 * poll and the lookup by name are in slurmPoll.ts.
 */
import { terminalJobStates } from './jobStates.js';

/** Single-quotes a value for sh. */
export const sq = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/** Makes the session and log directories, and says whether they are writable. */
const prepareScript = (dirs: readonly string[]): string =>
  [
    'set -e',
    ...dirs.map(
      (d) => `mkdir -p ${sq(d)}; [ -w ${sq(d)} ] || { echo "not writable: "${sq(d)} >&2; exit 3; }`,
    ),
    '',
  ].join('\n');

/** A file the job needs on the login node: its content gzipped, in base64 (see stageScript). */
export interface StagedJobFile {
  readonly path: string;
  readonly mode: number;
  readonly gzipBase64: string;
}

/** Ends each heredoc; outside base64's alphabet, so no content line can end one early. */
const heredocEnd = 'SURVEYOR_EOF';

/**
 * Makes the job's directories and writes its files in one round trip (an SFTP upload took four
 * round trips a file: 0.8 s for four small files on loopback, seconds on a long link). Each file is
 * a heredoc of the script itself (stdin, so no argument limit applies), decoded (base64, gzip: on
 * every Linux login node) to `<file>.part`, given its mode, then renamed over the file, so a reader
 * never sees half a file and a resumed attempt replaces what an earlier one wrote. `set -e`: the
 * first failure stops it with its message on stderr.
 */
export const stageScript = (dirs: readonly string[], files: readonly StagedJobFile[]): string =>
  [
    prepareScript(dirs).trimEnd(),
    'umask 027',
    ...files.flatMap((f) => {
      const part = sq(`${f.path}.part`);
      return [
        `base64 -d <<'${heredocEnd}' | gzip -dc > ${part}`,
        f.gzipBase64.replace(/.{1,76}/g, '$&\n').trimEnd(),
        heredocEnd,
        `chmod ${f.mode.toString(8)} ${part}`,
        `mv -f ${part} ${sq(f.path)}`,
      ];
    }),
    '',
  ].join('\n');

/**
 * Submits the uploaded job script under its deterministic name. `--no-requeue`: Slurm would put a
 * job whose node failed back in the queue and run the attempt a second time under the same id; a
 * new run is surveyor's decision (retry), taken as a new attempt with a name of its own.
 */
/**
 * sbatch for the job script; when it refuses, the same command counts the account's jobs the site
 * holds (`@@account_jobs`), so a refusal for a limit says how full the queue was (siteLimit.ts).
 */
export const submitScript = (o: {
  workDir: string;
  scriptPath: string;
  jobName: string;
  options?: readonly string[];
}): string =>
  [
    `cd ${sq(o.workDir)} || exit 3`,
    `sbatch --parsable --no-requeue --job-name=${sq(o.jobName)} ${(o.options ?? []).map((x) => `${sq(x)} `).join('')}${sq(o.scriptPath)}`,
    'rc=$?',
    `[ $rc = 0 ] || echo "@@account_jobs $(squeue --noheader --user="$(id -un)" --states=all --format='%i|%T' 2>/dev/null | awk -F'|' '$2 !~ /^(${[...terminalJobStates].join('|')})$/' | wc -l)"`,
    'exit $rc',
    '',
  ].join('\n');

/** The count a refused submission printed (`submitScript`), or null. */
export const parseAccountJobs = (stdout: string): number | null => {
  const m = /^@@account_jobs (\d{1,9})$/m.exec(stdout);
  return m ? Number(m[1]) : null;
};

/**
 * Whether sbatch's words refuse a job for a limit on the account's jobs (per user, QOS or
 * association: MaxSubmitJobs, MaxJobs, Grp limits, an exhausted allocation), as Slurm 22.05 to
 * 24.x word it, rather than for the job itself (an unknown partition or account, bad options).
 */
export const limitRefusal =
  /Job violates accounting\/QOS policy|(QOS|Assoc)(Max|Grp)\w*(Submit|Jobs|Minutes|Limit)\w*|job submit limit|MaxSubmitJobs|MaxJobs/i;

/** `sbatch --parsable` prints `jobid` or `jobid;cluster`. */
export const parseSbatch = (stdout: string): { jobId: string; cluster?: string } | null => {
  const line = stdout
    .trim()
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /^\d+(;\S+)?$/.test(l))
    .pop();
  if (!line) return null;
  const [jobId, cluster] = line.split(';');
  return cluster ? { jobId: jobId!, cluster } : { jobId: jobId! };
};

export const cancelScript = (jobId: string): string => `scancel ${sq(jobId)}\n`;

/** What `profile ping` asks: the Slurm version, and whether each directory exists and is writable. Changes nothing. */
export const pingScript = (dirs: readonly string[]): string =>
  [
    'echo "@@version $(sbatch --version 2>&1 | head -n 1)"',
    ...dirs.map(
      (d) =>
        `if [ -d ${sq(d)} ]; then if [ -w ${sq(d)} ]; then echo "@@dir writable "${sq(d)}; else echo "@@dir read-only "${sq(d)}; fi; else p=${sq(d)}; while [ ! -d "$p" ]; do p=$(dirname "$p"); done; if [ -w "$p" ]; then echo "@@dir creatable "${sq(d)}; else echo "@@dir missing "${sq(d)}; fi; fi`,
    ),
    '',
  ].join('\n');

export const parsePing = (stdout: string): { version: string | null; dirs: Map<string, string> } => {
  let version: string | null = null;
  const dirs = new Map<string, string>();
  for (const line of stdout.split('\n')) {
    const v = /^@@version (.*)$/.exec(line);
    if (v) version = v[1]!.trim() || null;
    const d = /^@@dir (\S+) (.*)$/.exec(line);
    if (d) dirs.set(d[2]!, d[1]!);
  }
  return { version, dirs };
};

/**
 * The composite `scheduler_job_id` of a batch execution: `batch:<user>@<login node>:<port>/<job id>`,
 * e.g. `batch:astro@setonix.pawsey.org.au:22/1234567` (the Slurm job id is the part after the last `/`).
 */
export const compositeJobId = (t: { user: string; host: string; port: number }, jobId: string): string =>
  `batch:${t.user}@${t.host}:${t.port}/${jobId}`;

export const jobIdOf = (composite: string): string | null => {
  const m = /^batch:.+\/(\d+)$/.exec(composite);
  return m ? m[1]! : null;
};

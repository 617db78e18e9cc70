/**
 * What a poll round and a lookup by name send a login node, and the parser of what they print.
 * Pure: no I/O. Each script is POSIX sh and one SSH round trip; the poll script runs at most two
 * scheduler commands (squeue, then sacct for the ids squeue no longer shows) for any number of jobs.
 */
import { terminalJobStates } from './jobStates.js';
import { sq } from './slurmText.js';

/**
 * squeue's format (the job's nodes, then its end: actual once it ended, as Unix seconds under
 * SLURM_TIME_FORMAT=%s) and sacct's fields, as parsed below.
 */
const squeueFormat = `--format='%i|%T|%r|%N|%e'`;
/** As squeueFormat, then the job's name (unabridged: no width given), for a lookup by name. */
const squeueNamedFormat = `--format='%i|%T|%r|%N|%e|%j'`;
const sacctFields = '--format=JobIDRaw,JobName,State,ExitCode,NodeList';
/**
 * What a poll round asks sacct of the jobs that ended: the same five fields, then the job's
 * accounting. Times as Unix seconds (SLURM_TIME_FORMAT=%s), so the login node's time zone does
 * not matter; MaxRSS is a step's, so steps are listed too (not `--allocations`).
 */
const sacctUsageFields = `${sacctFields},Submit,Start,End,ElapsedRaw,AllocNodes,AllocCPUS,CPUTimeRAW,MaxRSS`;

export interface JobState {
  readonly jobId: string;
  /** First word of the state ("CANCELLED by 1000" -> CANCELLED). */
  readonly state: string;
  readonly reason?: string;
  readonly exitCode?: string;
  readonly name?: string;
  /** The job's nodes as Slurm writes a host list (`nid[001-004]`); empty before it has any. */
  readonly nodes?: string;
  /** When it ended, by the login node's clock (Unix seconds; squeue's, for an ended job). */
  readonly endedAt?: number;
  readonly from: 'squeue' | 'sacct';
}

/** What sacct accounts for a job (its allocation line, and the largest MaxRSS of its steps). */
export interface JobUsage {
  /** sacct's State (first word) and ExitCode of the allocation. */
  readonly state: string;
  readonly exitCode: string;
  /** Unix seconds; null when Slurm has none (a job cancelled in the queue never started). */
  readonly submit: number | null;
  readonly start: number | null;
  readonly end: number | null;
  readonly elapsedSeconds: number;
  readonly nodes: number;
  readonly cpus: number;
  readonly cpuSeconds: number;
  readonly maxRssBytes: number | null;
}

/** A node that Slurm holds down or drained, and why (`sinfo --list-reasons`). */
export interface DownNode {
  readonly node: string;
  readonly state: string;
  readonly reason: string;
}

export interface PollRequest {
  readonly jobId: string;
  readonly statusPath: string;
  /** The helper's progress file (jobHelper.ts), read while the job runs. */
  readonly progressPath?: string;
}

export interface PollAnswer {
  readonly jobs: Map<string, JobState>;
  /** sacct's accounting of the jobs it listed (those that ended, or that squeue no longer shows). */
  readonly usage: Map<string, JobUsage>;
  /** The job script's record of the DALiuGE session's end, per job id (raw JSON text). */
  readonly statuses: Map<string, string>;
  /** The job helper's latest progress of the running session, per job id (raw JSON text). */
  readonly progress: Map<string, string>;
  /** The down or drained nodes among those of jobs that ended NODE_FAIL this round. */
  readonly downNodes: readonly DownNode[];
  readonly squeueError: string | null;
  readonly sacctError: string | null;
  readonly sacctRan: boolean;
  /** The login node's clock when the round ran (Unix seconds), so ages need no clock sync. */
  readonly now: number | null;
  /**
   * The account's jobs pending or running at the site (every one of the login user's, ours or not:
   * what the site's limits count), from the round's squeue; null when squeue did not answer.
   */
  readonly accountJobs: number | null;
}

const maxStatusBytes = 65536;
const maxProgressBytes = 8192;
const maxDownNodes = 32;

/**
 * One round for many jobs: squeue for all the login user's jobs (ours among them, and the count
 * of the account's jobs the site's limits hold, in the same call), sacct for those squeue does not
 * list or lists as ended (their accounting), then the status files.
 */
export const pollScript = (reqs: readonly PollRequest[]): string => {
  const ids = reqs.map((r) => r.jobId);
  const lines = [
    'echo "@@now $(date +%s)"',
    `q=$(SLURM_TIME_FORMAT=%s squeue --noheader --user="$(id -un)" --states=all ${squeueFormat} 2>&1); rc=$?`,
    'echo "@@squeue $rc"',
    `printf '%s\\n' "$q"`,
    // Running or waiting in squeue: sacct is not asked about it (an ended one is, for its accounting).
    `seen=" $(printf '%s\\n' "$q" | awk -F'|' '$1 ~ /^[0-9][0-9_]*$/ && $2 !~ /^(${[...terminalJobStates].join('|')})$/ {print $1}' | tr '\\n' ' ') "`,
    // What the site's limits count: every job of the account that has not ended.
    '[ $rc = 0 ] && echo "@@account_jobs $(printf \'%s\' "$seen" | wc -w)"',
    "missing=''",
    `for id in ${ids.join(' ')}; do case "$seen" in *" $id "*) ;; *) missing="$missing\${missing:+,}$id" ;; esac; done`,
    'if [ -n "$missing" ]; then',
    `  a=$(SLURM_TIME_FORMAT=%s sacct --noheader --parsable2 --jobs="$missing" ${sacctUsageFields} 2>&1); rc=$?`,
    '  echo "@@sacct $rc"',
    `  printf '%s\\n' "$a"`,
    'fi',
    // A job that ended NODE_FAIL: which of its nodes Slurm holds down, and why (only then).
    `f=$( { printf '%s\\n' "$q" | awk -F'|' '$2=="NODE_FAIL"{print $4}'; printf '%s\\n' "\${a:-}" | awk -F'|' '$1 !~ /\\./ && $3=="NODE_FAIL"{print $5}'; } | paste -sd, -)`,
    `[ -n "$f" ] && { echo "@@down"; sinfo --noheader --list-reasons --Node --nodes="$f" --format='%N|%T|%E' 2>&1 | head -n ${maxDownNodes}; }`,
    'echo "@@status"',
    ...reqs.map(
      (r) =>
        `[ -s ${sq(r.statusPath)} ] && { printf '@@file %s ' ${sq(r.jobId)}; head -c ${maxStatusBytes} ${sq(r.statusPath)} | tr -d '\\n'; echo; }`,
    ),
    ...reqs.flatMap((r) =>
      r.progressPath
        ? [
            `[ -s ${sq(r.progressPath)} ] && { printf '@@progress %s ' ${sq(r.jobId)}; head -c ${maxProgressBytes} ${sq(r.progressPath)} | tr -d '\\n'; echo; }`,
          ]
        : [],
    ),
    'exit 0',
  ];
  return `${lines.join('\n')}\n`;
};

const firstWord = (s: string) => s.trim().split(/\s+/)[0] ?? '';

const unixSeconds = (s: string | undefined): number | null =>
  s !== undefined && /^\d{1,12}$/.test(s) && s !== '0' ? Number(s) : null;

const parseSqueueLine = (line: string): JobState | null => {
  const m = /^(\d+)\|([A-Z_]+)\|([^|]*)(?:\|([^|]*))?(?:\|([^|]*))?(?:\|([^|]*))?$/.exec(line.trim());
  if (!m) return null;
  const endedAt = terminalJobStates.has(m[2]!) ? unixSeconds(m[5]) : null;
  return {
    jobId: m[1]!,
    state: m[2]!,
    reason: m[3]!,
    ...(m[4] ? { nodes: m[4] } : {}),
    ...(endedAt !== null ? { endedAt } : {}),
    ...(m[6] ? { name: m[6] } : {}),
    from: 'squeue',
  };
};

const parseSacctLine = (line: string): JobState | null => {
  const f = line.trim().split('|');
  if (f.length < 4 || !/^\d+$/.test(f[0]!)) return null;
  const nodes = f[4] && f[4] !== 'None assigned' ? { nodes: f[4] } : {};
  return { jobId: f[0]!, name: f[1]!, state: firstWord(f[2]!), exitCode: f[3]!, ...nodes, from: 'sacct' };
};

const count = (s: string | undefined): number => (s !== undefined && /^\d{1,12}$/.test(s) ? Number(s) : 0);

/** sacct's MaxRSS (`1234K`, `56.50M`, `0`): bytes, or null when it says nothing. */
export const rssBytes = (s: string | undefined): number | null => {
  const m = /^(\d+(?:\.\d+)?)([KMGTP]?)$/.exec((s ?? '').trim());
  if (!m) return null;
  const unit = { '': 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3, T: 1024 ** 4, P: 1024 ** 5 }[m[2] as '' | 'K'];
  return Math.round(Number(m[1]) * unit);
};

/** A job's accounting from its sacct allocation line (the fields after the first five), or null. */
const parseUsage = (f: readonly string[]): JobUsage | null =>
  f.length < 13
    ? null
    : {
        state: firstWord(f[2]!),
        exitCode: f[3]!,
        submit: unixSeconds(f[5]),
        start: unixSeconds(f[6]),
        end: unixSeconds(f[7]),
        elapsedSeconds: count(f[8]),
        nodes: count(f[9]),
        cpus: count(f[10]),
        cpuSeconds: count(f[11]),
        maxRssBytes: rssBytes(f[12]),
      };

const parseDownLine = (line: string): DownNode | null => {
  const m = /^([^|\s]+)\|([^|]*)\|(.*)$/.exec(line.trim());
  return m ? { node: m[1]!, state: m[2]!, reason: m[3]!.trim() } : null;
};

/** Parses what pollScript printed. */
export const parsePoll = (stdout: string): PollAnswer => {
  const jobs = new Map<string, JobState>();
  const usage = new Map<string, JobUsage>();
  const stepRss = new Map<string, number>();
  const statuses = new Map<string, string>();
  const progress = new Map<string, string>();
  const downNodes: DownNode[] = [];
  let section: 'none' | 'squeue' | 'sacct' | 'down' | 'status' = 'none';
  let squeueError: string | null = null;
  let sacctError: string | null = null;
  let sacctRan = false;
  let now: number | null = null;
  let rc = 0;
  const errors: string[] = [];
  const close = () => {
    const text = errors.join(' ').trim();
    if (section === 'squeue' && rc !== 0 && !/Invalid job id specified/i.test(text))
      squeueError = text || `squeue exited with ${rc}`;
    if (section === 'sacct' && rc !== 0) sacctError = text || `sacct exited with ${rc}`;
    errors.length = 0;
  };
  let accountJobs: number | null = null;
  for (const line of stdout.split('\n')) {
    const counted = /^@@account_jobs (\d{1,9})$/.exec(line);
    if (counted) {
      accountJobs = Number(counted[1]);
      continue;
    }
    const clock = /^@@now (\d{1,12})$/.exec(line);
    if (clock) {
      now = Number(clock[1]);
      continue;
    }
    const head = /^@@(squeue|sacct) (\d+)$/.exec(line);
    if (head) {
      close();
      section = head[1] as 'squeue' | 'sacct';
      rc = Number(head[2]);
      if (section === 'sacct') sacctRan = true;
      continue;
    }
    if (line === '@@status' || line === '@@down') {
      close();
      section = line === '@@down' ? 'down' : 'status';
      continue;
    }
    if (section === 'down') {
      const d = parseDownLine(line);
      if (d) downNodes.push(d);
      continue;
    }
    if (section === 'status') {
      const m = /^@@(file|progress) (\d+) (.*)$/.exec(line);
      if (m) (m[1] === 'file' ? statuses : progress).set(m[2]!, m[3]!);
      continue;
    }
    if (line.trim() === '') continue;
    if (section === 'sacct') {
      const f = line.trim().split('|');
      // A step (`123.batch`, `123.0`): only its MaxRSS counts, the job's largest.
      const step = /^(\d+)\.[A-Za-z0-9_+]+$/.exec(f[0] ?? '');
      if (step) {
        const rss = rssBytes(f[12]);
        if (rss !== null && rss > (stepRss.get(step[1]!) ?? -1)) stepRss.set(step[1]!, rss);
        continue;
      }
      const u = /^\d+$/.test(f[0] ?? '') ? parseUsage(f) : null;
      if (u) usage.set(f[0]!, u);
    }
    const j =
      section === 'squeue' ? parseSqueueLine(line) : section === 'sacct' ? parseSacctLine(line) : null;
    if (j) {
      // squeue is the fresher source; sacct only fills what squeue no longer shows.
      if (!jobs.has(j.jobId) || j.from === 'squeue') jobs.set(j.jobId, j);
    } else if (section === 'squeue' || section === 'sacct') errors.push(line.trim());
  }
  close();
  for (const [id, rss] of stepRss) {
    const u = usage.get(id);
    if (u && (u.maxRssBytes === null || rss > u.maxRssBytes)) usage.set(id, { ...u, maxRssBytes: rss });
  }
  return { jobs, usage, statuses, progress, downNodes, squeueError, sacctError, sacctRan, now, accountJobs };
};

/**
 * Looks jobs up by their (deterministic) names, in squeue and in sacct: two scheduler commands for
 * any number of names (both take a comma-separated list). squeue prints each job's name last.
 */
export const findScript = (jobNames: readonly string[], sinceDays: number): string =>
  [
    `q=$(SLURM_TIME_FORMAT=%s squeue --noheader --user="$(id -un)" --name=${sq(jobNames.join(','))} --states=all ${squeueNamedFormat} 2>&1); rc=$?`,
    'echo "@@squeue $rc"',
    `printf '%s\\n' "$q"`,
    `a=$(sacct --noheader --parsable2 --allocations --name=${sq(jobNames.join(','))} --starttime=now-${sinceDays}days ${sacctFields} 2>&1); rc=$?`,
    'echo "@@sacct $rc"',
    `printf '%s\\n' "$a"`,
    'exit 0',
    '',
  ].join('\n');

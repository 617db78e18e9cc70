import { findPaths } from './jsonValues.js';
import { type AppError, validationError } from '../errors.js';
import type { ExecutionState } from './execution.js';

/** Deployment profiles (SPEC "Deployment profile"): how an execution is translated and deployed. */
export interface TranslationSettings {
  readonly algo: 'metis' | 'mysarkar';
  readonly num_par: number;
  readonly num_islands: number;
  readonly tm_url?: string;
}

/** How long a running session may go without progress (see stalls.ts); absent in older profiles. */
export interface StallSettings {
  readonly stall_warn_minutes?: number;
  readonly idle_fail_minutes?: number;
  readonly stall_fail_minutes?: number;
}

export interface RestRemoteDeployment extends StallSettings {
  readonly kind: 'rest_remote';
  readonly dim_host_for_tm?: string;
  readonly dim_port_for_tm: number;
  readonly deploy_host: string;
  readonly deploy_port: number;
  readonly use_https: boolean;
  readonly verify_ssl: boolean;
  /** Minutes a running session may go with node managers not answering (lostNodes.ts); 0: off. */
  readonly node_lost_minutes?: number;
  /** Which ended sessions are deleted from the island manager (removesEndedSession); absent in older profiles. */
  readonly ended_sessions?: EndedSessions;
}

/**
 * What happens to a session on its island manager once surveyor has recorded its end: `remove`
 * deletes it, `keep_failed` (the default) deletes it unless the run failed, `keep` leaves every
 * one. An island manager holds every session until it is deleted, and each one it holds slows its
 * node managers' later deploys, so a survey's ended sessions left there slow every later run. A
 * failed one is kept for DALiuGE's own pages.
 */
export const endedSessionsChoices = ['remove', 'keep_failed', 'keep'] as const;
export type EndedSessions = (typeof endedSessionsChoices)[number];
export const defaultEndedSessions: EndedSessions = 'keep_failed';

/** The profile's choice, or the default for a profile made before the choice existed. */
export const endedSessionsOf = (d: RestRemoteDeployment): EndedSessions =>
  d.ended_sessions ?? defaultEndedSessions;

/** Whether a run that ended in `state` (a terminal one) has its session deleted from its island manager. */
export const removesEndedSession = (d: DeploymentSettings, state: ExecutionState): boolean => {
  if (d.kind !== 'rest_remote') return false;
  const choice = endedSessionsOf(d);
  return choice === 'remove' || (choice === 'keep_failed' && state !== 'failed');
};

export interface BatchRemoteDeployment extends StallSettings {
  readonly kind: 'batch_remote';
  readonly login_node: string;
  readonly ssh_port: number;
  readonly remote_user?: string;
  readonly account: string;
  readonly home_dir: string;
  readonly log_dir: string;
  readonly dlg_root: string;
  readonly modules?: string;
  readonly venv?: string;
  readonly exec_prefix: string;
  readonly facility: string;
  /** sbatch --time in minutes, or `auto`: estimated from the profile's runs (domain/walltime.ts). */
  readonly job_duration_minutes: number | 'auto';
  /** With `auto`: the minutes a run gets while there is too little history. */
  readonly job_duration_fallback_minutes?: number;
  /** With `auto`: the most an estimate gives (keep it within the partition's MaxTime). */
  readonly job_duration_max_minutes?: number;
  readonly num_nodes: number;
  readonly num_islands: number;
  readonly verbose_level: number;
  readonly max_threads: number;
  readonly all_nics: boolean;
  readonly zerorun: boolean;
  readonly sleepncopy: boolean;
  readonly check_with_session: boolean;
  /** Slurm resources passed on sbatch's command line (see slurmResources). */
  readonly partition?: string;
  readonly qos?: string;
  readonly memory?: string;
  readonly constraint?: string;
  readonly cpus_per_task?: number;
  readonly batch_template?: string;
  /**
   * The most runs of this profile from admission to their end (so the most jobs it has at the
   * site), kept below the site's own limit: admission holds more, pending (queuedCapBlocker).
   */
  readonly max_queued_jobs?: number;
  /** The most sbatch calls a minute this profile makes; more wait their turn, no attempt spent. */
  readonly max_submits_per_minute?: number;
}

export type DeploymentSettings = RestRemoteDeployment | BatchRemoteDeployment;

/**
 * What a batch profile's data fields may hold. They end up in a job script, in `#SBATCH` lines
 * (which sbatch parses itself, not a shell) and in shell words, so they are kept to characters that
 * need no quoting in either: a name is letters, digits and `_.-`; a path is absolute, of those and
 * `/+@`, with no `..` segment. A line break would end an `#SBATCH` line and start a shell command; a
 * space would add an sbatch option.
 */
export const safeName = /^[A-Za-z0-9_.-]+$/;
export const safeRemotePath = /^\/(?!.*(?:^|\/)\.\.(?:\/|$))[A-Za-z0-9._/+@-]*$/;

/**
 * Slurm resource fields, in sbatch's own syntax and nothing else: partitions a comma-separated
 * list of names; memory a number with an optional K, M, G or T (0: all of a node's memory); a
 * constraint feature names joined by sbatch's operators `&|,*[]` (no spaces, quotes or `$`).
 */
export const slurmPartitions = /^[A-Za-z0-9_.-]+(?:,[A-Za-z0-9_.-]+)*$/;
export const slurmMemory = /^(?:0|[1-9][0-9]{0,8}[KMGT]?)$/;
export const slurmConstraint = /^[A-Za-z0-9_.&|,*[\]-]+$/;

/**
 * Fields whose text runs as code on the batch account (shell snippets, the job template, the
 * command prefix): only an admin decides what code runs where.
 */
export const codeFields = ['modules', 'venv', 'exec_prefix', 'batch_template'] as const;
const codeDefaults: Readonly<Record<(typeof codeFields)[number], string | undefined>> = {
  modules: undefined,
  venv: undefined,
  exec_prefix: 'srun -l',
  batch_template: undefined,
};

/**
 * The code fields (`deployment.<field>`) whose value in `next` differs from `current`'s (or from the
 * default, with no current batch profile).
 */
export const codeFieldChanges = (next: ProfileSettings, current: ProfileSettings | null): string[] => {
  if (next.deployment.kind !== 'batch_remote') return [];
  const before = current?.deployment.kind === 'batch_remote' ? current.deployment : null;
  const out: string[] = [];
  for (const f of codeFields) {
    const was = before ? before[f] : codeDefaults[f];
    if ((next.deployment[f] ?? codeDefaults[f]) !== was) out.push(`deployment.${f}`);
  }
  return out;
};

/**
 * What in a profile write only an admin may do: make or change a global profile, or set or change
 * a code field (to something other than what the profile holds now, or the default for a new one).
 * Empty when an operator may do it.
 */
export const adminOnlyChanges = (next: ProfileSettings | null, current: ProfileSettings | null): string[] => [
  ...(next?.project_module === null || current?.project_module === null ? ['a global profile'] : []),
  ...(next ? codeFieldChanges(next, current) : []),
];

/** The top-level and nested fields that differ between two versions of a profile (for events). */
export const changedFields = (a: ProfileSettings, b: ProfileSettings): string[] => {
  const flat = (s: ProfileSettings) => {
    const out: Record<string, string> = {};
    const settings = {
      name: s.name,
      description: s.description,
      project_module: s.project_module,
      is_default: s.is_default,
      translation: s.translation,
      deployment: s.deployment,
    };
    for (const [k, v] of Object.entries(settings))
      if (v !== null && typeof v === 'object')
        for (const [k2, v2] of Object.entries(v)) out[`${k}.${k2}`] = JSON.stringify(v2);
      else out[k] = JSON.stringify(v);
    return out;
  };
  const x = flat(a);
  const y = flat(b);
  return [...new Set([...Object.keys(x), ...Object.keys(y)])].filter((k) => x[k] !== y[k]).sort();
};

/** The data fields of a batch profile that break the rules above (a job script refuses them too). */
export const unsafeBatchFields = (d: BatchRemoteDeployment): string[] => {
  const rules = {
    account: safeName,
    facility: safeName,
    remote_user: safeName,
    qos: safeName,
    partition: slurmPartitions,
    memory: slurmMemory,
    constraint: slurmConstraint,
    home_dir: safeRemotePath,
    log_dir: safeRemotePath,
    dlg_root: safeRemotePath,
  } as const;
  const out = Object.entries(rules)
    .filter(([k, rule]) => {
      const v = d[k as keyof typeof rules];
      return v !== undefined && !rule.test(v);
    })
    .map(([k]) => k);
  const cpus = d.cpus_per_task;
  return cpus === undefined || (Number.isInteger(cpus) && cpus >= 1) ? out : [...out, 'cpus_per_task'];
};

export interface ProfileSettings {
  readonly name: string;
  readonly description: string;
  /** null: a global profile, usable by every project. */
  readonly project_module: string | null;
  readonly is_default: boolean;
  readonly translation: TranslationSettings;
  readonly deployment: DeploymentSettings;
}

export interface DeploymentProfile extends ProfileSettings {
  readonly id: string;
  readonly version: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export const viewProfile = (p: DeploymentProfile) => ({
  id: p.id,
  name: p.name,
  description: p.description,
  project_module: p.project_module,
  is_default: p.is_default,
  translation: p.translation,
  deployment: p.deployment,
  version: p.version,
  created_at: p.createdAt.toISOString(),
  updated_at: p.updatedAt.toISOString(),
});

const secretKeyNames =
  /(private[_-]?key|ssh[_-]?key|passphrase|password|known[_-]?hosts|host[_-]?key|identity[_-]?file)/i;
const keyMaterial =
  /-----BEGIN [A-Z0-9 ]*(PRIVATE KEY|OPENSSH PRIVATE KEY)-----|\b(ssh-(rsa|ed25519|dss)|ecdsa-sha2-nistp\d+) AAAA[0-9A-Za-z+/]{20,}/;

/**
 * Paths in a would-be profile that hold SSH keys, passphrases or host-key trust. Profiles never
 * carry them: they come from the worker's environment (SPEC "Authentication").
 */
export const findKeyMaterial = (value: unknown): string[] =>
  findPaths(value, (k, v) =>
    k !== null && secretKeyNames.test(k)
      ? 'take'
      : typeof v === 'string'
        ? keyMaterial.test(v)
          ? 'take'
          : 'skip'
        : 'descend',
  );

/** A 422 naming every place key material was sent, or null when there is none. */
export const keyMaterialError = (raw: unknown): AppError | null => {
  const paths = findKeyMaterial(raw);
  return paths.length === 0
    ? null
    : validationError(
        'deployment profiles never hold SSH keys, passphrases or host keys: the worker reads them from BATCH_SSH_PRIVATE_KEY_FILE, BATCH_SSH_PRIVATE_KEY_PASSPHRASE_FILE and BATCH_SSH_KNOWN_HOSTS_SOURCE',
        paths.map((path) => ({ path, message: 'key material is not allowed in a profile' })),
      );
};

/** The profile's cap on its runs in flight, or null (none: rest_remote, or not set). */
export const maxQueuedJobsOf = (p: ProfileSettings): number | null =>
  p.deployment.kind === 'batch_remote' ? (p.deployment.max_queued_jobs ?? null) : null;

/** Why a run of the profile may not be admitted for its max_queued_jobs, or null. `inFlight`: its runs now. */
export const queuedCapBlocker = (p: ProfileSettings, inFlight: number): string | null => {
  const cap = maxQueuedJobsOf(p);
  return cap !== null && inFlight >= cap
    ? `profile ${p.name} has ${inFlight} runs in flight; its max_queued_jobs allows ${cap}`
    : null;
};

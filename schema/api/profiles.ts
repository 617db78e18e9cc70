import * as t from 'io-ts';
import {
  boundedString,
  discriminated,
  DateTimeString,
  HostName,
  ServiceUrl,
  intRange,
  oneLine,
  patternString,
  Port,
  strictObject,
  Uuid,
  withDefault,
} from '../codecs.js';
import { component, withSchema } from '../jsonSchema.js';
import {
  defaultEndedSessions,
  endedSessionsChoices,
  safeName,
  safeRemotePath,
  slurmConstraint,
  slurmMemory,
  slurmPartitions,
} from '../../core/domain/profile.js';
import { defaultNodeLostMinutes } from '../../core/domain/lostNodes.js';
import { defaultStallLimits } from '../../core/domain/stalls.js';
import { maxPauseReasonLength } from '../../core/domain/profilePause.js';
import { ProjectModule } from './common.js';
import { DateTimeInput } from './usage.js';

/** How long a running session may go without progress (core/domain/stalls.ts); 0 turns a limit off. */
const stallFields = {
  stall_warn_minutes: withDefault(intRange(0, 60 * 24 * 14), defaultStallLimits.warnMinutes),
  idle_fail_minutes: withDefault(intRange(0, 60 * 24 * 14), defaultStallLimits.idleFailMinutes),
  stall_fail_minutes: withDefault(intRange(0, 60 * 24 * 14), defaultStallLimits.failMinutes),
};

const oneOf = <K extends string>(name: string, values: readonly K[]) =>
  withSchema(t.keyof(Object.fromEntries(values.map((v) => [v, null])) as Record<K, null>, name), {
    type: 'string',
    enum: [...values],
  });

/** The facility id passed to DALiuGE when a profile names none (the reference survey runs on Setonix). */
export const defaultFacility = 'setonix';

export const Translation = component(
  'Translation',
  strictObject(
    'Translation',
    {},
    {
      algo: withDefault(oneOf('algo', ['metis', 'mysarkar'] as const), 'metis'),
      num_par: withDefault(intRange(1, 100000), 1),
      num_islands: withDefault(intRange(0, 10000), 0),
      tm_url: ServiceUrl,
    },
  ),
);

export const RestRemote = component(
  'RestRemoteDeployment',
  strictObject(
    'RestRemoteDeployment',
    { kind: t.literal('rest_remote'), deploy_host: HostName },
    {
      dim_host_for_tm: HostName,
      dim_port_for_tm: withDefault(Port, 8001),
      deploy_port: withDefault(Port, 8001),
      use_https: withDefault(t.boolean, false),
      verify_ssl: withDefault(t.boolean, true),
      // How long a node manager may not answer its island manager before the run fails (lostNodes.ts).
      node_lost_minutes: withDefault(intRange(0, 60 * 24 * 14), defaultNodeLostMinutes),
      // Which ended sessions are deleted from the island manager (core/domain/profile.ts).
      ended_sessions: withDefault(oneOf('ended_sessions', endedSessionsChoices), defaultEndedSessions),
      ...stallFields,
    },
  ),
);

const shellSnippet = boundedString(1, 4096);
const remotePath = patternString(
  safeRemotePath,
  'an absolute path of letters, digits and ._/+@- without .. segments',
  1024,
);
const name = (what: string, max: number) => patternString(safeName, `${what} (letters, digits and ._-)`, max);

export const BatchRemote = component(
  'BatchRemoteDeployment',
  strictObject(
    'BatchRemoteDeployment',
    {
      kind: t.literal('batch_remote'),
      login_node: HostName,
      account: name('account', 128),
      home_dir: remotePath,
      log_dir: remotePath,
      dlg_root: remotePath,
    },
    {
      ssh_port: withDefault(Port, 22),
      remote_user: name('remote_user', 64),
      modules: shellSnippet,
      venv: shellSnippet,
      exec_prefix: withDefault(oneLine('one line of text', 256), 'srun -l'),
      facility: withDefault(name('facility', 64), defaultFacility),
      job_duration_minutes: withDefault(t.union([intRange(1, 60 * 24 * 14), t.literal('auto')]), 30),
      job_duration_fallback_minutes: intRange(1, 60 * 24 * 14),
      job_duration_max_minutes: intRange(1, 60 * 24 * 14),
      num_nodes: withDefault(intRange(1, 100000), 1),
      // upstream's multi-island path (num_islands > 1) starts no node managers: refused, not run.
      num_islands: withDefault(
        intRange(
          1,
          1,
          '1 (DALiuGE 6.6 start_dlg_cluster starts no node managers for more than one island; nodes are set with num_nodes)',
        ),
        1,
      ),
      verbose_level: withDefault(intRange(0, 5), 1),
      max_threads: withDefault(intRange(0, 100000), 0),
      all_nics: withDefault(t.boolean, false),
      zerorun: withDefault(t.boolean, false),
      sleepncopy: withDefault(t.boolean, false),
      check_with_session: withDefault(t.boolean, false),
      partition: patternString(slurmPartitions, 'one or more partition names separated by commas', 256),
      qos: name('qos', 128),
      memory: patternString(
        slurmMemory,
        'memory per node: a number with K, M, G or T (megabytes without), or 0',
        16,
      ),
      constraint: patternString(slurmConstraint, "node features joined by sbatch's &|,*[] (no spaces)", 256),
      cpus_per_task: intRange(1, 4096),
      batch_template: boundedString(1, 65536),
      max_queued_jobs: intRange(1, 100000),
      max_submits_per_minute: intRange(1, 600),
      ...stallFields,
    },
  ),
);

export const Deployment = discriminated('Deployment', 'kind', {
  rest_remote: RestRemote,
  batch_remote: BatchRemote,
});

/** A deployment profile as written by a client (create and replace). */
export const ProfileInput = component(
  'DeploymentProfileInput',
  strictObject(
    'DeploymentProfileInput',
    {
      name: oneLine('a name of 1 to 50 characters, one line', 50, 1),
      translation: Translation,
      deployment: Deployment,
    },
    {
      description: withDefault(boundedString(0, 2000), ''),
      project_module: withDefault(t.union([ProjectModule, t.null]), null),
      is_default: withDefault(t.boolean, false),
    },
  ),
);
export type ProfileInput = t.TypeOf<typeof ProfileInput>;

export const ProfilePauseView = component(
  'DeploymentProfilePause',
  t.type({
    /** When it was made, and by whom. */
    at: DateTimeString,
    by: t.string,
    reason: t.string,
    /** When it begins to hold (`at` unless set ahead). */
    from: DateTimeString,
    /** When it ends by itself; null: when the profile is resumed. */
    until: t.union([DateTimeString, t.null]),
    /** false while it is still ahead (runs go on until `from`). */
    holding: t.boolean,
    /** The executions that wait on it: asked to run, or on their way to the backend, and not dry runs (0 while ahead). */
    waiting: t.number,
  }),
);

export const ProfileView = component(
  'DeploymentProfile',
  t.intersection([
    t.type({
      id: Uuid,
      name: t.string,
      description: t.string,
      project_module: t.union([t.string, t.null]),
      is_default: t.boolean,
      translation: t.UnknownRecord,
      deployment: t.UnknownRecord,
      version: t.number,
      created_at: DateTimeString,
      updated_at: DateTimeString,
      /** null: not paused (nor a pause ahead). While a pause holds, admission holds the runs that would submit with it. */
      paused: t.union([ProfilePauseView, t.null]),
    }),
    t.partial({}),
  ]),
);

/**
 * Why a profile is paused (every held execution's status says it too), and its window: `from` a
 * time ahead (absent or past: now), `until` a time it ends by itself (absent or null: when resumed);
 * `replace` changes the pause the profile has, in one step.
 */
export const ProfilePauseRequest = component(
  'DeploymentProfilePauseRequest',
  strictObject(
    'DeploymentProfilePauseRequest',
    { reason: oneLine('a reason on one line', maxPauseReasonLength, 1) },
    {
      from: t.union([DateTimeInput, t.null]),
      until: t.union([DateTimeInput, t.null]),
      /** Put this pause in place of the profile's pause not yet over, in one step (default false: 409). */
      replace: t.boolean,
    },
  ),
);

export const ProfileList = component(
  'DeploymentProfileList',
  t.type({ items: t.array(ProfileView), next_cursor: t.union([t.string, t.null]) }),
);

/** What POST /deployment-profiles/{id}/ping found, check by check. */
export const ProfilePingView = component(
  'DeploymentProfilePing',
  t.type({
    profile: t.type({
      id: Uuid,
      name: t.string,
      kind: t.keyof({ rest_remote: null, batch_remote: null }),
      version: t.number,
    }),
    ok: t.boolean,
    checks: t.array(t.type({ name: t.string, ok: t.boolean, detail: t.string })),
  }),
);

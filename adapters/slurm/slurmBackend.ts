import { userInfo } from 'node:os';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { PermanentJobError, SiteLimited } from '../../core/domain/job.js';
import type { BatchRemoteDeployment, DeploymentProfile } from '../../core/domain/profile.js';
import type { RemoteOutcome } from '../../core/domain/backendStates.js';
import { dropCount } from '../../core/ports/Translator.js';
import type {
  DeploymentBackend,
  PingCheck,
  PollItem,
  SubmitRequest,
  Submission,
} from '../../core/ports/DeploymentBackend.js';
import { parseProgressFile, parseStatusFile } from './jobFiles.js';
import { jobHelperScript, progressFileName, statusFileName } from './jobHelper.js';
import { jobPaths, renderJobScript, slurmResources } from './jobScript.js';
import { withSacctUsage } from './jobUsage.js';
import { jobIdsByName } from './findAnswer.js';
import { hostPattern } from './knownHosts.js';
import { type SecurityFinding, targetFinding, withoutHostPaths } from './sshCredentials.js';
import { type ExecResult, type SshPool, type SshTarget, SshUnavailable, targetKey } from './sshPool.js';
import {
  cancelScript,
  compositeJobId,
  jobIdOf,
  limitRefusal,
  parseAccountJobs,
  parsePing,
  parseSbatch,
  pingScript,
  stageScript,
  submitScript,
} from './slurmText.js';
import { findScript, parsePoll, pollScript } from './slurmPoll.js';
import { jobOutcome } from './jobOutcome.js';
import { outboundSpan } from '../trace/outboundSpan.js';

/** Off the event loop (zlib's thread pool): a 5,000-drop graph is megabytes. */
const gzipped = promisify(gzip);

export interface SlurmBackendOptions {
  readonly pool: SshPool;
  /** The credential and known_hosts findings, for `profile ping` (read fresh each time). */
  readonly securityFindings: () => {
    findings: SecurityFinding[];
    knownHosts: Parameters<typeof targetFinding>[0];
  };
  /** How far back `find` asks sacct for a job name. */
  readonly findDays?: number;
  /**
   * Told of every command run on a login node (`poll`, `submit`, `stage`, `find`, `cancel`, `ping`)
   * and the bytes it moved: what the service costs a login node, as metrics count it.
   */
  readonly onCommand?: (target: string, kind: string, bytes: { sent: number; received: number }) => void;
}

const batchOf = (p: DeploymentProfile): BatchRemoteDeployment => {
  if (p.deployment.kind !== 'batch_remote')
    throw new PermanentJobError(`profile ${p.name} is not batch_remote`);
  const d = p.deployment;
  for (const [field, path] of [
    ['home_dir', d.home_dir],
    ['dlg_root', d.dlg_root],
    ['log_dir', d.log_dir],
  ] as const)
    if (!path.startsWith('/'))
      throw new PermanentJobError(
        `profile ${p.name}: ${field} must be an absolute path on the login node (got ${path})`,
      );
  return d;
};

export const sshTargetOf = (p: DeploymentProfile): SshTarget => {
  const d = batchOf(p);
  return { host: d.login_node, port: d.ssh_port, user: d.remote_user ?? userInfo().username };
};

const tail = (s: string, n = 500) => (s.length > n ? `…${s.slice(-n)}` : s).trim();

/** Names looked up in one command: about 10 kB of command line, far below any limit. */
const namesPerLookup = 200;

/** What each command a backend runs on a login node is, as the metrics name it. */
const commandKinds: Readonly<Record<string, string>> = {
  polling: 'poll',
  sbatch: 'submit',
  'writing the job files': 'stage',
  'looking the job up': 'find',
  scancel: 'cancel',
  ping: 'ping',
};

/**
 * The `batch_remote` backend: DALiuGE inside a Slurm job, reached over SSH (see adapters/README.md).
 * Submission writes the partitioned graph, the manifest, the job script and its helper into the
 * attempt's session directory in one command (stageScript), then runs `sbatch --parsable` under the attempt's
 * deterministic name; `find` looks that name up in squeue and sacct first, so a worker that died
 * around sbatch adopts the job instead of submitting a second. A poll round is one SSH command for
 * every job of a target: squeue, sacct for the ids squeue no longer lists, and the jobs' status
 * files, which say how the graph itself ended.
 */
export class SlurmBackend implements DeploymentBackend {
  readonly kind = 'batch_remote' as const;
  readonly needsMapping = false;

  constructor(private readonly o: SlurmBackendOptions) {}

  /** The account's jobs each target's last answered poll round counted (the port's `accountJobs`). */
  private readonly counted = new Map<string, number>();

  accountJobs(target: string): number | undefined {
    return this.counted.get(target);
  }

  target(p: DeploymentProfile): string {
    return `ssh:${targetKey(sshTargetOf(p))}`;
  }

  private async run(t: SshTarget, script: string, what: string, signal?: AbortSignal): Promise<ExecResult> {
    const kind = commandKinds[what] ?? 'other';
    const r = await outboundSpan(
      `ssh ${kind}`,
      { 'surveyor.ssh.command': kind, 'server.address': t.host, 'server.port': t.port },
      () => this.o.pool.exec(t, script, signal),
      (x) => ({ 'surveyor.ssh.exit_code': x.code ?? -1 }),
    );
    this.o.onCommand?.(targetKey(t), kind, {
      sent: Buffer.byteLength(script),
      received: Buffer.byteLength(r.stdout) + Buffer.byteLength(r.stderr),
    });
    if (r.code === null)
      throw new SshUnavailable(`${what} on ${targetKey(t)}: the connection dropped before the command ended`);
    return r;
  }

  private submission(
    t: SshTarget,
    d: BatchRemoteDeployment,
    name: string,
    jobId: string,
    record: Record<string, unknown>,
  ): Submission {
    const paths = jobPaths(d, name);
    return {
      schedulerJobId: compositeJobId(t, jobId),
      runRecord: {
        backend: 'slurm',
        login: targetKey(t),
        job_id: jobId,
        job_name: name,
        session_dir: paths.sessionDir,
        log_dir: paths.logDir,
        ...record,
      },
      debug: { batchSessionDir: paths.sessionDir, batchLoginNode: d.login_node, batchRemoteUser: t.user },
    };
  }

  async find(p: DeploymentProfile, externalName: string, signal?: AbortSignal): Promise<Submission | null> {
    return (await this.findAll(p, [externalName], signal)).get(externalName) ?? null;
  }

  /** Every name's job, `namesPerLookup` names a command: squeue and sacct once for all of them. */
  async findAll(
    p: DeploymentProfile,
    externalNames: readonly string[],
    signal?: AbortSignal,
  ): Promise<Map<string, Submission>> {
    const d = batchOf(p);
    const t = sshTargetOf(p);
    const found = new Map<string, Submission>();
    for (let i = 0; i < externalNames.length; i += namesPerLookup) {
      const names = externalNames.slice(i, i + namesPerLookup);
      const r = await this.run(t, findScript(names, this.o.findDays ?? 30), 'looking the job up', signal);
      const ids = jobIdsByName(parsePoll(r.stdout), names, targetKey(t));
      for (const [name, all] of ids) {
        const [first, ...others] = all;
        found.set(
          name,
          this.submission(t, d, name, first!, {
            adopted: true,
            ...(others.length > 0 ? { other_jobs_with_this_name: others } : {}),
          }),
        );
      }
    }
    return found;
  }

  async submit(req: SubmitRequest, signal?: AbortSignal): Promise<Submission> {
    const d = batchOf(req.profile);
    const t = sshTargetOf(req.profile);
    const name = req.externalName;
    const paths = jobPaths(d, name);
    const script = renderJobScript(d, name);
    // start_dlg_cluster takes a partitioned template as [name, drops].
    const graph = JSON.stringify([`${name}.pgt.graph`, req.graph]);
    const files = await Promise.all(
      [
        { path: paths.graph, content: graph, mode: 0o640 },
        { path: paths.manifest, content: JSON.stringify(req.manifest, null, 2), mode: 0o640 },
        { path: paths.helper, content: jobHelperScript, mode: 0o750 },
        { path: paths.script, content: script, mode: 0o750 },
      ].map(async (f) => ({
        path: f.path,
        mode: f.mode,
        gzipBase64: (await gzipped(f.content)).toString('base64'),
      })),
    );
    const staged = await this.run(
      t,
      stageScript([paths.sessionDir, paths.logDir], files),
      'writing the job files',
      signal,
    );
    if (staged.code !== 0)
      throw new PermanentJobError(
        `cannot write the job's files in ${paths.sessionDir} on ${targetKey(t)}: ${tail(staged.stderr || staged.stdout) || `exit ${staged.code}`}`,
      );
    const options = slurmResources(d);
    await req.confirm();
    const r = await this.run(
      t,
      submitScript({ workDir: d.home_dir, scriptPath: paths.script, jobName: name, options }),
      'sbatch',
      signal,
    );
    const parsed = r.code === 0 ? parseSbatch(r.stdout) : null;
    if (!parsed) {
      const why = tail(r.stderr || r.stdout.replace(/^@@account_jobs .*$/m, '')) || `exit ${r.code}`;
      // sbatch refusing the script (bad account, limits, syntax) will refuse it again; a controller
      // that did not answer may have taken the job: the retry looks the name up first.
      if (/Socket timed out|Unable to contact|Connection refused|try again|temporarily/i.test(why))
        throw new SshUnavailable(`sbatch on ${targetKey(t)} did not answer clearly: ${why}`);
      // A limit on the account's jobs: room comes as they end, so the run waits (siteLimit.ts). With
      // none of the account's jobs held, no room can come: the job itself breaks a limit (its size or
      // time), and is refused for good.
      const accountJobs = parseAccountJobs(r.stdout);
      if (limitRefusal.test(why) && accountJobs !== null && accountJobs > 0)
        throw new SiteLimited(why, accountJobs);
      throw new PermanentJobError(
        `sbatch on ${targetKey(t)} refused the job: ${why}${limitRefusal.test(why) ? " (none of the account's jobs held at the site: the job itself is over a limit, its size or time)" : ''}`,
        true,
      );
    }
    return this.submission(t, d, name, parsed.jobId, {
      ...(parsed.cluster ? { cluster: parsed.cluster } : {}),
      drops: dropCount(req.graph),
      script_bytes: Buffer.byteLength(script),
      ...(options.length > 0 ? { sbatch_options: options } : {}),
    });
  }

  async poll(
    target: string,
    items: readonly PollItem[],
    signal?: AbortSignal,
  ): Promise<Map<string, RemoteOutcome>> {
    const out = new Map<string, RemoteOutcome>();
    if (items.length === 0) return out;
    const t = sshTargetOf(items[0]!.profile);
    const reqs = items.flatMap((i) => {
      const jobId = jobIdOf(i.schedulerJobId);
      if (!jobId) {
        out.set(i.executionId, {
          kind: 'unknown',
          remoteState: 'unknown',
          reason: `scheduler_job_id ${i.schedulerJobId} is not a batch job id`,
        });
        return [];
      }
      // What submit (or find) recorded: the execution keeps it under run_record.submission.
      const sub = (i.runRecord['submission'] ?? {}) as Record<string, unknown>;
      const statusPath =
        typeof sub['session_dir'] === 'string'
          ? `${sub['session_dir']}/${statusFileName}`
          : jobPaths(batchOf(i.profile), String(sub['job_name'] ?? '')).status;
      const progressPath = `${statusPath.slice(0, statusPath.length - statusFileName.length)}${progressFileName}`;
      return [{ item: i, jobId, statusPath, progressPath }];
    });
    if (reqs.length === 0) return out;
    const r = await this.run(t, pollScript(reqs), 'polling', signal);
    const answer = parsePoll(r.stdout);
    if (answer.squeueError)
      // The controller did not answer: nothing can be decided this round.
      throw new SshUnavailable(`squeue on ${target.slice(4)}: ${answer.squeueError}`);
    if (answer.accountJobs !== null) this.counted.set(target, answer.accountJobs);
    for (const { item, jobId } of reqs) {
      const job = answer.jobs.get(jobId);
      out.set(
        item.executionId,
        job
          ? withSacctUsage(
              job,
              jobOutcome(
                job,
                parseStatusFile(answer.statuses.get(jobId)),
                parseProgressFile(answer.progress.get(jobId)),
                answer.downNodes,
              ),
              answer,
            )
          : {
              kind: 'unknown',
              remoteState: 'unknown',
              reason: answer.sacctError
                ? `job ${jobId} is not in squeue and sacct failed: ${answer.sacctError}`
                : `job ${jobId} is in neither squeue nor sacct on ${target.slice(4)}`,
            },
      );
    }
    return out;
  }

  async cancel(item: PollItem, signal?: AbortSignal): Promise<void> {
    const jobId = jobIdOf(item.schedulerJobId);
    if (!jobId) return;
    const t = sshTargetOf(item.profile);
    const r = await this.run(t, cancelScript(jobId), 'scancel', signal);
    // A job that already ended cannot be cancelled: the next poll reports how it ended.
    if (r.code !== 0 && !/Invalid job id|already completing or completed/i.test(r.stderr))
      throw new SshUnavailable(
        `scancel ${jobId} on ${targetKey(t)}: ${tail(r.stderr || r.stdout) || `exit ${r.code}`}`,
      );
  }

  async ping(p: DeploymentProfile, signal?: AbortSignal): Promise<PingCheck[]> {
    const d = batchOf(p);
    const t = sshTargetOf(p);
    const { findings, knownHosts } = this.o.securityFindings();
    const checks: PingCheck[] = [
      ...findings,
      targetFinding(knownHosts, d.login_node, d.ssh_port, p.name),
    ].map((f) => ({ name: `ssh ${f.check}`, ok: f.ok, detail: withoutHostPaths(f) }));
    if (checks.some((c) => !c.ok)) return checks;
    const dirs = [d.home_dir, d.dlg_root, d.log_dir];
    const started = Date.now();
    try {
      const r = await this.run(t, pingScript(dirs), 'ping', signal);
      const { version, dirs: seen } = parsePing(r.stdout);
      checks.push({
        name: 'login',
        ok: true,
        detail: `${targetKey(t)} accepted the key, the host key matched known_hosts (${Date.now() - started} ms)`,
        data: { login: targetKey(t), host_pattern: hostPattern(d.login_node, d.ssh_port) },
      });
      checks.push({
        name: 'slurm',
        ok: version !== null && /slurm/i.test(version),
        detail: version
          ? `sbatch --version: ${version}`
          : 'sbatch did not answer (is Slurm on the PATH of a non-interactive login?)',
        data: { version },
      });
      for (const dir of dirs) {
        const state = seen.get(dir) ?? 'unknown';
        checks.push({
          name: `directory ${dir}`,
          ok: state === 'writable' || state === 'creatable',
          detail:
            state === 'writable'
              ? 'exists and is writable'
              : state === 'creatable'
                ? 'does not exist yet; its nearest existing parent is writable, so it will be created'
                : state === 'read-only'
                  ? 'exists but is not writable'
                  : 'does not exist and cannot be created',
        });
      }
    } catch (err) {
      checks.push({ name: 'login', ok: false, detail: (err as Error).message });
    }
    return checks;
  }
}

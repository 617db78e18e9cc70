import { Command, Option } from 'clipanion';
import type { ApiClient } from '../client/apiClient.js';
import { ClientCommand } from '../client/clientCommand.js';
import { noProfileNamed, profileIdOf } from './client/profile.js';
import type { Runtime } from '../../composition/runtime.js';
import { printPing } from '../checks.js';
import { exitCodes } from '../exitCodes.js';
import { reportFailure } from '../failures.js';

interface PingAnswer {
  readonly profile: { readonly name: string; readonly kind: string; readonly version: number };
  readonly ok: boolean;
  readonly checks: readonly { readonly name: string; readonly ok: boolean; readonly detail: string }[];
}

export class ProfilePingCommand extends ClientCommand {
  static override paths = [['profile', 'ping']];
  static override usage = Command.Usage({
    description: "Check from this machine that a deployment profile's translator and backend answer",
    details: `
      Run it where the workers run: it asks what a worker would ask, with the real adapters
      (whatever SERVICE_USE_REAL_BACKENDS says) and changes nothing anywhere.

      rest_remote: the translator (HEAD / on tm_url, else SERVICE_TRANSLATOR_URL) and the island
      manager (GET /api/nodes on deploy_host:deploy_port, honouring use_https and verify_ssl), with
      its node managers. The translator itself reaches the island manager at dim_host_for_tm /
      dim_port_for_tm; that path can only be checked from the translator's machine.

      batch_remote: the SSH credentials and known_hosts under the production rules (see
      \`surveyor security check\`), then one login to login_node:ssh_port as remote_user (the host
      key checked against known_hosts) that reports the Slurm version (sbatch --version) and
      whether home_dir, dlg_root and log_dir are writable, or could be created. It creates
      nothing and submits nothing.

      A project's profile is found with --project; without it, a global one.
      Exit 0 when every check passes, 1 when one fails or there is no such profile.

      With --remote it asks the running service instead (POST /deployment-profiles/{id}/ping, as
      the user of \`surveyor login\`, or at --server): the checks run from the service's machine
      with the parts it is configured with, and this machine needs no database or credentials.
      NAME may be the profile's id then.
    `,
    examples: [
      ['A global profile', 'surveyor profile ping local-dim'],
      ['A project profile, as JSON', 'surveyor profile ping setonix --project wallaby_hires --json'],
      ['From the running service', 'surveyor profile ping setonix --project wallaby_hires --remote'],
    ],
  });

  name = Option.String({ required: true, name: 'NAME' });
  project = Option.String('--project', { description: 'The project module whose profile it is' });
  asJson = Option.Boolean('--json', false, { description: 'Print the findings as JSON' });
  remote = Option.Boolean('--remote', false, {
    description: 'Ask the running service (logged in, or --server) to check, from where it runs',
  });

  override async execute(): Promise<number> {
    return this.remote ? super.execute() : this.local();
  }

  /** --remote: the service pings, this process prints. */
  protected async run(api: ApiClient): Promise<number> {
    const id = await profileIdOf(api, this.name, this.project);
    if (id === undefined) {
      this.context.stderr.write(`surveyor: ${noProfileNamed(this.name, this.project)}\n`);
      return exitCodes.failure;
    }
    const r = await api.request<PingAnswer>('POST', `/deployment-profiles/${encodeURIComponent(id)}/ping`);
    return printPing(this.context, undefined, this.asJson, {
      title: `profile ${r.profile.name} (${r.profile.kind}, version ${r.profile.version}), from the service`,
      json: r,
      checks: r.checks,
      ok: r.ok,
    });
  }

  private async local(): Promise<number> {
    // Loaded when the command runs, so the CLI starts fast for every other command.
    const { chooseBackends } = await import('../../composition/backends.js');
    const { appOf } = await import('../../composition/composition.js');
    const { openRuntime } = await import('../../composition/runtime.js');
    let rt: Runtime | undefined;
    try {
      rt = await openRuntime('cli', { logToStderr: true });
      const real = chooseBackends(
        { ...rt.config, SERVICE_USE_REAL_BACKENDS: true },
        { now: () => new Date() },
      );
      const r = await appOf(rt.container).profiles.pingByName(
        { translator: real.translator, backends: real.backends },
        this.name,
        this.project ?? null,
      );
      if (!r.found) {
        this.context.stderr.write(`surveyor: ${r.message}\n`);
        return exitCodes.failure;
      }
      const { id, name, deployment, version } = r.profile;
      return printPing(this.context, rt.secrets, this.asJson, {
        title: `profile ${name} (${deployment.kind}, version ${version})`,
        json: { profile: { id, name, kind: deployment.kind }, ok: r.ok, checks: r.checks },
        checks: r.checks,
        ok: r.ok,
      });
    } catch (err) {
      return reportFailure(err, this.context.stderr, rt?.secrets);
    } finally {
      await rt?.close();
    }
  }
}

import { Command, Option } from 'clipanion';
import type { Runtime } from '../../shared/runtime.js';
import type { ProfileRepository } from '../../../core/ports/ProfileRepository.js';
import { printPing } from '../checks.js';
import { exitCodes } from '../exitCodes.js';
import { reportFailure } from '../failures.js';

export class ProfilePingCommand extends Command {
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
    `,
    examples: [
      ['A global profile', 'surveyor profile ping local-dim'],
      ['A project profile, as JSON', 'surveyor profile ping setonix --project wallaby_hires --json'],
    ],
  });

  name = Option.String({ required: true, name: 'NAME' });
  project = Option.String('--project', { description: 'The project module whose profile it is' });
  json = Option.Boolean('--json', false, { description: 'Print the findings as JSON' });

  override async execute(): Promise<number> {
    // Loaded when the command runs, so the CLI starts fast for every other command.
    const { pingProfile } = await import('../../../core/usecases/profiles/pingProfile.js');
    const { chooseBackends } = await import('../../shared/backends.js');
    const { TYPES } = await import('../../shared/composition.js');
    const { openRuntime } = await import('../../shared/runtime.js');
    let rt: Runtime | undefined;
    try {
      rt = await openRuntime('cli');
      const real = chooseBackends(
        { ...rt.config, SERVICE_USE_REAL_BACKENDS: true },
        { now: () => new Date() },
      );
      const r = await pingProfile(
        {
          profiles: rt.container.get<ProfileRepository>(TYPES.Profiles),
          translator: real.translator,
          backends: real.backends,
        },
        this.name,
        this.project ?? null,
      );
      if (!r.found) {
        this.context.stderr.write(`surveyor: ${r.message}\n`);
        return exitCodes.failure;
      }
      const { id, name, deployment, version } = r.profile;
      return printPing(this.context, rt.secrets, this.json, {
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

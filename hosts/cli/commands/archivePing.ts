import { Command, Option } from 'clipanion';
import type { Runtime } from '../../composition/runtime.js';
import { printPing } from '../checks.js';
import { exitCodes } from '../exitCodes.js';
import { reportFailure } from '../failures.js';

export class ArchivePingCommand extends Command {
  static override paths = [['archive', 'ping']];
  static override usage = Command.Usage({
    description:
      "Check from this machine that a project's archive answers, takes the account and has the tables",
    details: `
      Run it where the workers run: it uses the real TAP client (whatever SERVICE_USE_REAL_BACKENDS
      says), with the archive settings of the project's active configuration, and changes nothing.

      Checks: the service answers (GET <url>/availability); which way it asks to be signed in to
      (the WWW-Authenticate schemes its login_check_url, else <url>/capabilities, answers a
      request without credentials: HTTP Basic, or the IVOA's ivoa_cookie, ivoa_x509 or
      ivoa_bearer; surveyor signs in with HTTP Basic, and no credential is printed); for an archive with
      \`auth: archive_credentials\`, that ARCHIVE_USERNAME and ARCHIVE_PASSWORD_FILE are set and,
      when the archive names a login_check_url, that it accepts them there; and that every table
      the configuration's queries read from this archive (after FROM and JOIN) is listed in its
      TAP_SCHEMA.tables.

      Exit 0 when every check passes, 1 when one fails or there is no such project or archive.
    `,
    examples: [
      ['The survey archive', 'surveyor archive ping casda --project wallaby_hires'],
      ['As JSON', 'surveyor archive ping vizier --project wallaby_hires --json'],
    ],
  });

  name = Option.String({ required: true, name: 'NAME' });
  project = Option.String('--project', {
    required: true,
    description: 'The project module whose archive it is',
  });
  json = Option.Boolean('--json', false, { description: 'Print the findings as JSON' });

  override async execute(): Promise<number> {
    // Loaded when the command runs, so the CLI starts fast for every other command.
    const { chooseBackends } = await import('../../composition/backends.js');
    const { appOf } = await import('../../composition/composition.js');
    const { openRuntime } = await import('../../composition/runtime.js');
    let rt: Runtime | undefined;
    try {
      rt = await openRuntime('cli', { logToStderr: true });
      const real = chooseBackends(
        { ...rt.config, SERVICE_USE_REAL_BACKENDS: true, SERVICE_MOCK_PARTS: [] },
        { now: () => new Date() },
      );
      const r = await appOf(rt.container).pingArchive(real.archive, this.project, this.name);
      if (!r.found) {
        this.context.stderr.write(`surveyor: ${r.message}\n`);
        return exitCodes.failure;
      }
      return printPing(this.context, rt.secrets, this.json, {
        title: `archive ${this.name} of ${this.project} (${r.url})`,
        json: {
          archive: this.name,
          project: this.project,
          url: r.url,
          tables: r.tables,
          ok: r.ok,
          checks: r.checks,
        },
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

import { Command, Option } from 'clipanion';
import { registerSecrets } from '../../composition/secrets.js';
import { redactString, SecretRegistry } from '../../../core/redaction.js';
import { loadConfig } from '../../composition/loadConfig.js';
import { exitCodes } from '../exitCodes.js';
import { reportFailure } from '../failures.js';

export class SecurityCheckCommand extends Command {
  static override paths = [['security', 'check']];
  static override usage = Command.Usage({
    description: 'Check the SSH credentials and host-key trust against the production rules',
    // A list item is one line here: clipanion ends an item at its line's end.
    details: `
      Run it where the workers run, with their environment, before starting in production. It
      applies the production rules whatever SERVICE_ENV says:

      - BATCH_SSH_PRIVATE_KEY_FILE is set (no inline BATCH_SSH_PRIVATE_KEY), is not a symbolic link, is readable by its owner only, and holds a private key that parses (with the passphrase from BATCH_SSH_PRIVATE_KEY_PASSPHRASE_FILE when set; that file is held to the same rules);
      - BATCH_SSH_KNOWN_HOSTS_SOURCE names a non-empty known_hosts file without hashed entries;
      - every batch_remote profile's login_node and ssh_port has a plain entry there (bracketed [host]:port for ports other than 22), and the key that host presents matches it.

      The last check opens a connection to each login node and drops it right after the key
      exchange, before logging in; --offline skips it. Nothing is changed anywhere. Every
      failure is reported; the exit status is 0 when all checks pass and 1 otherwise.
    `,
    examples: [
      ['Check before a production start', 'surveyor security check'],
      ['Without any network connection, as JSON', 'surveyor security check --offline --json'],
    ],
  });

  offline = Option.Boolean('--offline', false, { description: 'Do not contact the login nodes' });
  json = Option.Boolean('--json', false, { description: 'Print the findings as JSON' });

  override async execute(): Promise<number> {
    // Loaded when the command runs, so the CLI starts fast for every other command.
    const { securityCheck } = await import('../../composition/securityCheck.js');
    const secrets = new SecretRegistry();
    try {
      const config = loadConfig();
      registerSecrets(config, secrets);
      const { ok, findings: all } = await securityCheck(config, this.offline);
      const out = (s: string) => this.context.stdout.write(`${redactString(s, secrets)}\n`);
      if (this.json) out(JSON.stringify({ ok, rules: 'production', findings: all }));
      else {
        out('SSH security check (production rules)');
        for (const f of all) out(`  ${f.ok ? 'ok  ' : 'FAIL'} ${f.check}: ${f.detail}`);
        out(ok ? 'every check passed' : `${all.filter((f) => !f.ok).length} check(s) failed`);
      }
      return ok ? exitCodes.ok : exitCodes.failure;
    } catch (err) {
      return reportFailure(err, this.context.stderr, secrets);
    }
  }
}

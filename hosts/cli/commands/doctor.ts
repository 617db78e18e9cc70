import { Command, Option } from 'clipanion';
import { redactString, SecretRegistry } from '../../../core/redaction.js';
import { type DoctorFinding, fail, findingLines } from '../doctor/finding.js';
import { diskCheck, jwtSecretCheck, nodeCheck } from '../doctor/localChecks.js';
import { exitCodes } from '../exitCodes.js';
import { ConfigError, loadConfig } from '../../composition/loadConfig.js';
import { registerSecrets } from '../../composition/secrets.js';

export class DoctorCommand extends Command {
  static override paths = [['doctor']];
  static override usage = Command.Usage({
    description: 'Check that this machine and its configuration can run surveyor',
    details: `
      One line per check, ok or FAIL, with a hint for each failure: the Node.js version, the
      configuration, the JWT secret's strength, free disk space for SERVICE_DATA_DIR, the
      database (reachable, schema current, clock within 5 s of its clock), and, as the service
      would use them, the translator and backend of every deployment profile, the SSH
      credentials (the gates of \`surveyor security check\`) and every archive of the active
      project configurations. Mock parts pass in development and fail in production.

      Reads only: nothing is created or submitted anywhere. (An embedded PostgreSQL is started for
      the check and stopped after, unless another process runs it; in development the JWT secret
      is generated into SERVICE_DATA_DIR as at a first start.) Each outbound check gives up
      after 15 s. Exit 0 when every check passes, 1 otherwise.
    `,
    examples: [
      ['Check before the first start', 'surveyor doctor'],
      ['As JSON, for a script', 'surveyor doctor --json'],
    ],
  });

  json = Option.Boolean('--json', false, { description: 'Print the findings as JSON' });

  override async execute(): Promise<number> {
    const secrets = new SecretRegistry();
    const findings: DoctorFinding[] = [nodeCheck()];
    try {
      const config = loadConfig();
      registerSecrets(config, secrets);
      findings.push(
        { check: 'configuration', ok: true, detail: `valid (${config.SERVICE_ENV})` },
        jwtSecretCheck(config),
        diskCheck(config),
      );
      // Loaded only now: the database, SSH and HTTP clients (the CLI starts fast without them).
      const { serviceChecks } = await import('../doctor/serviceChecks.js');
      findings.push(...(await serviceChecks()));
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      findings.push(
        fail(
          'configuration',
          err.problems.map((p) => `${p.variable}: ${p.message}`).join('; '),
          'see the table of variables in docs/configuration.md; nothing else is checked until it is valid',
        ),
      );
    }
    const ok = findings.every((f) => f.ok);
    const lines = this.json ? [JSON.stringify({ ok, checks: findings })] : findingLines(findings);
    for (const line of lines) this.context.stdout.write(`${redactString(line, secrets)}\n`);
    return ok ? exitCodes.ok : exitCodes.failure;
  }
}

import { redactString, type SecretRegistry } from '../../core/redaction.js';
import { SchemaError } from '../composition/migrations.js';
import { SecurityGateError } from '../composition/securityGateError.js';
import { ConfigError } from '../composition/loadConfig.js';
import { exitCodes } from './exitCodes.js';

/** Prints what went wrong in words an operator can act on, and picks the exit code. */
export const reportFailure = (
  err: unknown,
  stderr: NodeJS.WritableStream,
  secrets?: SecretRegistry,
): number => {
  const say = (s: string) => stderr.write(`${redactString(s, secrets)}\n`);
  if (err instanceof ConfigError) {
    say('surveyor: the configuration is not valid:');
    for (const p of err.problems) say(`  ${p.variable}: ${p.message}`);
    say('See the table of variables in docs/configuration.md.');
    return exitCodes.usage;
  }
  if (err instanceof SecurityGateError) {
    say('surveyor: production refuses the real backends while the SSH security checks fail:');
    for (const f of err.findings.filter((x) => !x.ok)) say(`  ${f.check}: ${f.detail}`);
    say('Run `surveyor security check` for the full report.');
    return exitCodes.security;
  }
  if (err instanceof SchemaError) {
    say(`surveyor: ${err.message}`);
    say(`  what to do: ${err.hint}`);
    return exitCodes.schema;
  }
  const e = err as { code?: string; message?: string };
  if (e.code === 'ECONNREFUSED') {
    say(`surveyor: cannot reach the database (${e.message}); is it running, and is DATABASE_URL right?`);
    return exitCodes.failure;
  }
  say(`surveyor: ${e.message ?? String(err)}`);
  return exitCodes.failure;
};

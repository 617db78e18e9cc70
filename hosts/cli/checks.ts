import type { PingCheck } from '../../core/ports/PingCheck.js';
import { redactString, type SecretRegistry } from '../../core/redaction.js';
import { exitCodes } from './exitCodes.js';

/** The lines of a ping's findings for people: a title, one line per check, a verdict. */
export const checkLines = (title: string, checks: readonly PingCheck[], ok: boolean): string[] => [
  title,
  ...checks.map((c) => `  ${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.detail}`),
  ok ? 'every check passed' : 'some checks failed',
];

/**
 * Prints a ping's findings (JSON or lines, redacted) and gives the exit code: 0 when every check
 * passed, 1 otherwise.
 */
export const printPing = (
  io: { readonly stdout: NodeJS.WritableStream },
  secrets: SecretRegistry | undefined,
  json: boolean,
  finding: {
    readonly title: string;
    readonly json: object;
    readonly checks: readonly PingCheck[];
    readonly ok: boolean;
  },
): number => {
  const lines = json ? [JSON.stringify(finding.json)] : checkLines(finding.title, finding.checks, finding.ok);
  for (const line of lines) io.stdout.write(`${redactString(line, secrets)}\n`);
  return finding.ok ? exitCodes.ok : exitCodes.failure;
};

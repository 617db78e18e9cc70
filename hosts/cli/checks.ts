import type { PingCheck } from '../../core/ports/DeploymentBackend.js';

/** The lines of a ping's findings for people: a title, one line per check, a verdict. */
export const checkLines = (title: string, checks: readonly PingCheck[], ok: boolean): string[] => [
  title,
  ...checks.map((c) => `  ${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.detail}`),
  ok ? 'every check passed' : 'some checks failed',
];

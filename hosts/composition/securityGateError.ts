import type { SecurityFinding } from '../../core/ports/SshTrust.js';

/** Production refuses the real backends while the SSH security checks fail (SPEC "Errors" 1). */
export class SecurityGateError extends Error {
  constructor(readonly findings: readonly SecurityFinding[]) {
    super(
      `production refuses the real backends while the SSH security checks fail: ${findings
        .filter((f) => !f.ok)
        .map((f) => f.detail)
        .join('; ')}`,
    );
    this.name = 'SecurityGateError';
  }
}

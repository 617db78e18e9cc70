/** One line of `surveyor doctor`: what was checked, whether it passed, and what to do if not. */
export interface DoctorFinding {
  readonly check: string;
  readonly ok: boolean;
  readonly detail: string;
  readonly hint?: string;
}

export const pass = (check: string, detail: string): DoctorFinding => ({ check, ok: true, detail });
export const fail = (check: string, detail: string, hint: string): DoctorFinding => ({
  check,
  ok: false,
  detail,
  hint,
});

/** The lines for a person: `ok` or `FAIL`, the check, its detail, and the hint on a failure. */
export const findingLines = (findings: readonly DoctorFinding[]): string[] => [
  ...findings.map(
    (f) =>
      `${f.ok ? 'ok  ' : 'FAIL'} ${f.check}: ${f.detail}${f.ok || !f.hint ? '' : `\n       hint: ${f.hint}`}`,
  ),
  findings.every((f) => f.ok)
    ? `all ${findings.length} checks passed`
    : `${findings.filter((f) => !f.ok).length} of ${findings.length} checks failed`,
];

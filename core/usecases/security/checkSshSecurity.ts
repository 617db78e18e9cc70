import type { DeploymentProfile } from '../../domain/profile.js';
import type { SecurityFinding, SshTrust } from '../../ports/SshTrust.js';

export interface SshSecurityReport {
  readonly ok: boolean;
  readonly findings: readonly SecurityFinding[];
}

/**
 * The production rules on the SSH credentials and on every batch_remote profile's login node
 * (`surveyor security check`). Nothing is changed; every failure is a finding, so the operator
 * sees them all at once. Each login node is probed once however many profiles share it.
 */
export const checkSshSecurity = async (
  deps: { readonly trust: SshTrust; readonly batchProfiles: () => Promise<readonly DeploymentProfile[]> },
  opts: { readonly offline: boolean },
): Promise<SshSecurityReport> => {
  const { usable, findings } = deps.trust.credentials();
  const all: SecurityFinding[] = [...findings];
  const profiles = await deps.batchProfiles().catch((err: Error) => {
    all.push({ check: 'profiles', ok: false, detail: `cannot read the deployment profiles: ${err.message}` });
    return null;
  });
  if (profiles?.length === 0)
    all.push({ check: 'profiles', ok: true, detail: 'no batch_remote profile: no login node to check' });
  const seen = new Set<string>();
  for (const p of profiles ?? []) {
    const t = deps.trust.targetOf(p);
    all.push(deps.trust.entry(t.host, t.port, p.name));
    const key = `${t.host}:${t.port}`;
    if (opts.offline || !usable || seen.has(key)) continue;
    seen.add(key);
    all.push(await deps.trust.probe(t.host, t.port));
  }
  return { ok: all.every((f) => f.ok), findings: all };
};

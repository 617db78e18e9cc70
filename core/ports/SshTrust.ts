import type { DeploymentProfile } from '../domain/profile.js';

/** One finding of the SSH security checks (`surveyor security check`, production start, ping). */
export interface SecurityFinding {
  readonly check: string;
  readonly ok: boolean;
  readonly detail: string;
  /**
   * Paths on the service's host that `detail` names: `surveyor security check` (on the host) shows
   * them; a profile ping over the API does not, since operators ask it.
   */
  readonly hostPaths?: readonly string[];
}

/** What the SSH security check asks of the batch backend's SSH layer (adapters/slurm/sshTrust.ts). */
export interface SshTrust {
  /** The production rules on the key, passphrase and known_hosts files; `usable` when a connection could be verified. */
  credentials(): { readonly usable: boolean; readonly findings: readonly SecurityFinding[] };
  /** Where a batch_remote profile logs in. */
  targetOf(profile: DeploymentProfile): { readonly host: string; readonly port: number };
  /** Whether known_hosts holds a plain entry for the login node and port. */
  entry(host: string, port: number, profile: string): SecurityFinding;
  /** Connects, compares the key the host presents with known_hosts, and drops before logging in. */
  probe(host: string, port: number): Promise<SecurityFinding>;
}

import type { DeploymentProfile } from '../../core/domain/profile.js';
import type { SecurityFinding, SshTrust } from '../../core/ports/SshTrust.js';
import { probeHostKey } from './hostKeyProbe.js';
import {
  readSshCredentials,
  type SshCredentials,
  type SshEnvironment,
  targetFinding,
} from './sshCredentials.js';
import { sshTargetOf } from './slurmBackend.js';

/** The SSH security check's view of the credentials files and the login nodes, under the production rules. */
export class ProductionSshTrust implements SshTrust {
  private read: { credentials: SshCredentials | null; findings: SecurityFinding[] } | null = null;

  constructor(
    private readonly env: Omit<SshEnvironment, 'production'>,
    private readonly timeoutMs: number,
  ) {}

  private once() {
    this.read ??= readSshCredentials({ ...this.env, production: true });
    return this.read;
  }

  credentials() {
    const r = this.once();
    return { usable: r.credentials !== null, findings: r.findings };
  }

  targetOf(profile: DeploymentProfile) {
    return sshTargetOf(profile);
  }

  entry(host: string, port: number, profile: string): SecurityFinding {
    return targetFinding(this.once().credentials?.knownHosts ?? null, host, port, profile);
  }

  probe(host: string, port: number): Promise<SecurityFinding> {
    const c = this.once().credentials;
    if (!c)
      return Promise.resolve({ check: `probe ${host}:${port}`, ok: false, detail: 'no usable credentials' });
    return probeHostKey(c.knownHosts, host, port, this.timeoutMs);
  }
}

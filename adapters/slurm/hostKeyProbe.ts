import ssh2 from 'ssh2';
import { hostPattern, type KnownHosts, verifyHostKey } from './knownHosts.js';
import type { SecurityFinding } from './sshCredentials.js';

/**
 * Checks the host key a login node presents against known_hosts, and nothing more: the connection
 * is dropped right after the key exchange, before any authentication (`surveyor security check`).
 */
export const probeHostKey = (
  kh: KnownHosts,
  host: string,
  port: number,
  timeoutMs: number,
): Promise<SecurityFinding> =>
  new Promise((resolve) => {
    const check = `host key ${hostPattern(host, port)}`;
    const c = new ssh2.Client();
    let verdict: SecurityFinding | null = null;
    const done = (f: SecurityFinding) => {
      verdict ??= f;
      c.end();
      resolve(verdict);
    };
    c.on('error', (err) =>
      done({ check, ok: false, detail: `no key exchange with ${hostPattern(host, port)}: ${err.message}` }),
    );
    c.on('close', () =>
      done({
        check,
        ok: false,
        detail: `${hostPattern(host, port)} closed the connection before its key was seen`,
      }),
    );
    c.on('ready', () => done({ check, ok: false, detail: 'unexpected login' }));
    c.connect({
      host,
      port,
      username: 'surveyor-host-key-probe',
      readyTimeout: timeoutMs,
      hostVerifier: (blob: Buffer) => {
        const v = verifyHostKey(kh, host, port, blob);
        verdict = v.ok
          ? { check, ok: true, detail: `the ${v.keyType} key presented matches known_hosts line ${v.line}` }
          : { check, ok: false, detail: v.reason };
        // Refuse in every case: the probe never authenticates.
        return false;
      },
    });
  });

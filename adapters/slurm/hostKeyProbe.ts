import ssh2 from 'ssh2';
import { checkedAddress } from '../shared/outbound.js';
import { hostPattern, type KnownHosts, verifyHostKey } from './knownHosts.js';
import type { SecurityFinding } from './sshCredentials.js';

/**
 * Checks the host key a login node presents against known_hosts, and nothing more: the connection
 * is dropped right after the key exchange, before any authentication (`surveyor security check`).
 * The node must be one the outbound policy allows, as for any connection.
 */
export const probeHostKey = async (
  kh: KnownHosts,
  host: string,
  port: number,
  timeoutMs: number,
): Promise<SecurityFinding> => {
  const check = `host key ${hostPattern(host, port)}`;
  let address: string;
  try {
    address = await checkedAddress(host, port, 'ssh');
  } catch (err) {
    return { check, ok: false, detail: (err as Error).message };
  }
  return exchange(kh, host, address, port, timeoutMs, check);
};

const exchange = (
  kh: KnownHosts,
  host: string,
  address: string,
  port: number,
  timeoutMs: number,
  check: string,
): Promise<SecurityFinding> =>
  new Promise((resolve) => {
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
      host: address,
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

import { lstatSync, readFileSync, type Stats, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import ssh2 from 'ssh2';
import type { SecurityFinding } from '../../core/ports/SshTrust.js';
import { entriesFor, hostPattern, type KnownHosts, parseKnownHosts } from './knownHosts.js';

/** What the SSH transport authenticates and verifies with; read from the worker's environment only. */
export interface SshCredentials {
  readonly privateKey: Buffer;
  readonly passphrase?: string;
  /** Where the key came from (a path, or "BATCH_SSH_PRIVATE_KEY"), for messages. */
  readonly keySource: string;
  readonly knownHosts: KnownHosts;
  readonly knownHostsPath: string;
}

export type { SecurityFinding } from '../../core/ports/SshTrust.js';

/** The finding's detail with the host paths it names left out. */
export const withoutHostPaths = (f: SecurityFinding): string =>
  // Longest first: a home directory is the start of the key file's path.
  [...(f.hostPaths ?? [])]
    .sort((a, b) => b.length - a.length)
    .reduce((d, path) => d.split(path).join("(a file on the service's host)"), f.detail);

export interface SshEnvironment {
  readonly production: boolean;
  readonly keyFile?: string;
  readonly passphraseFile?: string;
  readonly knownHostsFile?: string;
  readonly inlineKey?: string;
  /** Home directory for the development fallbacks (~/.ssh/id_*, ~/.ssh/known_hosts). */
  readonly home?: string;
}

export const sshEnvironment = (c: {
  SERVICE_ENV: 'development' | 'production';
  BATCH_SSH_PRIVATE_KEY_FILE?: string | undefined;
  BATCH_SSH_PRIVATE_KEY_PASSPHRASE_FILE?: string | undefined;
  BATCH_SSH_KNOWN_HOSTS_SOURCE?: string | undefined;
  BATCH_SSH_PRIVATE_KEY?: string | undefined;
}): SshEnvironment => ({
  production: c.SERVICE_ENV === 'production',
  ...(c.BATCH_SSH_PRIVATE_KEY_FILE ? { keyFile: c.BATCH_SSH_PRIVATE_KEY_FILE } : {}),
  ...(c.BATCH_SSH_PRIVATE_KEY_PASSPHRASE_FILE
    ? { passphraseFile: c.BATCH_SSH_PRIVATE_KEY_PASSPHRASE_FILE }
    : {}),
  ...(c.BATCH_SSH_KNOWN_HOSTS_SOURCE ? { knownHostsFile: c.BATCH_SSH_KNOWN_HOSTS_SOURCE } : {}),
  ...(c.BATCH_SSH_PRIVATE_KEY ? { inlineKey: c.BATCH_SSH_PRIVATE_KEY } : {}),
});

/** Whether any SSH credential is configured at all (production then holds them to the gates at start). */
export const sshConfigured = (e: SshEnvironment): boolean =>
  Boolean(e.keyFile || e.passphraseFile || e.knownHostsFile || e.inlineKey);

const octal = (mode: number) => (mode & 0o777).toString(8).padStart(4, '0');

const statOf = (path: string, follow: boolean): Stats | string => {
  try {
    return follow ? statSync(path) : lstatSync(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? 'does not exist' : `cannot be read (${code ?? 'error'})`;
  }
};

/** A secret file: no symlink in production, owner-only permissions in production, readable. */
const secretFile = (
  check: string,
  variable: string,
  path: string,
  production: boolean,
  findings: SecurityFinding[],
): Buffer | null => {
  const link = statOf(path, false);
  if (typeof link === 'string') {
    findings.push({ check, ok: false, detail: `${variable}=${path} ${link}` });
    return null;
  }
  if (link.isSymbolicLink() && production) {
    findings.push({
      check,
      ok: false,
      detail: `${variable}=${path} is a symbolic link: production needs the real file's path (a link can be redirected)`,
    });
    return null;
  }
  const st = link.isSymbolicLink() ? statOf(path, true) : link;
  if (typeof st === 'string' || !st.isFile()) {
    findings.push({ check, ok: false, detail: `${variable}=${path} is not a regular file` });
    return null;
  }
  if (production && (st.mode & 0o077) !== 0) {
    findings.push({
      check,
      ok: false,
      detail: `${variable}=${path} has permissions ${octal(st.mode)}: it must not be readable or writable by group or others (chmod 600)`,
    });
    return null;
  }
  try {
    const data = readFileSync(path);
    findings.push({
      check,
      ok: true,
      detail: `${variable}=${path} (permissions ${octal(st.mode)}${link.isSymbolicLink() ? ', a symbolic link: development only' : ''})`,
    });
    return data;
  } catch (err) {
    findings.push({
      check,
      ok: false,
      detail: `${variable}=${path} cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
    });
    return null;
  }
};

const firstExisting = (paths: string[]): string | undefined =>
  paths.find((p) => {
    try {
      return statSync(p).isFile();
    } catch {
      return false;
    }
  });

/**
 * Reads and checks the SSH credentials (SPEC "Authentication"). Production refuses an inline key,
 * a missing key file, a symlinked key path, a key file (or passphrase file) that group or others
 * may read, a missing or empty known_hosts file and hashed known_hosts entries. Development may
 * use BATCH_SSH_PRIVATE_KEY, or ~/.ssh/id_ed25519|id_ecdsa|id_rsa and ~/.ssh/known_hosts.
 * Findings never contain key material or the passphrase.
 */
export const readSshCredentials = (
  env: SshEnvironment,
): { credentials: SshCredentials | null; findings: SecurityFinding[] } => {
  const findings: SecurityFinding[] = [];
  const home = env.home ?? homedir();
  let key: Buffer | null = null;
  let keySource = '';
  if (env.inlineKey) {
    if (env.production)
      findings.push({
        check: 'private key',
        ok: false,
        detail:
          'BATCH_SSH_PRIVATE_KEY (an inline key) is for development only: use BATCH_SSH_PRIVATE_KEY_FILE',
      });
    else {
      key = Buffer.from(env.inlineKey.replace(/\\n/g, '\n'));
      keySource = 'BATCH_SSH_PRIVATE_KEY';
      findings.push({
        check: 'private key',
        ok: true,
        detail: 'BATCH_SSH_PRIVATE_KEY (inline, development only)',
      });
    }
  } else if (env.keyFile) {
    key = secretFile('private key', 'BATCH_SSH_PRIVATE_KEY_FILE', env.keyFile, env.production, findings);
    keySource = env.keyFile;
  } else if (env.production) {
    findings.push({ check: 'private key', ok: false, detail: 'BATCH_SSH_PRIVATE_KEY_FILE is not set' });
  } else {
    const fallback = firstExisting(['id_ed25519', 'id_ecdsa', 'id_rsa'].map((f) => join(home, '.ssh', f)));
    if (fallback) key = secretFile('private key', '(development fallback)', fallback, false, findings);
    else
      findings.push({
        check: 'private key',
        ok: false,
        detail: `BATCH_SSH_PRIVATE_KEY_FILE is not set and there is no ~/.ssh/id_ed25519, id_ecdsa or id_rsa under ${home}`,
      });
    keySource = fallback ?? '';
  }

  let passphrase: string | undefined;
  if (env.passphraseFile) {
    const p = secretFile(
      'passphrase',
      'BATCH_SSH_PRIVATE_KEY_PASSPHRASE_FILE',
      env.passphraseFile,
      env.production,
      findings,
    );
    if (p) passphrase = p.toString('utf8').replace(/\r?\n$/, '');
  }
  if (key) {
    const parsed = ssh2.utils.parseKey(key, passphrase);
    const k = Array.isArray(parsed) ? parsed[0] : parsed;
    if (!k || k instanceof Error)
      findings.push({
        check: 'private key',
        ok: false,
        detail: `the key from ${keySource} cannot be used: ${k instanceof Error ? k.message : 'no key found'}${passphrase === undefined ? ' (BATCH_SSH_PRIVATE_KEY_PASSPHRASE_FILE is not set)' : ''}`,
      });
    else if (!k.isPrivateKey())
      findings.push({
        check: 'private key',
        ok: false,
        detail: `${keySource} holds a public key, not a private one`,
      });
    else findings.push({ check: 'private key', ok: true, detail: `${k.type} key from ${keySource} parses` });
  }

  let knownHosts: KnownHosts | null = null;
  const khPath = env.knownHostsFile ?? (env.production ? undefined : join(home, '.ssh', 'known_hosts'));
  if (!khPath) {
    findings.push({ check: 'known_hosts', ok: false, detail: 'BATCH_SSH_KNOWN_HOSTS_SOURCE is not set' });
  } else {
    const variable = env.knownHostsFile ? 'BATCH_SSH_KNOWN_HOSTS_SOURCE' : '(development fallback)';
    let text: string | null = null;
    try {
      text = readFileSync(khPath, 'utf8');
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      findings.push({
        check: 'known_hosts',
        ok: false,
        detail: `${variable}=${khPath} ${code === 'ENOENT' ? 'does not exist' : `cannot be read (${code ?? 'error'})`}`,
      });
    }
    if (text !== null) {
      const kh = parseKnownHosts(text);
      const hashed = kh.entries.filter((e) => e.hashed);
      if (kh.entries.length === 0)
        findings.push({ check: 'known_hosts', ok: false, detail: `${variable}=${khPath} has no entries` });
      else if (hashed.length > 0 && env.production)
        findings.push({
          check: 'known_hosts',
          ok: false,
          detail: `${variable}=${khPath} has hashed entries (line ${hashed.map((e) => e.line).join(', ')}): production needs plain entries, so that what is trusted can be read (ssh-keyscan without -H)`,
        });
      else {
        knownHosts = kh;
        findings.push({
          check: 'known_hosts',
          ok: true,
          detail: `${variable}=${khPath}: ${kh.entries.length} entr${kh.entries.length === 1 ? 'y' : 'ies'}${hashed.length ? `, ${hashed.length} hashed (ignored)` : ''}${kh.malformed.length ? `, malformed line ${kh.malformed.join(', ')} ignored` : ''}`,
        });
      }
    }
  }
  const ok = findings.every((f) => f.ok);
  // The files a finding names are the host's: a ping over the API leaves them out (withoutHostPaths).
  const paths = [env.keyFile, env.passphraseFile, keySource, khPath, home].filter(
    (p): p is string => p?.startsWith('/') === true,
  );
  const named = (f: SecurityFinding): SecurityFinding => {
    const hostPaths = paths.filter((p) => f.detail.includes(p));
    return hostPaths.length > 0 ? { ...f, hostPaths } : f;
  };
  return {
    credentials:
      ok && key && knownHosts && khPath
        ? {
            privateKey: key,
            ...(passphrase !== undefined ? { passphrase } : {}),
            keySource,
            knownHosts,
            knownHostsPath: khPath,
          }
        : null,
    findings: findings.map(named),
  };
};

/** Whether known_hosts names this login node and port (the key itself is checked when connecting). */
export const targetFinding = (
  kh: KnownHosts | null,
  host: string,
  port: number,
  profile: string,
): SecurityFinding => {
  const pattern = hostPattern(host, port);
  if (!kh)
    return { check: `host ${pattern}`, ok: false, detail: `profile ${profile}: no usable known_hosts` };
  const n = entriesFor(kh, host, port).length;
  return n > 0
    ? {
        check: `host ${pattern}`,
        ok: true,
        detail: `profile ${profile}: ${n} known_hosts entr${n === 1 ? 'y' : 'ies'}`,
      }
    : {
        check: `host ${pattern}`,
        ok: false,
        detail: `profile ${profile}: known_hosts has no plain entry for ${pattern}${port !== 22 ? ' (a non-default port needs the bracketed form)' : ''}`,
      };
};

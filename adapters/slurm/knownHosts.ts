/**
 * OpenSSH known_hosts, the plain form only: `host[,host...] keytype base64key [comment]`, with
 * `[host]:port` for ports other than 22. Hashed entries (`|1|salt|hash`) are recognised so that
 * production can refuse them (SPEC "Authentication"); `@revoked` lines revoke a key everywhere.
 */
export interface KnownHostEntry {
  readonly line: number;
  readonly patterns: readonly string[];
  readonly keyType: string;
  /** The key blob, base64 as written. */
  readonly key: string;
  readonly hashed: boolean;
  readonly marker: '@revoked' | '@cert-authority' | null;
}

export interface KnownHosts {
  readonly entries: readonly KnownHostEntry[];
  readonly malformed: readonly number[];
}

export const parseKnownHosts = (text: string): KnownHosts => {
  const entries: KnownHostEntry[] = [];
  const malformed: number[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    let fields = line.split(/\s+/);
    let marker: KnownHostEntry['marker'] = null;
    if (fields[0] === '@revoked' || fields[0] === '@cert-authority') {
      marker = fields[0];
      fields = fields.slice(1);
    }
    const [hosts, keyType, key] = fields;
    if (!hosts || !keyType || !key || !/^[A-Za-z0-9+/]+=*$/.test(key)) {
      malformed.push(i + 1);
      return;
    }
    entries.push({
      line: i + 1,
      patterns: hosts.split(','),
      keyType,
      key,
      hashed: hosts.startsWith('|1|'),
      marker,
    });
  });
  return { entries, malformed };
};

/** How a host is written in known_hosts for a port: bare for 22, bracketed otherwise. */
export const hostPattern = (host: string, port: number): string =>
  port === 22 ? host.toLowerCase() : `[${host.toLowerCase()}]:${port}`;

/** The plain entries for this host and port (wildcards and negations are not honoured: exact names only). */
export const entriesFor = (kh: KnownHosts, host: string, port: number): KnownHostEntry[] => {
  const want = hostPattern(host, port);
  return kh.entries.filter(
    (e) => !e.hashed && e.marker === null && e.patterns.some((p) => p.toLowerCase() === want),
  );
};

export type HostKeyVerdict =
  | { readonly ok: true; readonly keyType: string; readonly line: number }
  | { readonly ok: false; readonly reason: string };

/** Whether a host key blob the server presented is trusted for this host and port. */
export const verifyHostKey = (kh: KnownHosts, host: string, port: number, blob: Buffer): HostKeyVerdict => {
  const b64 = blob.toString('base64');
  if (kh.entries.some((e) => e.marker === '@revoked' && e.key === b64))
    return {
      ok: false,
      reason: `the host key of ${hostPattern(host, port)} is marked @revoked in known_hosts`,
    };
  const candidates = entriesFor(kh, host, port);
  if (candidates.length === 0)
    return {
      ok: false,
      reason: `known_hosts has no plain entry for ${hostPattern(host, port)} (add the line that \`ssh-keyscan${port === 22 ? '' : ` -p ${port}`} ${host}\` prints, after checking its fingerprint)`,
    };
  const match = candidates.find((e) => e.key === b64);
  if (match) return { ok: true, keyType: match.keyType, line: match.line };
  return {
    ok: false,
    reason: `the host key presented by ${hostPattern(host, port)} matches none of the ${candidates.length} known_hosts entr${candidates.length === 1 ? 'y' : 'ies'} for it (line ${candidates.map((c) => c.line).join(', ')}): refusing to connect`,
  };
};

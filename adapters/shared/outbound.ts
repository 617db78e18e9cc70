import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { BlockList, isIP } from 'node:net';

/**
 * Where the service's own connections may go (translators, island managers, graph URLs, archives,
 * alert webhooks and SMTP servers, batch login nodes), as the admin says: SERVICE_OUTBOUND_HOSTS
 * lists the hosts (exact names or IP addresses, or `*.domain` for any name below it), each with its
 * ports: `host:8001` that port, `host:*` any, a bare `host` its service's standard ports only (80
 * and 443 for HTTP, 22 for SSH, 25, 465 and 587 for SMTP), so an allowed host's other ports cannot
 * be probed. Unset, any public host on any port. Loopback, private, link-local and other special
 * addresses (and IPv6 forms that carry one: IPv4-mapped and -compatible, NAT64, 6to4) are refused
 * unless the host is listed by name or address or SERVICE_OUTBOUND_ALLOW_PRIVATE is true, and a name
 * is checked again on the addresses it resolves to, at connect time, so DNS cannot point an allowed
 * name at an internal address.
 */
export interface OutboundPolicy {
  readonly hosts: readonly string[] | null;
  readonly allowPrivate: boolean;
}

/** The standard ports of each kind of peer: what a bare listed host allows. */
export const standardPorts = {
  web: [80, 443],
  ssh: [22],
  smtp: [25, 465, 587],
} as const;
export type PeerService = keyof typeof standardPorts;

export class OutboundRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboundRefused';
  }
}

// Two lists: Node's BlockList matches an IPv4 address against IPv6 rules as IPv4-mapped
// (::ffff:a.b.c.d), so one list holding ::ffff:0:0/96 took every IPv4 address for special.
const specialV4 = new BlockList();
const specialV6 = new BlockList();
const v4Subnets: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
for (const [net, bits] of v4Subnets) specialV4.addSubnet(net, bits, 'ipv4');
// IPv4-mapped and the other forms that carry an IPv4 address are judged by it (embeddedIpv4).
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  // NAT64's local-use prefix and Teredo: where they lead is not written in the address.
  ['64:ff9b:1::', 48],
  ['2001::', 32],
] as const)
  specialV6.addSubnet(net, bits, 'ipv6');

/** The 16-bit groups of an IPv6 address (isIP says it is one). */
const groupsOf = (address: string): number[] => {
  let text = address.toLowerCase();
  // A dotted IPv4 tail (::127.0.0.1) is two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const part = (x: string | undefined) => (x ? x.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const h = part(head);
  const t = part(tail ?? undefined);
  return tail === null ? h : [...h, ...new Array<number>(8 - h.length - t.length).fill(0), ...t];
};

const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/**
 * The IPv4 address an IPv6 one carries, where a router would reach it: IPv4-compatible (::/96),
 * IPv4-mapped (::ffff:0:0/96), NAT64's well-known prefix (64:ff9b::/96) and 6to4 (2002::/16).
 */
const embeddedIpv4 = (address: string): string | null => {
  const g = groupsOf(address);
  if (g.length !== 8) return null;
  const zeros = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeros(5) && (g[5] === 0 || g[5] === 0xffff)) return v4(g[6]!, g[7]!);
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return v4(g[6]!, g[7]!);
  if (g[0] === 0x2002) return v4(g[1]!, g[2]!);
  return null;
};

/** Loopback, private, link-local, multicast and other addresses that are not the public internet. */
export const isSpecialAddress = (address: string): boolean => {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 4) return specialV4.check(address, 'ipv4');
  const carried = embeddedIpv4(address);
  if (carried !== null) return specialV4.check(carried, 'ipv4');
  return specialV6.check(address, 'ipv6');
};

const bare = (host: string) => host.replace(/^\[|\]$/g, '').toLowerCase();

/** One SERVICE_OUTBOUND_HOSTS entry: a host (or `*.domain`) and its ports (null: the standard ones). */
interface Entry {
  readonly host: string;
  readonly ports: readonly number[] | '*' | null;
}

const entryOf = (raw: string): Entry => {
  const text = raw.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::(\d+|\*))?$/.exec(text);
  if (bracketed) return portsOf(bracketed[1]!, bracketed[2]);
  // An address with colons and no brackets is IPv6 without a port.
  if (isIP(text) === 6) return { host: text, ports: null };
  const m = /^(.*?)(?::(\d+|\*))?$/.exec(text)!;
  return portsOf(m[1]!, m[2]);
};
const portsOf = (host: string, port: string | undefined): Entry => ({
  host,
  ports: port === undefined ? null : port === '*' ? '*' : [Number(port)],
});

const entries = new WeakMap<readonly string[], readonly Entry[]>();
const entriesOf = (policy: OutboundPolicy): readonly Entry[] => {
  if (policy.hosts === null) return [];
  const kept = entries.get(policy.hosts);
  if (kept) return kept;
  const made = policy.hosts.map(entryOf);
  entries.set(policy.hosts, made);
  return made;
};

const matches = (e: Entry, host: string): boolean =>
  e.host.startsWith('*.')
    ? host.endsWith(e.host.slice(1)) && host.length > e.host.length - 1
    : e.host === host;

/** Whether the admin named this host (on any port): it may then be a loopback or private address. */
const named = (policy: OutboundPolicy, host: string): boolean =>
  entriesOf(policy).some((e) => matches(e, host));

/** Why a host and port may not be reached, or null when they may (the address check follows at connect time). */
export const hostRefusal = (
  policy: OutboundPolicy,
  rawHost: string,
  port: number,
  service: PeerService,
): string | null => {
  const host = bare(rawHost);
  const listedHost = named(policy, host);
  if (policy.hosts !== null) {
    if (!listedHost)
      return `${host} is not in SERVICE_OUTBOUND_HOSTS (the hosts an admin allows the service to reach)`;
    const standard: readonly number[] = standardPorts[service];
    const portAllowed = entriesOf(policy).some(
      (e) =>
        matches(e, host) &&
        (e.ports === '*' || (e.ports === null ? standard.includes(port) : e.ports.includes(port))),
    );
    if (!portAllowed)
      return `port ${port} of ${host} is not in SERVICE_OUTBOUND_HOSTS (a host listed alone allows its standard ports, ${standard.join(', ')}; list ${host.includes(':') ? `[${host}]` : host}:${port}, or :* for any)`;
  }
  if (isIP(host) !== 0 && isSpecialAddress(host) && !listedHost && !policy.allowPrivate)
    return `${host} is a loopback, private or link-local address; list it in SERVICE_OUTBOUND_HOSTS (or set SERVICE_OUTBOUND_ALLOW_PRIVATE=true) to reach it`;
  return null;
};

/** Whether an error (as fetch libraries wrap it) is the policy's refusal. */
export const isOutboundRefusal = (err: unknown): boolean =>
  err instanceof OutboundRefused || /outbound request refused/.test(String((err as Error)?.message));

/** The port a URL reaches (its own, or its scheme's). */
export const portOf = (u: URL): number => (u.port ? Number(u.port) : u.protocol === 'https:' ? 443 : 80);

/** Throws OutboundRefused when the URL's host and port may not be reached. */
export const checkOutbound = (policy: OutboundPolicy, url: string): void => {
  const u = new URL(url);
  const refusal = hostRefusal(policy, u.hostname, portOf(u), 'web');
  if (refusal) throw new OutboundRefused(`outbound request refused: ${refusal}`);
};

/** A DNS lookup that refuses special addresses for names not explicitly allowed. */
const guardedLookup =
  (policy: OutboundPolicy) =>
  (
    hostname: string,
    options: LookupOptions,
    callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const ok = policy.allowPrivate || named(policy, bare(hostname));
      const bad = (addresses as LookupAddress[]).find((a) => isSpecialAddress(a.address));
      if (!ok && bad)
        return callback(
          new OutboundRefused(
            `outbound request refused: ${hostname} resolves to ${bad.address}, a loopback, private or link-local address; list it in SERVICE_OUTBOUND_HOSTS to reach it`,
          ),
          [],
        );
      if (options.all) return callback(null, addresses);
      const first = (addresses as LookupAddress[])[0]!;
      callback(null, first.address, first.family);
    });
  };

/**
 * The address to connect to for a host and port the policy allows (for clients that take an
 * address: SMTP, SSH): refused hosts and ports, and names resolving to internal addresses, throw
 * OutboundRefused.
 */
export const checkedAddress = (host: string, port: number, service: PeerService): Promise<string> => {
  const { policy } = outbound();
  const refusal = hostRefusal(policy, host, port, service);
  if (refusal) return Promise.reject(new OutboundRefused(`outbound request refused: ${refusal}`));
  const bareHost = bare(host);
  if (isIP(bareHost) !== 0) return Promise.resolve(bareHost);
  return new Promise((resolve, reject) =>
    guardedLookup(policy)(bareHost, {}, (err, address) => (err ? reject(err) : resolve(address as string))),
  );
};

/** HTTP(S) agents that apply the policy when they connect (keep-alive, like the default agents). */
export const outboundAgents = (policy: OutboundPolicy) => {
  const lookup = guardedLookup(policy) as never;
  return {
    http: new HttpAgent({ keepAlive: true, lookup }),
    https: new HttpsAgent({ keepAlive: true, lookup }),
    httpsUnverified: new HttpsAgent({ keepAlive: true, lookup, rejectUnauthorized: false }),
  };
};

/** What node-fetch takes as `agent`: the right agent for the URL's scheme. */
export const agentFor =
  (agents: ReturnType<typeof outboundAgents>, verifyTls = true) =>
  (u: URL) =>
    u.protocol === 'http:' ? agents.http : verifyTls ? agents.https : agents.httpsUnverified;

/**
 * The process's policy: set once at start by the composition root from SERVICE_OUTBOUND_HOSTS and
 * SERVICE_OUTBOUND_ALLOW_PRIVATE. Until then it is the strict default (any public host, nothing
 * internal), so a part used on its own fails safe; tests that talk to local servers allow them.
 */
let current: { policy: OutboundPolicy; agents: ReturnType<typeof outboundAgents> } | null = null;
export const setOutboundPolicy = (policy: OutboundPolicy) => {
  current = { policy, agents: outboundAgents(policy) };
};
export const outbound = () => {
  current ??= {
    policy: { hosts: null, allowPrivate: false },
    agents: outboundAgents({ hosts: null, allowPrivate: false }),
  };
  return current;
};

/** The TargetPolicy port on the process's policy: hosts a channel may name, checked when it is written. */
export const outboundTargets = {
  refusal: (host: string, port: number, service: 'web' | 'smtp'): string | null =>
    hostRefusal(outbound().policy, host, port, service),
};

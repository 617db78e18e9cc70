import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { BlockList, isIP } from 'node:net';

/**
 * Where the service's own HTTP requests may go (translators, island managers, graph URLs,
 * archives), as the admin says: SERVICE_OUTBOUND_HOSTS lists the hosts (exact names or IP
 * addresses, or `*.domain` for any name below it); unset, any public host. Loopback, private,
 * link-local and other special addresses are refused unless the host is listed by name or address
 * or SERVICE_OUTBOUND_ALLOW_PRIVATE is true, and a name is checked again on the addresses it
 * resolves to, at connect time, so DNS cannot point an allowed name at an internal address.
 */
export interface OutboundPolicy {
  readonly hosts: readonly string[] | null;
  readonly allowPrivate: boolean;
}

export class OutboundRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboundRefused';
  }
}

const special = new BlockList();
for (const [net, bits] of [
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
] as const)
  special.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  special.addSubnet(net, bits, 'ipv6');

/** Loopback, private, link-local, multicast and other addresses that are not the public internet. */
export const isSpecialAddress = (address: string): boolean => {
  const family = isIP(address);
  if (family === 0) return false;
  return special.check(address, family === 4 ? 'ipv4' : 'ipv6');
};

const bare = (host: string) => host.replace(/^\[|\]$/g, '').toLowerCase();

const listed = (policy: OutboundPolicy, host: string): boolean =>
  (policy.hosts ?? []).some((h) => {
    const p = bare(h);
    return p.startsWith('*.') ? host.endsWith(p.slice(1)) && host.length > p.length - 1 : p === host;
  });

/** Why a host may not be reached, or null when it may (the address check follows at connect time). */
export const hostRefusal = (policy: OutboundPolicy, rawHost: string): string | null => {
  const host = bare(rawHost);
  const named = listed(policy, host);
  if (policy.hosts !== null && !named)
    return `${host} is not in SERVICE_OUTBOUND_HOSTS (the hosts an admin allows the service to reach)`;
  if (isIP(host) !== 0 && isSpecialAddress(host) && !named && !policy.allowPrivate)
    return `${host} is a loopback, private or link-local address; list it in SERVICE_OUTBOUND_HOSTS (or set SERVICE_OUTBOUND_ALLOW_PRIVATE=true) to reach it`;
  return null;
};

/** Whether an error (as fetch libraries wrap it) is the policy's refusal. */
export const isOutboundRefusal = (err: unknown): boolean =>
  err instanceof OutboundRefused || /outbound request refused/.test(String((err as Error)?.message));

/** Throws OutboundRefused when the URL's host may not be reached. */
export const checkOutbound = (policy: OutboundPolicy, url: string): void => {
  const refusal = hostRefusal(policy, new URL(url).hostname);
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
      const ok = policy.allowPrivate || listed(policy, bare(hostname));
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
 * The address to connect to for a host the policy allows (for clients that take an address, such as
 * SMTP): refused hosts and names resolving to internal addresses throw OutboundRefused.
 */
export const checkedAddress = (host: string): Promise<string> => {
  const { policy } = outbound();
  const refusal = hostRefusal(policy, host);
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
  refusal: (host: string): string | null => hostRefusal(outbound().policy, host),
};

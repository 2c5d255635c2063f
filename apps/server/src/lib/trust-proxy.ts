// TRUST_PROXY: which hops in front of the server may name the client's address and scheme (X-Forwarded-For/-Proto).
import { isIP } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';

/** false: no proxy; a number: that many hops nearest the server; a list: proxies by address or CIDR. */
export type TrustProxy = false | number | string[];

/** More hops than any real chain of proxies: a larger number is a typo. */
const MAX_HOPS = 16;
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Reads the variable: false/0/no, true/yes (one hop: the load balancer directly in front), a number of hops, or a
 * comma list of addresses and CIDRs (and proxy-addr's names loopback, linklocal, uniquelocal). null when invalid.
 */
export function parseTrustProxy(value: string): TrustProxy | null {
  const text = value.trim().toLowerCase();
  if (text === 'false' || text === 'no') return false;
  if (text === 'true' || text === 'yes') return 1;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > MAX_HOPS) return null;
    return hops === 0 ? false : hops;
  }
  const list = value.split(',').map((item) => item.trim());
  // proxy-addr also takes shorthand such as `1.5` (1.0.0.5); only the usual notations are meant here.
  if (!list.every((item) => NAMED_RANGES.has(item) || isIP(item.split('/')[0] ?? '') !== 0)) return null;
  try {
    proxyAddr.compile(list);
  } catch {
    return null;
  }
  return list;
}

/**
 * Fastify's `trustProxy`: (address, hop) => whether the hop at that address may name the one before it. The installed
 * Fastify (5.12) no longer counts hops for a number (it trusts nothing, since a count cannot check who the peer is),
 * so hops are counted here. The client is the address the nearest untrusted hop presents; only real addresses are
 * trusted, so a closed socket (no address) or a made-up entry ends the chain.
 */
export function trustProxyOption(setting: TrustProxy): false | ((address: string, hop: number) => boolean) {
  if (setting === false) return false;
  if (typeof setting === 'number') return (address, hop) => hop < setting && isIP(address) !== 0;
  return proxyAddr.compile(setting);
}

/** Whether a listening address is reachable from this machine only. */
function isLoopback(address: string): boolean {
  const host = address.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^(::ffff:)?127\./.test(host);
}

/**
 * The warning due at start when a hop count (`true` is one hop) trusts whatever peer connects to an address others can
 * reach: any client that connects directly names its own address. null when the setting is a list, off, or the server
 * listens on loopback only.
 */
export function trustProxyWarning(setting: TrustProxy, listening: string): string | null {
  if (typeof setting !== 'number' || isLoopback(listening)) return null;
  return (
    `TRUST_PROXY is a hop count (${setting}) while the server listens on ${listening}: any client that reaches it ` +
    'directly can name its own address and escape the per-IP limits. Set TRUST_PROXY to the addresses of the ' +
    'proxies in front (e.g. TRUST_PROXY=10.0.0.0/8,127.0.0.1).'
  );
}

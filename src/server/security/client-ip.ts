import { isIP } from 'node:net';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/**
 * An address in one canonical spelling, or null when it is not an address:
 * brackets, a port and an IPv6 zone are dropped, an IPv4-mapped IPv6 address
 * becomes its IPv4 address, and IPv6 is lower-cased and compressed.
 */
export function normalizeIp(raw: string | null | undefined): string | null {
  let text = raw?.trim() ?? '';
  if (!text || text.length > 64) return null;
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(text);
  if (bracketed) text = bracketed[1]!;
  else if (/^[\d.]+:\d{1,5}$/.test(text)) text = text.slice(0, text.lastIndexOf(':'));
  text = text.replace(/%.*$/, '');
  const family = isIP(text);
  if (family === 4) return text;
  if (family !== 6) return null;
  let canonical: string;
  try {
    canonical = new URL(`http://[${text}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
  // ::ffff:a.b.c.d (spelled ::ffff:xxxx:yyyy once canonical) is an IPv4 client on a dual-stack socket.
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (mapped) {
    const hi = parseInt(mapped[1]!, 16);
    const lo = parseInt(mapped[2]!, 16);
    return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
  }
  return canonical;
}

/** The eight 16-bit groups of a canonical IPv6 address. */
function ipv6Groups(ip: string): number[] {
  const [head = '', tail] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(zeros).fill('0'), ...right].map((g) => parseInt(g, 16));
}

/**
 * The prefixes a per-address limit counts an IPv6 address in, narrowest first,
 * each allowed `factor` times the /64's limit: one connection is commonly given
 * a /64, one home a /56 and one site or hosting customer a /48, so a customer
 * gets at most 16 budgets where counting by /64 alone gave it 256 (a /56) or
 * 65,536 (a /48). The price: neighbours in one /48 share its budget.
 */
const IPV6_TIERS = [
  { bits: 64, factor: 1 },
  { bits: 56, factor: 4 },
  { bits: 48, factor: 16 },
] as const;

/** One bucket of an address for a per-address limit: its key and the multiple of the limit. */
export type AddressTier = { key: string; factor: number };

/**
 * What per-address limits count for an address, one entry per tier: an IPv6
 * address by its /64, /56 and /48 (IPV6_TIERS); any other address alone, in
 * one tier (an IPv4 customer rarely holds more than a few addresses, and
 * neighbours in a /24 are often unrelated).
 */
export function limitedAddresses(ip: string | null): AddressTier[] {
  if (!ip) return [{ key: 'unknown', factor: 1 }];
  if (isIP(ip) !== 6 || ip.includes('.')) return [{ key: ip, factor: 1 }];
  const groups = ipv6Groups(ip);
  return IPV6_TIERS.map(({ bits, factor }) => {
    const kept = groups.slice(0, Math.ceil(bits / 16));
    const spare = kept.length * 16 - bits;
    kept[kept.length - 1]! &= 0xffff << spare;
    return { key: `${kept.map((g) => g.toString(16)).join(':')}::/${bits}`, factor };
  });
}

/** The narrowest tier of limitedAddresses: an IPv6 address's /64, any other address itself. */
export function limitedAddress(ip: string | null): string {
  return limitedAddresses(ip)[0]!.key;
}

/** The address of the direct peer (the socket), as the runtime reports it. */
function peerAddress(c: Context): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    // app.request() in tests has no socket.
    return null;
  }
}

function trustedSet(trustedProxies: readonly string[]) {
  return new Set(trustedProxies.map(normalizeIp).filter((a) => a !== null));
}

/** Whether the direct peer is one of TRUSTED_PROXIES. */
export function peerIsTrustedProxy(c: Context, trustedProxies: readonly string[]): boolean {
  const address = normalizeIp(peerAddress(c));
  return address !== null && trustedSet(trustedProxies).has(address);
}

/**
 * The caller's address. X-Forwarded-For is believed only when the direct peer
 * is a proxy named in TRUSTED_PROXIES, and then only as far as it was written
 * by trusted proxies: each proxy appends the address it received from, so the
 * list is walked from the right and the first address that is not a trusted
 * proxy is the client. Entries further left were written by the client itself.
 */
export function clientIp(c: Context, trustedProxies: readonly string[]): string | null {
  const peer = peerAddress(c);
  const address = normalizeIp(peer);
  if (!address) return peer ? peer.slice(0, 64) : null;
  const trusted = trustedSet(trustedProxies);
  if (!trusted.has(address)) return address;
  const hops = (c.req.header('x-forwarded-for') ?? '').split(',');
  let nearest = address;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = normalizeIp(hops[i]);
    // Something a trusted proxy would not write: the nearest trusted hop answers for it.
    if (!hop) return nearest;
    if (!trusted.has(hop)) return hop;
    nearest = hop;
  }
  return nearest;
}

import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { isLoopbackHost } from '@shared/schemas/audit-sinks';

/**
 * Where a delivery may connect (docs/operations.md#sinks-and-private-addresses): the sink's host
 * is resolved before each connection, every address it resolves to is checked, and the
 * connection goes to the address checked (a `lookup` that answers it), so a name cannot be
 * switched to another address between the check and the connection (DNS rebinding).
 */

export type ResolvedAddress = { address: string; family: number };
/** Resolves a host name to all its addresses (dns.lookup by default; tests pass their own). */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolve: ResolveHost = (hostname) =>
  dnsLookup(hostname, { all: true, verbatim: true });

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

function v4Parts(address: string): number[] | null {
  const parts = address.split('.').map(Number);
  return parts.length === 4 && parts.every((p) => Number.isInteger(p) && p >= 0 && p <= 255)
    ? parts
    : null;
}

/** The IPv4 address an IPv6 one carries (IPv4-mapped, NAT64's well-known prefix), if any. */
function embeddedV4(v6: string): string | null {
  const m = /^(?:::ffff:|64:ff9b::)(.+)$/i.exec(v6);
  if (!m) return null;
  const tail = m[1]!;
  if (tail.includes('.')) return tail;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(tail);
  if (!hex) return null;
  const hi = parseInt(hex[1]!, 16);
  const lo = parseInt(hex[2]!, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** What kind of address a delivery may not reach, or null when it may. */
function refusedKind(address: string): 'loopback' | 'private' | null {
  const v4 = v4Parts(address);
  if (v4) {
    const [a, b] = v4 as [number, number];
    if (a === 127) return 'loopback';
    return a === 0 || // this network, the unspecified address
      a === 10 ||
      (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
      (a === 169 && b === 254) || // link-local: cloud metadata services answer here
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      a >= 224 // multicast, reserved, broadcast
      ? 'private'
      : null;
  }
  const v6 = address.toLowerCase();
  const inner = embeddedV4(v6);
  if (inner) return refusedKind(inner) ?? (v4Parts(inner) ? null : 'private');
  if (v6 === '::1') return 'loopback';
  if (v6 === '::') return 'private';
  // Unique local fc00::/7, link-local fe80::/10, multicast ff00::/8.
  return /^f[cd]/.test(v6) || /^fe[89ab]/.test(v6) || /^ff/.test(v6) ? 'private' : null;
}

/** Why a delivery to this host would be refused (a sentence for the sink's last error). */
export class RefusedAddress extends Error {}

/**
 * The address a delivery to `url` connects to: the host resolved (a literal address as it is),
 * every address it resolves to allowed. Loopback is allowed only when the URL itself names it
 * (localhost, 127.x.y.z, [::1]), as plain http is; private, link-local, multicast and
 * unspecified addresses never. Throws RefusedAddress otherwise.
 */
export async function checkedAddress(url: URL, resolve: ResolveHost): Promise<ResolvedAddress> {
  const host = bare(url.hostname);
  const family = isIP(host);
  const addresses = family ? [{ address: host, family }] : await resolve(host);
  if (addresses.length === 0) throw new RefusedAddress(`${host} resolves to no address`);
  for (const { address } of addresses) {
    const kind = refusedKind(address);
    if (kind === 'private' || (kind === 'loopback' && !isLoopbackHost(url.hostname))) {
      throw new RefusedAddress(
        `${host} resolves to ${address}, a ${kind === 'loopback' ? 'loopback' : 'private or link-local'} address: refused`,
      );
    }
  }
  return addresses[0]!;
}

/** A `lookup` for the connection that answers the address already checked, whatever is asked. */
export function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
}

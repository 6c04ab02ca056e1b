import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/**
 * The caller's address. X-Forwarded-For is believed only when the direct peer
 * is a proxy named in TRUSTED_PROXIES; otherwise anyone could spoof it.
 */
export function clientIp(c: Context, trustedProxies: readonly string[]): string | null {
  let peer: string | null;
  try {
    peer = getConnInfo(c).remote.address ?? null;
  } catch {
    // app.request() in tests has no socket.
    peer = null;
  }
  if (peer && trustedProxies.includes(peer)) {
    const forwarded = c.req.header('x-forwarded-for');
    const first = forwarded?.split(',')[0]?.trim();
    if (first) return first.slice(0, 64);
  }
  return peer;
}

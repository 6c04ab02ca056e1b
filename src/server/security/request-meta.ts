import type { Context } from 'hono';
import type { AppEnv } from '../core/context';
import { clientIp } from './client-ip';
import type { CallerMeta } from '../core/principal-types';

/** The longest user agent kept (on a session, on the audit trail); longer ones are cut. */
export const USER_AGENT_MAX_LENGTH = 512;

export type RequestMeta = CallerMeta & {
  /**
   * Keep the address and user agent off the audit trail (demo mode, where every visitor reads
   * the whole trail: docs/api/audit-trail.md#demo-privacy). Limits and sessions still use them.
   */
  offTrail?: boolean;
};

/**
 * Where a request came from: the client's address (through trusted proxies only) and its user
 * agent, cut once here to USER_AGENT_MAX_LENGTH for every session and audit event that keeps it.
 */
export function requestMeta(c: Context<AppEnv>): RequestMeta {
  const { config } = c.get('deps');
  return {
    ip: clientIp(c, config.trustedProxies),
    userAgent: c.req.header('user-agent')?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
    offTrail: config.demoMode,
  };
}

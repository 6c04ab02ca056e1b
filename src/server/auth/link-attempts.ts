import { AUDIT_EVENTS } from '../audit/event-types';
import { actorOf, recordAggregatedActorRefusal } from '../audit/request-actor';
import type { AppDeps } from '../core/context';
import { addressRules, releaseRateLimit, takeRateLimits } from '../security/rate-limit';
import { SIGN_IN_WINDOW_MS } from './credentials-check';
import type { RequestMeta } from '../security/request-meta';

/** Refusals per address a mailed link's endpoints allow in a sign-in window (15 minutes). */
const LINK_ADDRESS_LIMIT = 10;

export type LinkLimited = { outcome: 'limited'; retryAfterSeconds: number };

/**
 * The attempts at one kind of mailed link (an invitation's, a sign-up's) from each address: 10
 * per 15 minutes, an IPv6 /56 40 and a /48 160 (security/client-ip.ts IPV6_TIERS). An attempt is
 * taken before the link is looked at, so that concurrent guesses cannot all pass a check made
 * before any of them is counted; a link that works gives its attempt back. Past the limit the
 * refusal is on the trail, aggregated under `kind` (anyone may provoke it).
 */
export function linkAttempts(kind: string) {
  const rules = (ip: string | null) =>
    addressRules(ip, (a) => `${kind}:ip:${a}`, {
      limit: LINK_ADDRESS_LIMIT,
      windowMs: SIGN_IN_WINDOW_MS,
    });
  return {
    /** Takes an attempt for the caller's address; the refusal when the address has none left. */
    async take(
      deps: AppDeps,
      meta: RequestMeta,
      step: string,
      at = deps.now(),
    ): Promise<LinkLimited | null> {
      const { states, refused } = await takeRateLimits(deps.db, rules(meta.ip), at);
      if (refused === null) return null;
      const { retryAfterSeconds } = states[refused]!;
      await recordAggregatedActorRefusal(
        deps,
        actorOf(null, meta),
        `${AUDIT_EVENTS.rateLimited}:${kind}`,
        {
          eventType: AUDIT_EVENTS.rateLimited,
          severity: 'high',
          details: { scopes: ['address'], step, retry_after_seconds: retryAfterSeconds },
        },
      );
      return { outcome: 'limited', retryAfterSeconds };
    },
    /** A link that works: its attempt, taken at `at`, does not count against the address. */
    async giveBack(deps: AppDeps, meta: RequestMeta, at: Date) {
      for (const rule of rules(meta.ip)) await releaseRateLimit(deps.db, rule, at);
    },
  };
}

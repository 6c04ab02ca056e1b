import { recordAnonymousRefusal } from '../audit/refusals';
import { AUDIT_EVENTS } from '../audit/event-types';
import { trailMetaOf } from '../audit/request-actor';
import type { AppDeps } from '../core/context';
import type { RequestMeta } from '../security/request-meta';
import { limitedAddress } from '../security/client-ip';
import { consumeRateLimits, type RateLimitRule } from '../security/rate-limit';

/**
 * The token endpoint is outside /api, so the API's limits do not cover it: at most
 * TOKEN_LIMIT.perAddress requests per client address (an IPv6 address by its /64) and
 * TOKEN_LIMIT.perClient per client id a Basic header names, per minute, counted in the API's
 * shared rate-limit store (docs/product/sign-on.md#oidc). A client's sign-ins and refreshes are a
 * few a minute per person; a caller past these is guessing codes or secrets, or stuck in a loop.
 */
export const TOKEN_LIMIT = { perAddress: 60, perClient: 600, windowMs: 60_000 } as const;

/** The client id of an HTTP Basic header (client_secret_basic, form-encoded per RFC 6749 2.3.1). */
function basicClientId(authorization: string | undefined): string | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(authorization?.trim() ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  try {
    return decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' ')).slice(0, 200);
  } catch {
    return null;
  }
}

/**
 * Counts one token request; the seconds to wait when it is over a limit, else null. The body is
 * left to the provider: a public client (its id in the body) is limited by its address. A refusal
 * is audited tallied per address (`oidc.token.rate_limited`), naming the client, never a secret.
 */
export async function tokenRequestRetryAfter(
  deps: Pick<AppDeps, 'db' | 'now'>,
  request: { meta: RequestMeta; authorization: string | undefined },
): Promise<number | null> {
  const now = deps.now();
  const rules: RateLimitRule[] = [
    {
      bucket: `oidc-token:ip:${limitedAddress(request.meta.ip)}`,
      limit: TOKEN_LIMIT.perAddress,
      windowMs: TOKEN_LIMIT.windowMs,
    },
  ];
  const clientId = basicClientId(request.authorization);
  if (clientId) {
    rules.push({
      bucket: `oidc-token:client:${clientId}`,
      limit: TOKEN_LIMIT.perClient,
      windowMs: TOKEN_LIMIT.windowMs,
    });
  }
  const states = await consumeRateLimits(
    deps.db,
    rules.map((rule) => ({ rule, now, cost: 1 })),
  );
  const over = states.filter((s) => !s.allowed);
  if (over.length === 0) return null;
  await recordAnonymousRefusal(deps, 'oidc.token.rate_limited', {
    source: 'server',
    eventType: AUDIT_EVENTS.oidcTokenRefused,
    severity: 'medium',
    ...trailMetaOf(request.meta),
    details: {
      error: 'rate_limited',
      client_id: clientId,
      limited_by: states[0]!.allowed ? 'client' : 'address',
    },
  });
  return Math.max(...over.map((s) => s.retryAfterSeconds));
}

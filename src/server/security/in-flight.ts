import type { MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from '../core/context';
import { errorBody } from '../core/errors';
import { clientIp, limitedAddress } from './client-ip';

/**
 * Requests one address (an IPv6 /64) may have in flight at the API at once, per
 * server process. A browser keeps a handful open (six connections per origin,
 * an event stream, a batch of the audit queue); 16 leaves room for several tabs.
 * docs/reliability.md says what one address can cost the server under it.
 */
export const IN_FLIGHT_PER_ADDRESS = 16;

/** Paths never capped: the health check must answer whoever floods the API. */
const UNCAPPED = new Set(['/api/health']);

/** Per app (its deps): requests in flight by address. */
const inFlight = new WeakMap<AppDeps, Map<string, number>>();

/** How many API requests from the address of `ip` are in flight now. */
export function requestsInFlight(deps: AppDeps, ip: string | null): number {
  return inFlight.get(deps)?.get(limitedAddress(ip)) ?? 0;
}

/**
 * Refuses an API request with 429 (Retry-After: 1) when its address already
 * has IN_FLIGHT_PER_ADDRESS requests in flight, before any other work (no
 * body read, no caller resolved, no database query), so that a burst from one
 * address neither queues behind the database nor delays everyone else's
 * requests. The slot is freed when the handler has answered, whether it
 * answered, threw or its client went away; a streamed body (an export, the
 * live trail) frees it once its first bytes are ready.
 */
export function capInFlight(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const counts = new Map<string, number>();
  inFlight.set(deps, counts);
  return async (c, next) => {
    // A request made in-process (app.request() without a socket, as tests do) has no peer.
    const network = (c.env as { incoming?: unknown } | undefined)?.incoming !== undefined;
    if (!network || UNCAPPED.has(c.req.path)) return next();
    const key = limitedAddress(clientIp(c, deps.config.trustedProxies));
    const held = counts.get(key) ?? 0;
    if (held >= IN_FLIGHT_PER_ADDRESS) {
      c.header('Retry-After', '1');
      c.header('Cache-Control', 'no-store');
      return c.json(
        errorBody(
          'rate_limited',
          'Too many requests at once from your address. Wait for an answer, then try again.',
        ),
        429,
      );
    }
    counts.set(key, held + 1);
    try {
      await next();
    } finally {
      const left = (counts.get(key) ?? 1) - 1;
      if (left > 0) counts.set(key, left);
      else counts.delete(key);
    }
  };
}

import type { MiddlewareHandler } from 'hono';
import { appendAuditEvents } from '../audit/chain/append';
import { trailMetaOf } from '../audit/request-actor';
import type { AppEnv } from '../core/context';
import type { Db, Tx } from '../db/client';
import { ApiError } from '../core/errors';
import type { RequestMeta } from '../security/request-meta';

type AuthEvent = {
  eventType: string;
  severity: string;
  userId: string | null;
  /** The audit session_id: the last 8 characters of the access token. */
  tokenTail?: string | null;
  details: Record<string, unknown>;
};

/** One auth event on the audit trail, from the request's address and user agent, at `now`. */
export async function appendAuthEvent(
  db: Db | Tx,
  meta: RequestMeta,
  now: Date,
  event: AuthEvent,
): Promise<void> {
  await appendAuditEvents(
    db,
    [
      {
        source: 'server',
        eventType: event.eventType,
        severity: event.severity,
        userId: event.userId,
        sessionId: event.tokenTail ?? null,
        ...trailMetaOf(meta),
        details: event.details,
      },
    ],
    now,
  );
}

/**
 * In demo mode the sign-in is the client-side mock of docs/product/sign-in.md#mock-behaviour: the server
 * accounts' operations answer 409 with a code that says so.
 */
export function requireProductionMode(
  message = 'Demo mode is on: sign-in is simulated in the browser. Server accounts sign in when DEMO_MODE=false.',
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.get('deps').config.demoMode) throw new ApiError(409, 'demo_mode', message);
    await next();
  };
}

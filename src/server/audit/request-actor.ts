import type { Context } from 'hono';
import type { RequestMeta } from '../auth/server-sessions';
import type { AppDeps, AppEnv } from '../context';
import { clientIp } from '../security/client-ip';
import type { Principal } from '../security/principal';
import { appendAuditEvents, type AuditInput } from './chain';
import { recordAnonymousRefusal } from './refusals';

export type Actor = Pick<AuditInput, 'userId' | 'sessionId' | 'ipAddress' | 'userAgent'>;

type RefusalEvent = { eventType: string; severity: string; details: Record<string, unknown> };

/** Who did it, from where: the caller's part of a server-written audit event. */
export function requestActor(c: Context<AppEnv>): Actor {
  const { config } = c.get('deps');
  return actorOf(c.get('principal'), {
    ip: clientIp(c, config.trustedProxies),
    userAgent: c.req.header('user-agent')?.slice(0, 512) ?? null,
  });
}

/** The caller's part of a server-written audit event, from its principal and request meta. */
export function actorOf(principal: Principal | null, meta: RequestMeta): Actor {
  return {
    userId: principal?.userId ?? null,
    // docs/product/audit-trail.md#audit-session-id: the session id is the last 8 characters of the access token.
    sessionId: principal?.tokenTail ?? null,
    ipAddress: meta.ip,
    userAgent: meta.userAgent,
  };
}

/**
 * Records a refused action in a transaction of its own: nothing changed, so
 * there is nothing to commit with it, but the refusal is on the record.
 * An anonymous caller's refusal is aggregated (see recordAggregatedRefusal).
 */
export async function recordRefusal(
  c: Context<AppEnv>,
  eventType: string,
  details: Record<string, unknown>,
  severity = 'medium',
): Promise<void> {
  if (!c.get('principal')) {
    return recordAggregatedRefusal(c, eventType, { eventType, severity, details });
  }
  await recordActorRefusal(c.get('deps'), requestActor(c), eventType, details, severity);
}

/** A signed-in caller's refused action, recorded in a transaction of its own. */
export async function recordActorRefusal(
  deps: AppDeps,
  actor: Actor,
  eventType: string,
  details: Record<string, unknown>,
  severity = 'medium',
): Promise<void> {
  const now = deps.now();
  await deps.db.transaction((tx) =>
    appendAuditEvents(tx, [{ source: 'server', eventType, severity, ...actor, details }], now),
  );
}

/**
 * Records a refusal anyone can provoke (no account needed) through the
 * aggregating recorder: counted per kind, address and window, and written as
 * a bounded number of events that carry the count.
 */
export async function recordAggregatedRefusal(
  c: Context<AppEnv>,
  kind: string,
  event: RefusalEvent,
): Promise<void> {
  await recordAggregatedActorRefusal(c.get('deps'), requestActor(c), kind, event);
}

/** recordAggregatedRefusal for a caller described by an Actor rather than a request. */
export async function recordAggregatedActorRefusal(
  deps: AppDeps,
  actor: Actor,
  kind: string,
  event: RefusalEvent,
): Promise<void> {
  await recordAnonymousRefusal(deps, kind, { source: 'server', ...event, ...actor });
}

import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../core/context';
import type { Principal } from '../security/principal';
import { requestMeta, type RequestMeta } from '../security/request-meta';
import type { AuditInput } from './chain/link';
import { recordAccountRefusal, recordAnonymousRefusal } from './refusals';

export type Actor = Pick<AuditInput, 'userId' | 'sessionId' | 'ipAddress' | 'userAgent'>;

type RefusalEvent = { eventType: string; severity: string; details: Record<string, unknown> };

/** Who did it, from where: the caller's part of a server-written audit event. */
export function requestActor(c: Context<AppEnv>): Actor {
  return actorOf(c.get('principal'), requestMeta(c));
}

/**
 * The address and user agent an audit event keeps of a request: none when the request's meta
 * says so (demo mode: every visitor reads the whole trail, docs/api/audit-trail.md#demo-privacy).
 */
export function trailMetaOf(meta: RequestMeta): {
  ipAddress: string | null;
  userAgent: string | null;
} {
  if (meta.offTrail) return { ipAddress: null, userAgent: null };
  return { ipAddress: meta.ip, userAgent: meta.userAgent };
}

/** The caller's part of a server-written audit event, from its principal and request meta. */
export function actorOf(principal: Principal | null, meta: RequestMeta): Actor {
  return {
    userId: principal?.userId ?? null,
    // docs/product/audit-trail.md#audit-session-id: the session id is the last 8 characters of the access token.
    sessionId: principal?.tokenTail ?? null,
    ...trailMetaOf(meta),
  };
}

/**
 * Records a refused action: nothing changed, so there is nothing to commit
 * with it, but the refusal is on the record. Any caller can provoke refusals,
 * so they are aggregated: an anonymous caller's per address (see
 * recordAggregatedRefusal), a signed-in caller's per account (recordActorRefusal).
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

/**
 * A signed-in caller's refused action, aggregated per account, event type and
 * broken rule (`details.rule`) in the refusal windows of audit/refusals.ts: any
 * account can repeat a refused call, and each event costs the chain's lock.
 */
export async function recordActorRefusal(
  deps: AppDeps,
  actor: Actor,
  eventType: string,
  details: Record<string, unknown>,
  severity = 'medium',
): Promise<void> {
  const kind = typeof details.rule === 'string' ? `${eventType}.${details.rule}` : eventType;
  const event = { source: 'server' as const, eventType, severity, ...actor, details };
  const { userId } = actor;
  if (userId) await recordAccountRefusal(deps, kind, { ...event, userId });
  else await recordAnonymousRefusal(deps, kind, event);
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

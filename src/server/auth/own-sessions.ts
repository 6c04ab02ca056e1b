import { and, desc, eq } from 'drizzle-orm';
import { LIMITS } from '@shared/constants';
import { AUDIT_EVENTS } from '../audit/event-types';
import type { AppDeps } from '../core/context';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';
import { conflict, notFound } from '../core/errors';
import type { Principal } from '../security/principal';
import { appendAuthEvent } from './auth-audit';
import { revokeSession, revokeSessionsOf } from './server-sessions';
import { endApplicationSessions } from '../oidc/app-sessions';

import type { RequestMeta } from '../security/request-meta';

/**
 * The sessions a person controls: their own password sessions. A demo token
 * stands for a shared account: a visitor reaches only its own token's session.
 */
function ownedBy(principal: Principal) {
  return principal.sessionKind === 'demo'
    ? eq(sessions.id, principal.sessionId)
    : and(eq(sessions.userId, principal.userId), eq(sessions.kind, 'password'));
}

/** The caller's own sessions, newest first, at most LIMITS.sessionsListed. */
export async function listOwnSessions(db: Db, principal: Principal, now: Date) {
  const rows = await db
    .select()
    .from(sessions)
    .where(ownedBy(principal))
    .orderBy(desc(sessions.createdAt), desc(sessions.id))
    .limit(LIMITS.sessionsListed);
  return rows.map((s) => ({
    id: s.id,
    session_token_hash: s.sessionTokenHash.slice(0, LIMITS.tokenHashShown),
    ip_address: s.ipAddress,
    is_active: s.isActive && !s.revokedAt && (!s.expiresAt || s.expiresAt > now),
    created_at: s.createdAt.toISOString(),
    kind: s.kind,
    current: s.id === principal.sessionId,
  }));
}

/**
 * Ends one of the caller's other sessions; the one in use ends by signing out.
 * The revocation and its audit record commit together.
 */
export async function endOwnSession(
  deps: AppDeps,
  principal: Principal,
  id: string,
  meta: RequestMeta,
): Promise<void> {
  const [row] = await deps.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, id), ownedBy(principal)));
  if (!row) throw notFound('No session of yours has this id');
  if (id === principal.sessionId) {
    throw conflict('This is the session you are using: sign out to end it');
  }
  await deps.db.transaction(async (tx) => {
    if (!(await revokeSession(tx, id, deps.now()))) {
      throw conflict('This session has already ended');
    }
    await appendAuthEvent(tx, meta, deps.now(), {
      eventType: AUDIT_EVENTS.sessionRevoked,
      severity: 'medium',
      userId: principal.userId,
      tokenTail: principal.tokenTail,
      details: { session_id: id },
    });
  });
  await endApplicationSessions(deps, principal.userId, 'session_ended');
}

/** Ends every session of the caller's except the one in use. Returns how many ended. */
export async function endOtherSessions(
  deps: AppDeps,
  principal: Principal,
  meta: RequestMeta,
): Promise<number> {
  // The demo administrator is shared by every visitor: a demo session has no "others".
  if (principal.sessionKind === 'demo') return 0;
  const ended = await deps.db.transaction(async (tx) => {
    const count = await revokeSessionsOf(tx, principal.userId, deps.now(), principal.sessionId);
    await appendAuthEvent(tx, meta, deps.now(), {
      eventType: AUDIT_EVENTS.otherSessionsRevoked,
      severity: 'medium',
      userId: principal.userId,
      tokenTail: principal.tokenTail,
      details: { revoked: count },
    });
    return count;
  });
  await endApplicationSessions(deps, principal.userId, 'session_ended');
  return ended;
}

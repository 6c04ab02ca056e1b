import { eq } from 'drizzle-orm';
import { OIDC_SCOPE_NAMES, type ConnectedApplication } from '@shared/schemas/oidc';
import { appendAuditEvents } from '../audit/chain/append';
import { AUDIT_EVENTS } from '../audit/event-types';
import { actorOf } from '../audit/request-actor';
import { OIDC_EVENT_SEVERITY } from '../audit/severity';
import { ApiError } from '../core/errors';
import type { AppDeps } from '../core/context';
import { applications } from '../db/schema';
import type { Principal } from '../security/principal';
import type { RequestMeta } from '../security/request-meta';
import { endApplicationSessions } from './app-sessions';
import { consentsOf, withdrawConsent } from './consent';

const order = (scope: string) => (OIDC_SCOPE_NAMES as readonly string[]).indexOf(scope);

/**
 * The applications a person has allowed to receive their details, as they see them on their
 * account's security page (docs/product/sign-on.md#oidc-connected-applications).
 */
export async function connectedApplications(
  deps: AppDeps,
  principal: Principal,
): Promise<ConnectedApplication[]> {
  const rows = await consentsOf(deps.db, principal.userId);
  return rows.map((row) => ({
    app_id: row.appId,
    app_name: row.appName,
    app_url: row.appUrl,
    scopes: [...row.scopes].sort((a, b) => order(a) - order(b)),
    allowed_at: row.grantedAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}

/**
 * The person takes back what they allowed one application: the consent is forgotten (the next
 * sign-in asks again), and their sign-ins to it end now, in every console session, with a
 * back-channel logout to the application; audited.
 */
export async function removeApplicationAccess(
  deps: AppDeps,
  principal: Principal,
  appId: string,
  meta: RequestMeta,
): Promise<void> {
  const [app] = await deps.db
    .select({
      id: applications.id,
      name: applications.appName,
      clientId: applications.oidcClientId,
    })
    .from(applications)
    .where(eq(applications.id, appId));
  const removed = await deps.db.transaction(async (tx) => {
    const scopes = app ? await withdrawConsent(tx, principal.userId, app.id) : null;
    if (!app || !scopes) return false;
    await appendAuditEvents(
      tx,
      [
        {
          source: 'server',
          eventType: AUDIT_EVENTS.oidcConsentWithdrawn,
          severity: OIDC_EVENT_SEVERITY[AUDIT_EVENTS.oidcConsentWithdrawn],
          ...actorOf(principal, meta),
          details: { app_id: app.id, app_name: app.name, client_id: app.clientId, scopes },
        },
      ],
      deps.now(),
    );
    return true;
  });
  if (!removed) {
    throw new ApiError(404, 'not_found', 'This application has no access to your account.');
  }
  if (app?.clientId) {
    await endApplicationSessions(deps, principal.userId, 'access_withdrawn', app.clientId);
  }
}

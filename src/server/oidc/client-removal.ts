import { and, eq, or, sql } from 'drizzle-orm';
import { appendAuditEvents } from '../audit/chain/append';
import { AUDIT_EVENTS } from '../audit/event-types';
import type { Actor } from '../audit/request-actor';
import { ApiError } from '../core/errors';
import type { AppDeps } from '../core/context';
import { applications, oidcConsents, oidcPayloads } from '../db/schema';
import { deleteGrants, endApplicationSessions } from './app-sessions';
import { LINK } from './session-links';

/**
 * A super_admin removes an application's sign-in (docs/product/sign-on.md#oidc-clients): everyone
 * signed in to it through the console is signed out of it (its grants and tokens end, with a
 * back-channel logout to it), what people allowed it is forgotten, and the client id and secret
 * stop working. Registering it again gives a new secret and asks people again. Audited (high).
 */
export async function removeOidcClient(
  deps: AppDeps,
  appId: string,
  actor: Actor,
): Promise<{ clientId: string; peopleSignedOut: number; consentsForgotten: number }> {
  const [app] = await deps.db.select().from(applications).where(eq(applications.id, appId));
  if (!app) throw new ApiError(404, 'not_found', 'No such application.');
  const clientId = app.oidcClientId;
  if (!clientId) {
    throw new ApiError(404, 'not_found', `${app.appName} does not sign people in yet.`);
  }
  const ofClient = sql`${oidcPayloads.payload}->>'clientId' = ${clientId}`;
  const holders = await deps.db
    .selectDistinct({ accountId: sql<string>`${oidcPayloads.payload}->>'accountId'` })
    .from(oidcPayloads)
    .where(and(or(eq(oidcPayloads.model, 'Grant'), eq(oidcPayloads.model, LINK)), ofClient));
  const people = holders.map((h) => h.accountId).filter(Boolean);
  // While the client is still registered: its sessions end and it is told of each.
  for (const accountId of people) {
    await endApplicationSessions(deps, accountId, 'client_removed', clientId);
  }
  return deps.db.transaction(async (tx) => {
    await tx
      .update(applications)
      .set({
        oidcClientId: null,
        oidcRedirectUris: [],
        oidcPostLogoutRedirectUris: [],
        oidcClientSecretHash: null,
        oidcFirstParty: false,
        oidcBackchannelLogoutUri: null,
        oidcInitiateLoginUri: null,
      })
      .where(eq(applications.id, app.id));
    // A sign-in that finished meanwhile leaves nothing that works either.
    const grants = await tx
      .select({ id: oidcPayloads.id })
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.model, 'Grant'), ofClient));
    await deleteGrants(
      tx,
      grants.map((g) => g.id),
    );
    const forgotten = await tx
      .delete(oidcConsents)
      .where(eq(oidcConsents.applicationId, app.id))
      .returning({ id: oidcConsents.id });
    await appendAuditEvents(
      tx,
      [
        {
          source: 'server',
          eventType: AUDIT_EVENTS.oidcClientRemoved,
          severity: 'high',
          ...actor,
          details: {
            app_id: app.id,
            app_name: app.appName,
            client_id: clientId,
            people_signed_out: people.length,
            consents_forgotten: forgotten.length,
          },
        },
      ],
      deps.now(),
    );
    return { clientId, peopleSignedOut: people.length, consentsForgotten: forgotten.length };
  });
}

import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { appendAuditEvents } from '../audit/chain/append';
import { AUDIT_EVENTS } from '../audit/event-types';
import { OIDC_EVENT_SEVERITY } from '../audit/severity';
import type { AppDeps } from '../core/context';
import type { Tx } from '../db/client';
import { applications, oidcPayloads, platformUsers, sessions } from '../db/schema';
import { revokeConsentsOf } from './consent';
import { oidcProvider } from './provider';
import { auditOidc, deliveryError, LINK, type Link } from './session-links';

type Client = InstanceType<Awaited<ReturnType<typeof oidcProvider>>['Client']>;

type Target = { clientId: string; sid?: string };

/** Deletes grants: every code, token and link under them, then the grants themselves. */
export async function deleteGrants(tx: Tx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(oidcPayloads).where(inArray(oidcPayloads.grantId, ids));
  await tx
    .delete(oidcPayloads)
    .where(and(eq(oidcPayloads.model, 'Grant'), inArray(oidcPayloads.id, ids)));
}

/** Why a person's application sessions end: one console session or more ended, or the account. */
export type AppSessionsEndReason =
  | 'signed_out'
  | 'session_ended'
  | 'account_deactivated'
  | 'account_removed'
  | 'access_withdrawn'
  | 'client_removed';

const ofAccount = (userId: string) => sql`${oidcPayloads.payload}->>'accountId' = ${userId}`;

/**
 * Ends a person's application sessions whose console session has ended — or all of them when
 * the account is deactivated or removed (its consents go too), or all of one application's
 * (`clientId`) when the person takes back its access or its sign-in is removed (the caller
 * forgets the consents): the grants and every token and code under them are deleted at once
 * (refresh and userinfo are refused from then), the provider sessions lose those applications,
 * and each application with a back-channel logout URI is sent a logout token. The delivery is not
 * waited for: an application that does not answer never holds up the console; its outcome is
 * audited.
 */
export async function endApplicationSessions(
  deps: AppDeps,
  userId: string,
  reason: AppSessionsEndReason,
  clientId?: string,
): Promise<void> {
  if (deps.config.demoMode) return;
  // The console's own change is made already: a failure here is logged, never answered.
  await endNow(deps, userId, reason, clientId).catch((err: unknown) =>
    deps.log.error('ending application sessions failed', { err: String(err), reason }),
  );
}

async function endNow(deps: AppDeps, userId: string, reason: AppSessionsEndReason, only?: string) {
  const account = reason === 'account_deactivated' || reason === 'account_removed';
  const everything = account || reason === 'access_withdrawn' || reason === 'client_removed';
  const ofClient = only ? sql`${oidcPayloads.payload}->>'clientId' = ${only}` : undefined;
  const links = await deps.db
    .select({ id: oidcPayloads.id, payload: oidcPayloads.payload })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.model, LINK), ofAccount(userId), ofClient));
  let ended = links.map((row) => ({ grantId: row.id, ...(row.payload as Link) }));
  if (!everything) {
    const live = await deps.db
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(platformUsers, eq(platformUsers.id, sessions.userId))
      .where(
        and(
          eq(sessions.userId, userId),
          eq(sessions.isActive, true),
          isNull(sessions.revokedAt),
          eq(platformUsers.isActive, true),
        ),
      );
    const liveIds = new Set(live.map((s) => s.id));
    ended = ended.filter((link) => !liveIds.has(link.sessionId));
  }
  const grantIds = new Set(ended.map((link) => link.grantId));
  if (everything) {
    const grants = await deps.db
      .select({ id: oidcPayloads.id })
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.model, 'Grant'), ofAccount(userId), ofClient));
    for (const grant of grants) grantIds.add(grant.id);
  }
  const consentsRevoked = account ? await revokeConsentsOf(deps.db, userId) : 0;
  if (grantIds.size === 0) return;

  const targets = new Map<string, Target>();
  const aim = (clientId: string, sid?: string) =>
    targets.set(`${clientId} ${sid ?? ''}`, { clientId, ...(sid ? { sid } : {}) });
  // A link without a sid is a grant whose browser never came back: the application holds no
  // session from it, and a logout token without a sid would end all of the person's sessions there.
  for (const link of ended) if (link.sid) aim(link.clientId, link.sid);

  await deps.db.transaction(async (tx) => {
    const ids = [...grantIds];
    await deleteGrants(tx, ids);
    const providerSessions = await tx
      .select({ id: oidcPayloads.id, payload: oidcPayloads.payload })
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.model, 'Session'), ofAccount(userId)));
    for (const row of providerSessions) {
      const payload = row.payload as {
        authorizations?: Record<string, { sid?: string; grantId?: string }>;
      };
      const kept: typeof payload.authorizations = {};
      for (const [clientId, authorization] of Object.entries(payload.authorizations ?? {})) {
        if (only && clientId !== only) {
          kept[clientId] = authorization;
        } else if (everything || (authorization.grantId && grantIds.has(authorization.grantId))) {
          if (everything) aim(clientId, authorization.sid);
        } else {
          kept[clientId] = authorization;
        }
      }
      const key = and(eq(oidcPayloads.model, 'Session'), eq(oidcPayloads.id, row.id));
      if (Object.keys(kept).length === 0) {
        await tx.delete(oidcPayloads).where(key);
      } else {
        await tx
          .update(oidcPayloads)
          .set({ payload: { ...payload, authorizations: kept } })
          .where(key);
      }
    }
    await appendAuditEvents(
      tx,
      [
        {
          source: 'server',
          eventType: AUDIT_EVENTS.oidcSessionsEnded,
          severity: OIDC_EVENT_SEVERITY[AUDIT_EVENTS.oidcSessionsEnded],
          userId,
          details: {
            reason,
            grants_ended: grantIds.size,
            client_ids: [...new Set([...targets.values()].map((t) => t.clientId))],
            app_sessions: targets.size,
            ...(account ? { consents_revoked: consentsRevoked } : {}),
          },
        },
      ],
      deps.now(),
    );
  });
  // The clients are looked up now, while they are registered (a client being removed still is);
  // the tokens are sent without being waited for.
  const send = await logoutDeliveries(deps, userId, reason, [...targets.values()]);
  void send();
}

/**
 * Each application with a back-channel logout URI among `targets`, found now; the function
 * returned sends each its logout token and audits each outcome.
 */
async function logoutDeliveries(
  deps: AppDeps,
  userId: string,
  reason: AppSessionsEndReason,
  targets: Target[],
): Promise<() => Promise<void>> {
  const none = async () => {};
  try {
    const clientIds = [...new Set(targets.map((t) => t.clientId))];
    if (clientIds.length === 0) return none;
    const listening = await deps.db
      .select({ clientId: applications.oidcClientId })
      .from(applications)
      .where(
        and(
          inArray(applications.oidcClientId, clientIds),
          eq(applications.isActive, true),
          sql`${applications.oidcBackchannelLogoutUri} is not null`,
        ),
      );
    if (listening.length === 0) return none;
    const provider = await oidcProvider(deps);
    const clients = new Map<string, Client>();
    for (const { clientId } of listening) {
      if (!clientId) continue;
      const client = await provider.Client.find(clientId);
      if (client?.backchannelLogoutUri) clients.set(clientId, client);
    }
    const deliveries = targets.flatMap(({ clientId, sid }) => {
      const client = clients.get(clientId);
      return client ? [{ client, clientId, sid }] : [];
    });
    return async () => {
      await Promise.all(
        deliveries.map(async ({ client, clientId, sid }) => {
          const details = { client_id: clientId, sid_sent: !!sid, reason };
          try {
            // oidc-provider signs the logout token (events, sub, sid; no nonce) and posts it.
            const logout = client.backchannelLogout as (sub: string, sid?: string) => Promise<void>;
            await logout.call(client, userId, sid);
            await auditOidc(deps, AUDIT_EVENTS.oidcBackchannelDelivered, userId, details);
          } catch (err) {
            await auditOidc(deps, AUDIT_EVENTS.oidcBackchannelFailed, userId, {
              ...details,
              error: deliveryError(err instanceof Error ? err : new Error(String(err))),
            });
          }
        }),
      );
    };
  } catch (err) {
    deps.log.error('back-channel logout failed', { err: String(err) });
    return none;
  }
}

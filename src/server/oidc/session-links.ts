import { and, eq, sql } from 'drizzle-orm';
import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { appendAuditEvents } from '../audit/chain/append';
import { AUDIT_EVENTS } from '../audit/event-types';
import { OIDC_EVENT_SEVERITY, type OidcEventType } from '../audit/severity';
import type { AppDeps } from '../core/context';
import { oidcPayloads } from '../db/schema';
import { LOOPBACK_HOSTS } from './clients';

/**
 * How the console's sessions and the provider's relate (docs/decisions/024-openid-provider.md):
 * every grant is given at the console's step, in one console session, and a row of its own in
 * the provider's table (model ConsoleGrant, keyed and revoked by the grant id) says which; the
 * provider session's id for the application (sid) is added when the browser comes back. When
 * that console session ends, the grant ends with it, and the application hears of it by
 * back-channel logout (docs/product/sign-on.md#oidc-backchannel-logout).
 */
export const LINK = 'ConsoleGrant';

export type Link = { accountId: string; clientId: string; sessionId: string; sid?: string };

/** Records the console session a grant was given in; the row lives as long as the grant. */
export async function linkGrantToConsoleSession(
  deps: AppDeps,
  grantId: string,
  link: Omit<Link, 'sid'>,
): Promise<void> {
  const expiresAt = new Date(Date.now() + deps.config.refreshTokenTtlSeconds * 1000);
  await deps.db
    .insert(oidcPayloads)
    .values({ model: LINK, id: grantId, grantId, payload: link, expiresAt })
    .onConflictDoUpdate({
      target: [oidcPayloads.model, oidcPayloads.id],
      set: { payload: link, expiresAt },
    });
}

/**
 * Adds the provider session's id for the application (the sid of its logout tokens) to the grant's
 * link once the browser is back at the provider, and audits the logout tokens the provider sends
 * itself (RP-initiated logout).
 */
export function linkProviderSessions(provider: Provider, deps: AppDeps) {
  provider.use(async (ctx, next) => {
    await next();
    const { oidc } = ctx as KoaContextWithOIDC;
    if (oidc?.route !== 'resume' || !oidc.client || !oidc.session) return;
    const clientId = oidc.client.clientId;
    const grantId = oidc.session.grantIdFor(clientId);
    const sid = oidc.session.sidFor(clientId);
    if (!grantId || !sid) return;
    await deps.db
      .update(oidcPayloads)
      .set({ payload: sql`${oidcPayloads.payload} || ${JSON.stringify({ sid })}::jsonb` })
      .where(and(eq(oidcPayloads.model, LINK), eq(oidcPayloads.id, grantId)));
  });
  const delivered =
    (type: OidcEventType) =>
    (...args: unknown[]) => {
      const [client, accountId, sid] = args.slice(-3) as [{ clientId: string }, string, string];
      const error = args.length === 5 ? (args[1] as Error) : null;
      void auditOidc(deps, type, accountId, {
        client_id: client.clientId,
        sid_sent: !!sid,
        reason: 'rp_initiated_logout',
        ...(error ? { error: deliveryError(error) } : {}),
      });
    };
  provider.on('backchannel.success', delivered(AUDIT_EVENTS.oidcBackchannelDelivered));
  provider.on('backchannel.error', delivered(AUDIT_EVENTS.oidcBackchannelFailed));
}

export function auditOidc(
  deps: AppDeps,
  type: OidcEventType,
  userId: string | null,
  details: object,
) {
  return deps.db
    .transaction((tx) =>
      appendAuditEvents(
        tx,
        [
          {
            source: 'server',
            eventType: type,
            severity: OIDC_EVENT_SEVERITY[type],
            userId,
            details: { ...details },
          },
        ],
        deps.now(),
      ),
    )
    .catch((err: unknown) => deps.log.error('oidc audit failed', { err: String(err) }));
}

/** Why a delivery failed, in a few words: a status or a network error, never a token. */
export const deliveryError = (err: Error) =>
  err.message.replace(/^expected 200 OK from \S+, /, '').slice(0, 120);

/**
 * The provider's outgoing requests (back-channel logout tokens). oidc-provider refuses every
 * special-use address (loopback, private networks) against request forgery; a logout URI a
 * super_admin registered on a loopback address (http://127.0.0.1:…, as redirect URIs allow, for
 * an application on the same machine) is the one exception, named by its literal host.
 */
export function providerFetch(url: URL | string | Request, options?: RequestInit) {
  const host = new URL(url instanceof Request ? url.url : url).hostname;
  if (!LOOPBACK_HOSTS.has(host)) return fetch(url, options);
  const { dispatcher: _checked, ...rest } = (options ?? {}) as RequestInit & {
    dispatcher?: unknown;
  };
  return fetch(url, rest);
}

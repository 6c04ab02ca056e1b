import { and, eq } from 'drizzle-orm';
import type { OidcInteraction } from '@shared/schemas/oidc';
import { appendAuditEvents } from '../audit/chain/append';
import { AUDIT_EVENTS } from '../audit/event-types';
import { actorOf } from '../audit/request-actor';
import { OIDC_EVENT_SEVERITY } from '../audit/severity';
import { ApiError } from '../core/errors';
import type { AppDeps } from '../core/context';
import type { Principal } from '../security/principal';
import type { RequestMeta } from '../security/request-meta';
import { oidcPayloads } from '../db/schema';
import { findOidcClientRow } from './clients';
import { oidcProvider } from './provider';

const gone = () =>
  new ApiError(
    404,
    'not_found',
    'This sign-in request has expired or is unknown. Start again from the application.',
  );

/**
 * The waiting request and its client, or 404 when either is gone (expired, deactivated). The
 * provider (and its keys) is built only once a request is known to wait.
 */
async function waiting(deps: AppDeps, uid: string) {
  const [row] = await deps.db
    .select({ id: oidcPayloads.id })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.model, 'Interaction'), eq(oidcPayloads.id, uid)));
  if (!row) throw gone();
  const provider = await oidcProvider(deps);
  const interaction = await provider.Interaction.find(uid);
  if (!interaction) throw gone();
  const clientId = String(interaction.params.client_id ?? '');
  const app = await findOidcClientRow(deps.db, clientId);
  if (!app) throw gone();
  const requested = String(interaction.params.scope ?? 'openid').split(' ');
  // Only what the application is registered for; the provider drops the rest as well.
  const scopes = requested.filter((s) => app.oidcScopes.includes(s));
  return { provider, interaction, app, clientId, scopes };
}

/** What the sign-on step shows for a waiting authorization request. */
export async function describeInteraction(deps: AppDeps, uid: string): Promise<OidcInteraction> {
  const { interaction, app, clientId, scopes } = await waiting(deps, uid);
  return {
    app_name: app.appName,
    client_id: clientId,
    scopes,
    redirect_uri: String(interaction.params.redirect_uri ?? ''),
  };
}

/**
 * The signed-in person continues to the application (docs/product/sign-on.md#oidc): the
 * request is answered with their account and a grant of the scopes the application is
 * registered for, and the browser goes back to the provider, which then issues the code. Only
 * the browser that started the request can resume it (the provider's resume cookie).
 */
export async function completeInteraction(
  deps: AppDeps,
  uid: string,
  principal: Principal,
  meta: RequestMeta,
): Promise<{ redirect_to: string }> {
  const { provider, interaction, app, clientId, scopes } = await waiting(deps, uid);
  if (interaction.result) throw gone();
  const accountId = principal.userId;
  const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
  const grant =
    existing && existing.accountId === accountId
      ? existing
      : new provider.Grant({ accountId, clientId });
  grant.addOIDCScope(scopes.join(' '));
  const details = interaction.prompt.details as { missingOIDCClaims?: string[] };
  if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
  const grantId = await grant.save();
  interaction.result = { login: { accountId, amr: ['pwd'] }, consent: { grantId } };
  await interaction.save(Math.max(1, interaction.exp - Math.floor(Date.now() / 1000)));
  await deps.db.transaction((tx) =>
    appendAuditEvents(
      tx,
      [
        {
          source: 'server',
          eventType: AUDIT_EVENTS.oidcAuthorized,
          severity: OIDC_EVENT_SEVERITY[AUDIT_EVENTS.oidcAuthorized],
          ...actorOf(principal, meta),
          details: { app_id: app.id, app_name: app.appName, client_id: clientId, scopes },
        },
      ],
      deps.now(),
    ),
  );
  return { redirect_to: interaction.returnTo };
}

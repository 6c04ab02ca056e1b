import { and, eq } from 'drizzle-orm';
import type { OidcInteraction, OidcInteractionAnswer } from '@shared/schemas/oidc';
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
import { consentedScopes, recordConsent } from './consent';
import { oidcProvider } from './provider';
import { linkGrantToConsoleSession } from './session-links';

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
async function waiting(deps: AppDeps, uid: string, principal: Principal) {
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
  // docs/product/sign-on.md#oidc-consent: asked once per person and application, and again only
  // for a scope not allowed yet; a first-party application is pre-approved.
  const allowed = app.oidcFirstParty
    ? scopes
    : await consentedScopes(deps.db, principal.userId, app.id);
  const newScopes = scopes.filter((s) => !allowed.includes(s));
  return { provider, interaction, app, clientId, scopes, newScopes };
}

/** What the sign-on step shows for a waiting authorization request. */
export async function describeInteraction(
  deps: AppDeps,
  uid: string,
  principal: Principal,
): Promise<OidcInteraction> {
  const { interaction, app, clientId, scopes, newScopes } = await waiting(deps, uid, principal);
  return {
    app_name: app.appName,
    client_id: clientId,
    scopes,
    redirect_uri: String(interaction.params.redirect_uri ?? ''),
    consent_required: newScopes.length > 0,
    new_scopes: newScopes,
  };
}

/**
 * The signed-in person answers the step (docs/product/sign-on.md#oidc): continuing, or allowing
 * what the application asks for when it must be allowed first, answers the request with their
 * account and a new grant of the scopes the application is registered for, linked to the console
 * session it is given in (session-links.ts); declining answers it with access_denied. Either way
 * the browser goes back to the provider, which then answers the application. Only the browser
 * that started the request can resume it (the provider's resume cookie).
 */
export async function completeInteraction(
  deps: AppDeps,
  uid: string,
  principal: Principal,
  meta: RequestMeta,
  decision?: OidcInteractionAnswer['decision'],
): Promise<{ redirect_to: string }> {
  const { provider, interaction, app, clientId, scopes, newScopes } = await waiting(
    deps,
    uid,
    principal,
  );
  if (interaction.result) throw gone();
  const event = (
    eventType:
      | typeof AUDIT_EVENTS.oidcAuthorized
      | typeof AUDIT_EVENTS.oidcConsentGiven
      | typeof AUDIT_EVENTS.oidcAuthorizationDeclined,
    extra: object = {},
  ) => ({
    source: 'server' as const,
    eventType,
    severity: OIDC_EVENT_SEVERITY[eventType],
    ...actorOf(principal, meta),
    details: { app_id: app.id, app_name: app.appName, client_id: clientId, scopes, ...extra },
  });
  const ttl = () => Math.max(1, interaction.exp - Math.floor(Date.now() / 1000));

  if (decision === 'decline') {
    interaction.result = {
      error: 'access_denied',
      error_description: 'The person declined to sign in to the application.',
    };
    await interaction.save(ttl());
    await deps.db.transaction((tx) =>
      appendAuditEvents(tx, [event(AUDIT_EVENTS.oidcAuthorizationDeclined)], deps.now()),
    );
    return { redirect_to: interaction.returnTo };
  }
  if (newScopes.length > 0 && decision !== 'allow') {
    throw new ApiError(
      409,
      'conflict',
      `${app.appName} must be allowed first: answer with allow or decline.`,
    );
  }

  const accountId = principal.userId;
  // A grant of its own for each sign-in: it ends with the console session it is given in.
  const grant = new provider.Grant({ accountId, clientId });
  grant.addOIDCScope(scopes.join(' '));
  const details = interaction.prompt.details as { missingOIDCClaims?: string[] };
  if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
  const grantId = await grant.save();
  await linkGrantToConsoleSession(deps, grantId, {
    accountId,
    clientId,
    sessionId: principal.sessionId,
  });
  interaction.result = { login: { accountId, amr: ['pwd'] }, consent: { grantId } };
  await interaction.save(ttl());
  await deps.db.transaction(async (tx) => {
    if (newScopes.length > 0) {
      await recordConsent(tx, accountId, app.id, newScopes, deps.now());
    }
    await appendAuditEvents(
      tx,
      [
        ...(newScopes.length > 0
          ? [event(AUDIT_EVENTS.oidcConsentGiven, { new_scopes: newScopes })]
          : []),
        event(AUDIT_EVENTS.oidcAuthorized, app.oidcFirstParty ? { first_party: true } : {}),
      ],
      deps.now(),
    );
  });
  return { redirect_to: interaction.returnTo };
}

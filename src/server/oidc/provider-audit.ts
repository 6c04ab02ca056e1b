import type { IncomingMessage } from 'node:http';
import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { appendAuditEvents } from '../audit/chain/append';
import type { AuditInput } from '../audit/chain/link';
import { AUDIT_EVENTS } from '../audit/event-types';
import { recordAnonymousRefusal } from '../audit/refusals';
import { trailMetaOf } from '../audit/request-actor';
import { OIDC_EVENT_SEVERITY, type OidcEventType } from '../audit/severity';
import type { AppDeps } from '../core/context';
import type { RequestMeta } from '../security/request-meta';

/** The address and user agent of each request the provider serves, as the app read them. */
const metas = new WeakMap<IncomingMessage, RequestMeta>();
/** Audit writes a request started: the provider answers only once they are stored. */
const pending = new WeakMap<IncomingMessage, Promise<unknown>[]>();

export function rememberRequestMeta(req: IncomingMessage, meta: RequestMeta) {
  metas.set(req, meta);
}

type Ctx = KoaContextWithOIDC;
type OidcError = { error?: string; error_description?: string; error_detail?: string };

/** A short text from a request parameter, never a token: only ids and error codes are kept. */
const short = (value: unknown) => (typeof value === 'string' ? value.slice(0, 200) : null);

function clientIdOf(ctx: Ctx): string | null {
  return ctx.oidc?.client?.clientId ?? short(ctx.oidc?.params?.client_id);
}

/**
 * Writes the provider's steps to the audit trail (docs/product/sign-on.md#oidc-audit): tokens
 * issued and refreshed, signing out, revocations, and the refusals. A replayed code or refresh
 * token is written at once (high); other refusals are tallied per address like the API's.
 * No event holds a token, a code or a secret: only client ids, grant types and error codes.
 */
export function auditProviderEvents(provider: Provider, deps: AppDeps) {
  const write = (ctx: Ctx, work: () => Promise<unknown>) => {
    const promise = work().catch((err: unknown) =>
      deps.log.error('oidc audit failed', { err: String(err) }),
    );
    const list = pending.get(ctx.req) ?? [];
    list.push(promise);
    pending.set(ctx.req, list);
  };
  const event = (ctx: Ctx, type: OidcEventType, userId: string | null, details: object) => {
    const meta = metas.get(ctx.req) ?? { ip: null, userAgent: null };
    return {
      source: 'server',
      eventType: type,
      severity: OIDC_EVENT_SEVERITY[type],
      userId,
      ...trailMetaOf(meta),
      details: { client_id: clientIdOf(ctx), ...details },
    } satisfies AuditInput;
  };
  const append = (input: AuditInput) =>
    deps.db.transaction((tx) => appendAuditEvents(tx, [input], deps.now()));

  provider.use(async (ctx, next) => {
    await next();
    const oidc = (ctx as Ctx).oidc;
    if (oidc?.route === 'revocation' && ctx.status === 200) {
      write(ctx as Ctx, () =>
        append(
          event(ctx as Ctx, AUDIT_EVENTS.oidcTokenRevoked, null, {
            token_type_hint: short(oidc.params?.token_type_hint),
          }),
        ),
      );
    }
    await Promise.all(pending.get(ctx.req) ?? []);
  });

  provider.on('grant.success', (ctx: Ctx) => {
    const grantType = short(ctx.oidc.params?.grant_type);
    const type =
      grantType === 'refresh_token'
        ? AUDIT_EVENTS.oidcTokenRefreshed
        : AUDIT_EVENTS.oidcTokenIssued;
    const accountId = ctx.oidc.entities.Account?.accountId ?? null;
    write(ctx, () =>
      append(
        event(ctx, type, accountId, {
          grant_type: grantType,
          scope: ctx.oidc.entities.AccessToken?.scope ?? null,
        }),
      ),
    );
  });

  provider.on('grant.error', (ctx: Ctx, err: OidcError) => {
    // oidc-provider says why in error_detail ("refresh token already used"), kept off the wire.
    const reason = err.error_detail ?? err.error_description ?? '';
    const grantType = short(ctx.oidc.params?.grant_type);
    const reused = /already (consumed|used)/.test(reason);
    if (reused) {
      const source = ctx.oidc.entities.RefreshToken ?? ctx.oidc.entities.AuthorizationCode;
      const type =
        grantType === 'refresh_token'
          ? AUDIT_EVENTS.oidcRefreshTokenReused
          : AUDIT_EVENTS.oidcCodeReused;
      // Whoever holds a used token is not its rightful holder: the grant behind it is revoked.
      write(ctx, () =>
        append(
          event(ctx, type, source?.accountId ?? null, {
            grant_type: grantType,
            action: 'grant_revoked',
          }),
        ),
      );
      return;
    }
    write(ctx, () =>
      refusal(ctx, `oidc.token.${err.error ?? 'refused'}`, AUDIT_EVENTS.oidcTokenRefused, {
        grant_type: grantType,
        error: err.error ?? null,
        reason: short(reason),
      }),
    );
  });

  provider.on('authorization.error', (ctx: Ctx, err: OidcError) => {
    // A person's decline comes back as access_denied on resume: it is on the trail already, as
    // oidc.authorization.declined, written at the step with who declined.
    if (ctx.oidc?.route === 'resume' && err.error === 'access_denied') return;
    write(ctx, () =>
      refusal(
        ctx,
        `oidc.authorization.${err.error ?? 'refused'}`,
        AUDIT_EVENTS.oidcAuthorizationRefused,
        { error: err.error ?? null, reason: short(err.error_description) },
      ),
    );
  });

  provider.on('end_session.success', (ctx: Ctx) => {
    const accountId = ctx.oidc.session?.accountId ?? ctx.oidc.entities.IdTokenHint?.payload?.sub;
    write(ctx, () =>
      append(
        event(
          ctx,
          AUDIT_EVENTS.oidcSignedOut,
          typeof accountId === 'string' ? accountId : null,
          {},
        ),
      ),
    );
  });

  provider.on('server_error', (_ctx: Ctx, err: Error) => {
    deps.log.error('openid provider error', { err: err.message });
  });

  function refusal(ctx: Ctx, kind: string, type: OidcEventType, details: object) {
    return recordAnonymousRefusal(deps, kind, event(ctx, type, null, details));
  }
}

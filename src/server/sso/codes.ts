import { and, eq, isNull } from 'drizzle-orm';
import { appendAuditEvents } from '../audit/chain/append';
import { AUDIT_EVENTS } from '../audit/event-types';
import { recordAccountRefusal, recordAnonymousRefusal } from '../audit/refusals';
import { trailMetaOf } from '../audit/request-actor';
import type { RequestMeta } from '../security/request-meta';
import type { AppDeps } from '../core/context';
import { applications, platformUsers, ssoCodes } from '../db/schema';
import { ApiError } from '../core/errors';
import { limitedAddress } from '../security/client-ip';
import type { Principal } from '../security/principal';
import { activeRoles } from '../security/principal';
import { consumeRateLimit } from '../security/rate-limit';
import { newToken, safeEqual, sha256Hex } from '../security/tokens';
import type { SsoIdentity } from '@shared/schemas/sso';
import { checkRedirect } from './redirect-policy';

/** A sign-on code lives for 60 seconds and can be traded once. */
const SSO_CODE_TTL_MS = 60_000;

/**
 * Sign-on starts per account (per client address for demo sessions, which anyone can mint) and
 * window: a person starts one per application they open, never a hundred in 15 minutes. Each start
 * writes an audit event under the chain's lock; past the limit the answer is 429.
 */
export const SSO_INITIATE_LIMIT = { limit: 100, windowMs: 15 * 60_000 } as const;

/**
 * The code exchange is the demo's simulated step; production mode retired it for OpenID Connect
 * and keeps it only while SSO_LEGACY_EXCHANGE=on (docs/product/sign-on.md#oidc).
 */
export function legacyExchangeAnswers(config: AppDeps['config']): boolean {
  return config.demoMode || config.ssoLegacyExchange;
}

/**
 * Who meets the retired exchange: a person at the console's step (the start), who needs to know
 * what is missing, or an application (the exchange), which needs to know where to go.
 */
export const RETIRED = {
  start:
    'This application has no sign-in start registered, so the console cannot send you there to sign in: the old sign-on code is retired in production mode. A super_admin can add its login start URI in its Sign-in settings (Security tab).',
  exchange:
    'The sign-on code exchange is retired in production mode: applications sign in with OpenID Connect at /oidc.',
} as const;

function requireLegacyExchange(config: AppDeps['config'], who: keyof typeof RETIRED) {
  if (!legacyExchangeAnswers(config)) throw new ApiError(404, 'not_found', RETIRED[who]);
}

const invalidRequest = (reason: string) => new ApiError(400, 'invalid_request', reason);
const INVALID_CODE = 'The sign-on code is invalid, expired or already used.';

/** Which door the code came through: the exchange API or the built-in demo receiver. */
type ExchangeChannel = 'exchange' | 'demo_receiver';

/** Past SSO_INITIATE_LIMIT: the caller answers 429 with Retry-After. */
type SignOnLimited = { outcome: 'limited'; retryAfterSeconds: number };

/**
 * Issues a single-use code bound to the user, the application and the URL,
 * after the server has checked that the URL belongs to that application.
 * Counted against SSO_INITIATE_LIMIT first; a start past it is refused, and
 * the refusal recorded aggregated per account.
 */
export async function initiateSignOn(
  deps: AppDeps,
  principal: Principal,
  input: { appId: string; redirectUrl: string },
  meta: RequestMeta,
) {
  requireLegacyExchange(deps.config, 'start');
  const { db } = deps;
  // Every demo visitor is the one demo administrator, and anyone can mint a demo session:
  // demo starts count per client address (an IPv6 address by its /64).
  const holder =
    principal.sessionKind === 'demo'
      ? `demo:${limitedAddress(meta.ip)}`
      : `user:${principal.userId}`;
  const limit = await consumeRateLimit(
    db,
    { bucket: `sso-initiate:${holder}`, ...SSO_INITIATE_LIMIT },
    deps.now(),
  );
  if (!limit.allowed) {
    await recordAccountRefusal(deps, 'sso.initiate.rate_limited', {
      source: 'server',
      eventType: AUDIT_EVENTS.rateLimited,
      severity: 'medium',
      userId: principal.userId,
      sessionId: principal.tokenTail,
      ...trailMetaOf(meta),
      details: {
        action: 'sso_initiate',
        app_id: input.appId,
        retry_after_seconds: limit.retryAfterSeconds,
      },
    });
    return { outcome: 'limited', retryAfterSeconds: limit.retryAfterSeconds } as SignOnLimited;
  }
  const [app] = await db.select().from(applications).where(eq(applications.id, input.appId));
  if (!app) throw invalidRequest('No registered application has this app_id.');
  if (!app.isActive) throw invalidRequest(`${app.appName} is not active.`);
  const decision = checkRedirect(input.redirectUrl, app.appUrl);
  if (!decision.ok) {
    await appendAuditEvents(
      db,
      [
        {
          source: 'server',
          eventType: 'security.violation',
          severity: 'medium',
          userId: principal.userId,
          sessionId: principal.tokenTail,
          ...trailMetaOf(meta),
          details: { action: 'sso_redirect_refused', app_id: app.id, reason: decision.reason },
        },
      ],
      deps.now(),
    );
    throw invalidRequest(decision.reason);
  }
  const code = newToken();
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + SSO_CODE_TTL_MS);
  await db.transaction(async (tx) => {
    await tx.insert(ssoCodes).values({
      codeHash: sha256Hex(code),
      userId: principal.userId,
      appId: app.id,
      redirectUrl: decision.url,
      createdAt: now,
      expiresAt,
    });
    await appendAuditEvents(
      tx,
      [
        {
          source: 'server',
          eventType: 'cross_platform.auth.initiated',
          severity: 'low',
          userId: principal.userId,
          sessionId: principal.tokenTail,
          ...trailMetaOf(meta),
          details: { app_id: app.id, app_name: app.appName, redirect_url: decision.url },
        },
      ],
      now,
    );
  });
  return {
    outcome: 'issued' as const,
    code,
    redirect_url: decision.url,
    app_name: app.appName,
    expires_at: expiresAt.toISOString(),
  };
}

/**
 * Trades a code for the user's identity, once, for the application that holds
 * the API key the code was issued for. Every refusal looks the same.
 */
export async function exchangeSignOnCode(
  deps: AppDeps,
  input: { code: string; apiKey: string | null },
  meta: RequestMeta,
  channel: ExchangeChannel = 'exchange',
): Promise<SsoIdentity> {
  const now = deps.now();
  const refused = new ApiError(401, 'unauthorized', INVALID_CODE);
  if (!input.apiKey) throw new ApiError(401, 'unauthorized', 'An application API key is required.');
  if (!legacyExchangeAnswers(deps.config)) {
    // Retired: a caller without an application's key is refused as before (401); an application
    // learns that the exchange is gone (404).
    const [app] = await deps.db
      .select({ id: applications.id })
      .from(applications)
      .where(eq(applications.apiKeyHash, sha256Hex(input.apiKey)));
    if (!app) throw new ApiError(401, 'unauthorized', 'An application API key is required.');
    requireLegacyExchange(deps.config, 'exchange');
  }
  const result = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ code: ssoCodes, app: applications })
      .from(ssoCodes)
      .innerJoin(applications, eq(applications.id, ssoCodes.appId))
      .where(eq(ssoCodes.codeHash, sha256Hex(input.code)))
      .for('update');
    const keyMatches =
      !!row?.app.apiKeyHash && safeEqual(sha256Hex(input.apiKey!), row.app.apiKeyHash);
    if (!row || !keyMatches || !row.app.isActive) return { ok: false as const, reuse: false, row };
    if (row.code.usedAt || row.code.expiresAt <= now)
      return { ok: false as const, reuse: !!row.code.usedAt, row };
    const used = await tx
      .update(ssoCodes)
      .set({ usedAt: now })
      .where(and(eq(ssoCodes.codeHash, row.code.codeHash), isNull(ssoCodes.usedAt)))
      .returning({ codeHash: ssoCodes.codeHash });
    if (used.length !== 1) return { ok: false as const, reuse: true, row };
    const [user] = await tx
      .select()
      .from(platformUsers)
      .where(eq(platformUsers.id, row.code.userId));
    if (!user || !user.isActive) return { ok: false as const, reuse: false, row };
    const roles = await activeRoles(tx, user.id, now);
    await appendAuditEvents(
      tx,
      [
        {
          source: 'server',
          eventType: 'cross_platform.token.exchange',
          severity: 'low',
          userId: user.id,
          ...trailMetaOf(meta),
          details: { app_id: row.app.id, app_name: row.app.appName },
        },
      ],
      now,
    );
    return {
      ok: true as const,
      identity: {
        user: { id: user.id, email: user.email, full_name: user.fullName, roles },
        app_id: row.app.id,
        redirect_url: row.code.redirectUrl,
        issued_at: row.code.createdAt.toISOString(),
      },
    };
  });
  if (result.ok) return result.identity;
  // A replayed or foreign code is worth a record; it changes nothing else. Anyone
  // can post codes, so the record is aggregated per address.
  await recordAnonymousRefusal(
    deps,
    `sso.${channel}.${result.reuse ? 'code_reused' : 'code_refused'}`,
    {
      source: 'server',
      eventType: result.reuse ? 'security.suspicious_activity' : 'security.violation',
      severity: result.reuse ? 'high' : 'medium',
      userId: result.row?.code.userId ?? null,
      ...trailMetaOf(meta),
      details: {
        action: 'sso_code_refused',
        reason: result.reuse
          ? 'code already used'
          : 'unknown code, wrong application key or expired',
        app_id: result.row?.app.id ?? null,
        channel,
      },
    },
  );
  throw refused;
}

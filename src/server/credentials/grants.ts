import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { z } from 'zod';
import type { CredentialGrant } from '@shared/schemas/admin-security';
import {
  CREDENTIAL_TYPE_NOUNS,
  type timeLimitedAccessBodySchema,
} from '@shared/schemas/credentials';
import type { AppDeps } from '../core/context';
import type { Db, Tx } from '../db/client';
import { applications, credentialGrants } from '../db/schema';
import { appendAuditEvents } from '../audit/chain/append';
import { AUDIT_EVENTS } from '../audit/event-types';
import { hasRole } from '../security/principal';
import { decideAccess } from './access';
import { enforcePolicy, PolicyDenial, type Caller } from './policy';

const MINUTE = 60_000;

type GrantRow = typeof credentialGrants.$inferSelect;

function toGrantDto(row: GrantRow, appName: string): CredentialGrant {
  return {
    id: row.id,
    app_id: row.appId,
    app_name: appName,
    credential_type: row.credentialType,
    justification: row.justification,
    time_limit_minutes: row.timeLimitMinutes,
    granted_at: row.grantedAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

/**
 * Expiry is the server's: a grant past its time is never reported active, and
 * the first time anyone looks after that moment its expiry is written to the
 * audit trail. `expiry_recorded_at` is set in the same statement that selects
 * the rows, so concurrent sweeps record each expiry exactly once.
 */
export async function recordExpiredGrants(tx: Tx, now: Date): Promise<number> {
  const expired = await tx
    .update(credentialGrants)
    .set({ expiryRecordedAt: now })
    .where(
      and(
        isNull(credentialGrants.revokedAt),
        isNull(credentialGrants.expiryRecordedAt),
        lte(credentialGrants.expiresAt, now),
      ),
    )
    .returning();
  if (expired.length === 0) return 0;
  await appendAuditEvents(
    tx,
    expired.map((g) => ({
      source: 'server' as const,
      eventType: AUDIT_EVENTS.grantExpired,
      severity: 'low',
      userId: g.userId,
      occurredAt: g.expiresAt,
      details: {
        grant_id: g.id,
        app_id: g.appId,
        credential_type: g.credentialType,
        time_limit_minutes: g.timeLimitMinutes,
        expired_at: g.expiresAt.toISOString(),
      },
    })),
    now,
  );
  return expired.length;
}

export function sweepExpiredGrants(db: Db, now: Date): Promise<number> {
  return db.transaction((tx) => recordExpiredGrants(tx, now));
}

/** The caller's grants that are neither revoked nor expired at `now`, soonest expiry first. */
async function activeGrantsOf(db: Db | Tx, userId: string, now: Date) {
  const rows = await db
    .select({ grant: credentialGrants, appName: applications.appName })
    .from(credentialGrants)
    .innerJoin(applications, eq(applications.id, credentialGrants.appId))
    .where(
      and(
        eq(credentialGrants.userId, userId),
        isNull(credentialGrants.revokedAt),
        gt(credentialGrants.expiresAt, now),
      ),
    )
    .orderBy(credentialGrants.expiresAt);
  return rows.map((r) => toGrantDto(r.grant, r.appName));
}

/**
 * Grants time-limited access to a credential, or refuses it by policy: at most
 * one active grant per application and credential. An expired grant is on the
 * record, and no longer counts as active, before a new one is granted.
 */
export function grantCredentialAccess(
  deps: AppDeps,
  caller: Caller,
  body: z.output<typeof timeLimitedAccessBodySchema>,
  now: Date,
): Promise<CredentialGrant> {
  const { userId } = caller.principal;
  return decideAccess(deps, caller, now, {
    refusedEvent: AUDIT_EVENTS.grantDenied,
    refusalDetails: {
      app_id: body.target_app_id,
      credential_type: body.credential_type,
      time_limit_minutes: body.time_limit_minutes,
    },
    appId: body.target_app_id,
    credentialType: body.credential_type,
    prepare: () => sweepExpiredGrants(deps.db, now),
    holdsOpen: async (tx, app) => {
      const [active] = await tx
        .select({ id: credentialGrants.id })
        .from(credentialGrants)
        .where(
          and(
            eq(credentialGrants.userId, userId),
            eq(credentialGrants.appId, app.id),
            eq(credentialGrants.credentialType, body.credential_type),
            isNull(credentialGrants.revokedAt),
            gt(credentialGrants.expiresAt, now),
          ),
        )
        .limit(1);
      return active !== undefined;
    },
    duplicate: (app) =>
      new PolicyDenial(
        409,
        'conflict',
        `You already have active access to the ${CREDENTIAL_TYPE_NOUNS[body.credential_type]} of ${app.appName}; revoke it or wait until it expires`,
        'one_active_grant',
      ),
    create: async (tx, app) => {
      const [row] = await tx
        .insert(credentialGrants)
        .values({
          userId,
          appId: app.id,
          credentialType: body.credential_type,
          justification: body.justification,
          timeLimitMinutes: body.time_limit_minutes,
          grantedAt: now,
          expiresAt: new Date(now.getTime() + body.time_limit_minutes * MINUTE),
        })
        .returning();
      return {
        value: toGrantDto(row!, app.appName),
        audit: {
          eventType: AUDIT_EVENTS.grantGranted,
          severity: 'high',
          details: {
            grant_id: row!.id,
            app_id: app.id,
            app_name: app.appName,
            credential_type: body.credential_type,
            time_limit_minutes: body.time_limit_minutes,
            expires_at: row!.expiresAt.toISOString(),
            justification: body.justification,
          },
        },
      };
    },
  });
}

/** The caller's active grants at `now`, after recording any that have expired. */
export async function currentGrantsOf(db: Db, userId: string, now: Date) {
  await sweepExpiredGrants(db, now);
  return activeGrantsOf(db, userId, now);
}

/**
 * Ends a grant early: its holder, or a super_admin. The revocation and its record commit
 * together; a refusal (someone else's grant, one already ended, an unknown one) is recorded too.
 */
export async function revokeGrant(
  deps: AppDeps,
  caller: Caller,
  id: string,
  now: Date,
): Promise<CredentialGrant> {
  await sweepExpiredGrants(deps.db, now);
  return enforcePolicy(deps, caller, AUDIT_EVENTS.grantRevokeRefused, { grant_id: id }, () =>
    endGrant(deps, caller, id, now),
  );
}

/** The revocation itself; each refusal names the rule that refused it. */
function endGrant(deps: AppDeps, caller: Caller, id: string, now: Date): Promise<CredentialGrant> {
  const { principal, actor } = caller;
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(credentialGrants)
      .where(eq(credentialGrants.id, id))
      .for('update');
    if (!row)
      throw new PolicyDenial(404, 'not_found', 'Credential grant not found', 'grant_exists');
    if (row.userId !== principal.userId && !hasRole(principal, 'super_admin')) {
      throw new PolicyDenial(
        403,
        'forbidden',
        'You can revoke only your own credential access',
        'holder_or_super_admin',
      );
    }
    if (row.revokedAt) {
      throw new PolicyDenial(
        409,
        'conflict',
        'This credential access was already revoked',
        'not_revoked',
      );
    }
    if (row.expiresAt <= now) {
      throw new PolicyDenial(
        409,
        'conflict',
        'This credential access has already expired',
        'not_expired',
      );
    }
    const [app] = await tx
      .select({ appName: applications.appName })
      .from(applications)
      .where(eq(applications.id, row.appId));
    const [updated] = await tx
      .update(credentialGrants)
      .set({ revokedAt: now, revokedBy: principal.userId })
      .where(eq(credentialGrants.id, id))
      .returning();
    await appendAuditEvents(
      tx,
      [
        {
          source: 'server',
          eventType: AUDIT_EVENTS.grantRevoked,
          severity: 'medium',
          ...actor,
          details: {
            grant_id: id,
            holder_id: row.userId,
            app_id: row.appId,
            app_name: app?.appName ?? null,
            credential_type: row.credentialType,
            seconds_left: Math.round((row.expiresAt.getTime() - now.getTime()) / 1000),
          },
        },
      ],
      now,
    );
    return toGrantDto(updated!, app?.appName ?? '');
  });
}

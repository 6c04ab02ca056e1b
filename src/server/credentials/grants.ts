import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { CredentialGrant } from '@shared/schemas/admin-security';
import type { Db, Tx } from '../db/client';
import { applications, credentialGrants } from '../db/schema';
import { appendAuditEvents } from '../audit/chain';
import { AUDIT_EVENTS } from '../audit/event-types';

type GrantRow = typeof credentialGrants.$inferSelect;

export function toGrantDto(row: GrantRow, appName: string): CredentialGrant {
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
export async function activeGrantsOf(db: Db | Tx, userId: string, now: Date) {
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

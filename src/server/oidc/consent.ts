import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { applications, oidcConsents } from '../db/schema';

/**
 * What a person allowed an application to receive (docs/product/sign-on.md#oidc-consent). It is
 * kept per person and application, apart from the provider's grants: a grant ends with the
 * console session it was given in, the consent does not; it ends when the person is deactivated
 * or removed, or the application removed.
 */
export async function consentedScopes(db: Db, userId: string, appId: string): Promise<string[]> {
  const [row] = await db
    .select({ scopes: oidcConsents.scopes })
    .from(oidcConsents)
    .where(and(eq(oidcConsents.userId, userId), eq(oidcConsents.applicationId, appId)));
  return row?.scopes ?? [];
}

/** Adds the scopes the person has just allowed to what they allowed before. */
export async function recordConsent(
  tx: Tx,
  userId: string,
  appId: string,
  scopes: string[],
  now: Date,
): Promise<void> {
  await tx
    .insert(oidcConsents)
    .values({ userId, applicationId: appId, scopes, grantedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [oidcConsents.userId, oidcConsents.applicationId],
      set: {
        scopes: sql`array(select distinct unnest(${oidcConsents.scopes} || excluded.scopes) order by 1)`,
        updatedAt: now,
      },
    });
}

/** Forgets every consent of a person: the next sign-in to each application asks again. */
export async function revokeConsentsOf(db: Db | Tx, userId: string): Promise<number> {
  const gone = await db
    .delete(oidcConsents)
    .where(eq(oidcConsents.userId, userId))
    .returning({ id: oidcConsents.id });
  return gone.length;
}

/** The applications a person has allowed, most recently allowed first, with what each receives. */
export async function consentsOf(db: Db, userId: string) {
  return db
    .select({
      appId: applications.id,
      appName: applications.appName,
      appUrl: applications.appUrl,
      scopes: oidcConsents.scopes,
      grantedAt: oidcConsents.grantedAt,
      updatedAt: oidcConsents.updatedAt,
    })
    .from(oidcConsents)
    .innerJoin(applications, eq(applications.id, oidcConsents.applicationId))
    .where(eq(oidcConsents.userId, userId))
    .orderBy(desc(oidcConsents.updatedAt), applications.appName);
}

/** Forgets what a person allowed one application; the scopes forgotten, or null when none was. */
export async function withdrawConsent(
  tx: Tx,
  userId: string,
  appId: string,
): Promise<string[] | null> {
  const [gone] = await tx
    .delete(oidcConsents)
    .where(and(eq(oidcConsents.userId, userId), eq(oidcConsents.applicationId, appId)))
    .returning({ scopes: oidcConsents.scopes });
  return gone?.scopes ?? null;
}

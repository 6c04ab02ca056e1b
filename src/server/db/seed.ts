import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from './client';
import {
  adminActionApprovals,
  appSettings,
  applications,
  platformRoleAssignments,
  platformUsers,
} from './schema';
import { seedApps, seedRequests, seedUsers, type SeedUser } from './seed-data';

const DAY = 86_400_000;
const SEEDED_KEY = 'seeded_at';

type Writer = Pick<Database['db'], 'insert'>;

/**
 * A sample moment `days` days before `now`, some minutes to hours earlier still, by an amount
 * that varies with `key`: every sample sign-in and request would otherwise read the clock time
 * of the start-up. At most ten hours earlier, so "3 days ago" stays three days ago.
 */
function sampleMoment(now: Date, days: number, key: string): Date {
  let hash = 0;
  for (const ch of key) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const minutes = 7 + (hash % 593);
  return new Date(now.getTime() - days * DAY - minutes * 60_000);
}

/**
 * Inserts sample people with their roles (granted by the first of them) and
 * answers their ids by address. No one gets a password.
 */
export async function insertSamplePeople(
  db: Writer,
  people: readonly SeedUser[],
  now = new Date(),
): Promise<Map<string, string>> {
  if (!people.length) return new Map();
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const users = await db
    .insert(platformUsers)
    .values(
      people.map((u) => ({
        email: u.email,
        fullName: u.fullName,
        organization: u.organization,
        department: u.department,
        isActive: u.isActive,
        createdAt: ago(u.createdDaysAgo),
        lastLoginAt:
          u.lastLoginDaysAgo === null ? null : sampleMoment(now, u.lastLoginDaysAgo, u.email),
      })),
    )
    .returning({ id: platformUsers.id, email: platformUsers.email });
  const idOf = new Map(users.map((u) => [u.email, u.id]));
  const grantor = idOf.get(people[0]!.email)!;

  const roleRows = people.flatMap((u) =>
    [
      ...u.roles.map((role) => ({ role, isActive: true })),
      ...(u.revokedRoles ?? []).map((role) => ({ role, isActive: false })),
    ].map(({ role, isActive }) => ({
      userId: idOf.get(u.email)!,
      role,
      isActive,
      grantedBy: grantor,
      grantedAt: ago(u.createdDaysAgo),
    })),
  );
  if (roleRows.length) await db.insert(platformRoleAssignments).values(roleRows);
  return idOf;
}

/**
 * Seeds an empty database once with believable sample data. A marker row makes
 * a second start (or a second process) skip it, even if every user was cleared.
 * Sample people (and their requests) only in demo mode: a production database
 * starts with no accounts but the ones setup and sign-up create.
 */
export async function seedIfEmpty(
  database: Database,
  mode: { demoMode: boolean },
  now = new Date(),
): Promise<boolean> {
  return database.withStartupLock(async () => {
    const { db } = database;
    const [marker] = await db.select().from(appSettings).where(eq(appSettings.key, SEEDED_KEY));
    if (marker) return false;
    await db.transaction(async (tx) => {
      const idOf = mode.demoMode ? await insertSamplePeople(tx, seedUsers, now) : new Map();

      // Secrets are random and only their hashes are kept: nobody, not even the seed, can read them back.
      const apps = await tx
        .insert(applications)
        .values(
          seedApps.map((a) => ({
            appName: a.appName,
            appUrl: a.appUrl,
            appType: a.appType,
            isActive: a.isActive,
            apiKeyHash: a.hasApiKey
              ? createHash('sha256').update(randomBytes(32)).digest('hex')
              : null,
            webhookSecretHash: a.hasWebhookSecret
              ? createHash('sha256').update(randomBytes(32)).digest('hex')
              : null,
          })),
        )
        .returning({ id: applications.id, appName: applications.appName });
      const appOf = new Map(apps.map((a) => [a.appName, a.id]));

      if (mode.demoMode) {
        await tx.insert(adminActionApprovals).values(
          seedRequests.map((r) => {
            const createdAt = sampleMoment(now, r.createdDaysAgo, r.justification);
            return {
              requestingUserId: idOf.get(r.requesterEmail)!,
              actionType: 'credential_access',
              targetAppId: appOf.get(r.appName)!,
              credentialType: r.credentialType,
              status: r.status,
              justification: r.justification,
              reviewedBy: r.reviewerEmail ? idOf.get(r.reviewerEmail)! : null,
              reviewReason: r.reviewReason ?? null,
              // Reviewed half a day after the request.
              reviewedAt: r.reviewerEmail ? new Date(createdAt.getTime() + DAY / 2) : null,
              createdAt,
            };
          }),
        );
      }
      await tx.insert(appSettings).values({ key: SEEDED_KEY, value: now.toISOString() });
    });
    return true;
  });
}

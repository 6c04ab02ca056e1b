import { sql } from 'drizzle-orm';
import { PLATFORM_ROLES } from '@shared/constants';
import type { SystemAdminResult } from '@shared/schemas/setup';
import { appendAuditEvents, type AuditInput } from '../audit/chain';
import { AUDIT_EVENTS } from '../audit/event-types';
import type { AppDeps } from '../context';
import { passwordCredentials, platformRoleAssignments, platformUsers } from '../db/schema';
import { loggableError } from '../http/errors';
import { generatePassword, hashPassword } from '../security/passwords';

/**
 * The three system administrators of SPEC.md §6 ("created for ecosystem
 * oversight with full system access"), on the product's own domain.
 */
export const SYSTEM_ADMINS = [
  { email: 'ecosystem.admin@talentecosystem.demo', fullName: 'Ecosystem Administrator' },
  { email: 'security.admin@talentecosystem.demo', fullName: 'Security Administrator' },
  { email: 'operations.admin@talentecosystem.demo', fullName: 'Operations Administrator' },
] as const;

type Actor = Pick<AuditInput, 'userId' | 'sessionId' | 'ipAddress' | 'userAgent'>;

async function exists(deps: AppDeps, email: string): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: platformUsers.id })
    .from(platformUsers)
    .where(sql`lower(${platformUsers.email}) = ${email}`);
  return !!row;
}

/**
 * Creates each missing administrator with every role, a generated password
 * (returned once, stored only as a scrypt hash, to be changed at first
 * sign-in) and its audit record, in one transaction per account. An account
 * that exists is reported and left untouched.
 */
export async function createSystemAdmins(
  deps: AppDeps,
  actor: Actor,
): Promise<SystemAdminResult[]> {
  const results: SystemAdminResult[] = [];
  for (const admin of SYSTEM_ADMINS) {
    try {
      if (await exists(deps, admin.email)) {
        results.push({ email: admin.email, status: 'already_exists' });
        continue;
      }
      const password = generatePassword();
      // Hash outside the transaction: scrypt at N=2^17 takes a noticeable moment.
      const passwordHash = await hashPassword(password);
      const now = deps.now();
      const created = await deps.db.transaction(async (tx) => {
        const [user] = await tx
          .insert(platformUsers)
          .values({
            email: admin.email,
            fullName: admin.fullName,
            organization: 'Talent Ecosystem',
            department: 'System Administration',
            isActive: true,
            createdAt: now,
          })
          .onConflictDoNothing()
          .returning({ id: platformUsers.id });
        if (!user) return false;
        await tx.insert(platformRoleAssignments).values(
          PLATFORM_ROLES.map((role) => ({
            userId: user.id,
            role,
            isActive: true,
            grantedAt: now,
          })),
        );
        await tx
          .insert(passwordCredentials)
          .values({ userId: user.id, passwordHash, mustChange: true, updatedAt: now });
        await appendAuditEvents(
          tx,
          [
            {
              source: 'server',
              eventType: AUDIT_EVENTS.systemAdminCreated,
              severity: 'critical',
              ...actor,
              details: { account_id: user.id, email: admin.email, roles: [...PLATFORM_ROLES] },
            },
          ],
          now,
        );
        return true;
      });
      results.push(
        created
          ? { email: admin.email, status: 'created', password }
          : { email: admin.email, status: 'already_exists' },
      );
    } catch (err) {
      deps.log.error('system admin creation failed', {
        email: admin.email,
        ...loggableError(err),
      });
      results.push({
        email: admin.email,
        status: 'error',
        error: 'The account could not be created; nothing was saved for it',
      });
    }
  }
  return results;
}

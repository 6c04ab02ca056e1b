import { and, eq, sql } from 'drizzle-orm';
import { PLATFORM_ROLES } from '@shared/constants';
import type { SystemAdminResult } from '@shared/schemas/setup';
import { appendAuditEvents } from '../audit/chain/append';
import { type AuditInput } from '../audit/chain/link';
import { AUDIT_EVENTS } from '../audit/event-types';
import type { AppDeps } from '../core/context';
import {
  auditEvents,
  passwordCredentials,
  platformRoleAssignments,
  platformUsers,
} from '../db/schema';
import { loggableError } from '../core/errors';
import { generatePassword, hashPassword } from '../security/passwords';

/**
 * The three system administrators of docs/product/setup.md#system-admins ("created for ecosystem
 * oversight with full system access"), on the product's own domain.
 */
export const SYSTEM_ADMINS = [
  { email: 'ecosystem.admin@talentecosystem.demo', fullName: 'Ecosystem Administrator' },
  { email: 'security.admin@talentecosystem.demo', fullName: 'Security Administrator' },
  { email: 'operations.admin@talentecosystem.demo', fullName: 'Operations Administrator' },
] as const;

/** The system administrators' addresses are theirs alone: sign-up never gives one away. */
export function isSystemAdminAddress(email: string): boolean {
  const address = email.trim().toLowerCase();
  return SYSTEM_ADMINS.some((admin) => admin.email === address);
}

type Actor = Pick<AuditInput, 'userId' | 'sessionId' | 'ipAddress' | 'userAgent'>;

/**
 * Who holds the address: nobody, the administrator setup created (its
 * creation is on the trail, recorded by the server), or another account.
 */
async function holderOf(deps: AppDeps, email: string): Promise<'none' | 'setup' | 'other'> {
  const [row] = await deps.db
    .select({ id: platformUsers.id })
    .from(platformUsers)
    .where(sql`lower(${platformUsers.email}) = ${email}`);
  if (!row) return 'none';
  const [created] = await deps.db
    .select({ seq: auditEvents.seq })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.eventType, AUDIT_EVENTS.systemAdminCreated),
        eq(auditEvents.source, 'server'),
        sql`${auditEvents.details}->>'account_id' = ${row.id}`,
      ),
    )
    .limit(1);
  return created ? 'setup' : 'other';
}

const ADDRESS_TAKEN =
  'This address belongs to an account that setup did not create, so no administrator was made for it and that account was left as it is. Rename or remove that account, then run setup again.';

/**
 * Creates each missing administrator with every role, a generated password
 * (returned once, stored only as a scrypt hash, to be changed at first
 * sign-in) and its audit record, in one transaction per account. An account
 * that exists is reported and left untouched: as already there when setup
 * created it, as taken when someone else holds the address.
 */
export async function createSystemAdmins(
  deps: AppDeps,
  actor: Actor,
): Promise<SystemAdminResult[]> {
  const results: SystemAdminResult[] = [];
  for (const admin of SYSTEM_ADMINS) {
    try {
      const holder = await holderOf(deps, admin.email);
      if (holder === 'setup') {
        results.push({ email: admin.email, status: 'already_exists' });
        continue;
      }
      if (holder === 'other') {
        deps.log.warn('system admin address held by another account', { email: admin.email });
        results.push({ email: admin.email, status: 'address_taken', error: ADDRESS_TAKEN });
        continue;
      }
      const password = generatePassword();
      // Hash outside the transaction: scrypt at N=2^17 takes a noticeable moment.
      const passwordHash = await hashPassword(password, deps.passwordParams);
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
            // docs/product/sign-in.md#enrolment-required: a second factor at the first sign-in.
            secondFactorEnrolmentRequired: true,
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

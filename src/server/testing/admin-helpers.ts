import { newToken, sha256Hex } from '../security/tokens';
import { sessions } from '../db/schema';
import type { TestContext } from './harness';

/** Helpers for the admin API tests: look-ups, direct sign-ins and "nothing was written" checks. */

export async function userIdOf(t: TestContext, email: string): Promise<string> {
  const [row] = await t.database.query<{ id: string }>(
    `SELECT id FROM platform_users WHERE lower(email) = lower($1)`,
    [email],
  );
  if (!row) throw new Error(`no seeded user ${email}`);
  return row.id;
}

/**
 * A live password session for the account, created directly (production-mode
 * tests do not depend on the sign-in screens). Returns its bearer token.
 */
export async function signInAs(
  t: TestContext,
  email: string,
  options: { expiresAt?: Date } = {},
): Promise<string> {
  const token = newToken();
  await t.db.insert(sessions).values({
    userId: await userIdOf(t, email),
    kind: 'password',
    sessionTokenHash: sha256Hex(token),
    expiresAt: options.expiresAt ?? new Date(Date.now() + 3_600_000),
  });
  return token;
}

export type RoleRow = {
  id: string;
  role: string;
  is_active: boolean;
  granted_by: string | null;
  granted_at: Date;
  expires_at: Date | null;
};

export async function roleRowsOf(t: TestContext, userId: string): Promise<RoleRow[]> {
  return t.database.query<RoleRow>(
    `SELECT id, role, is_active, granted_by, granted_at, expires_at
       FROM platform_role_assignments WHERE user_id = $1 ORDER BY role`,
    [userId],
  );
}

export async function auditRows(t: TestContext, eventType?: string) {
  return t.database.query<{
    seq: string;
    event_type: string;
    severity: string;
    user_id: string | null;
    session_id: string | null;
    ip_address: string | null;
    user_agent: string | null;
    page_url: string | null;
    source: string;
    client_event_id: string | null;
    details: Record<string, unknown>;
    occurred_at: Date;
  }>(
    eventType
      ? `SELECT * FROM audit_events WHERE event_type = $1 ORDER BY seq`
      : `SELECT * FROM audit_events ORDER BY seq`,
    eventType ? [eventType] : [],
  );
}

/**
 * Everything an admin operation could write, as one string: compare it before
 * and after a refused request to show that nothing changed.
 */
export async function writableState(t: TestContext): Promise<string> {
  const users = await t.database.query(`SELECT * FROM platform_users ORDER BY id`);
  const roles = await t.database.query(`SELECT * FROM platform_role_assignments ORDER BY id`);
  const audit = await t.database.query(`SELECT count(*)::int AS n FROM audit_events`);
  return JSON.stringify({ users, roles, audit });
}

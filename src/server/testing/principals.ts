import { eq, sql } from 'drizzle-orm';
import { appendAuditEvents } from '../audit/chain/append';
import { type AuditInput } from '../audit/chain/link';
import type { Db } from '../db/client';
import { auditEvents, platformUsers, sessions } from '../db/schema';
import { newToken, sha256Hex } from '../security/tokens';
import type { TestContext } from './harness';

/** Appends server events (type `live.other` unless given) in one transaction; their numbers. */
export async function appendEvents(db: Db, events: Partial<AuditInput>[]): Promise<number[]> {
  await db.transaction((tx) =>
    appendAuditEvents(
      tx,
      events.map((e) => ({ source: 'server' as const, eventType: 'live.other', ...e })),
    ),
  );
  const rows = (await db.execute(
    sql`select seq from audit_events order by seq desc limit ${events.length}`,
  )) as unknown as { rows: { seq: number | string }[] };
  return rows.rows.map((r) => Number(r.seq)).reverse();
}

/** The id of a seeded account by its address. */
export async function userIdOf(t: TestContext, email: string): Promise<string> {
  const [user] = await t.db
    .select({ id: platformUsers.id })
    .from(platformUsers)
    .where(sql`lower(${platformUsers.email}) = ${email.toLowerCase()}`);
  if (!user) throw new Error(`no such user ${email}`);
  return user.id;
}

/**
 * A bearer token for a password session of `email`, as the sign-in would
 * store it (only the token's SHA-256 is kept), so tests can call as any
 * seeded account.
 */
export async function passwordSession(
  t: TestContext,
  email: string,
  options: { createdAt?: Date; expiresAt?: Date | null; ipAddress?: string | null } = {},
): Promise<string> {
  const token = newToken();
  await t.db.insert(sessions).values({
    userId: await userIdOf(t, email),
    kind: 'password',
    sessionTokenHash: sha256Hex(token),
    ipAddress: options.ipAddress ?? null,
    createdAt: options.createdAt ?? new Date(),
    expiresAt:
      options.expiresAt === undefined ? new Date(Date.now() + 3_600_000) : options.expiresAt,
  });
  return token;
}

/** Audit events of one type, oldest first. */
export async function auditOf(t: TestContext, eventType: string) {
  return t.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.eventType, eventType))
    .orderBy(auditEvents.seq);
}

/** Rows in a table, by its SQL name. */
export async function rowCount(t: TestContext, table: string): Promise<number> {
  const [row] = await t.database.query<{ n: string | number }>(
    `SELECT count(*) AS n FROM ${table}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Makes every audit append fail (the chain head row is missing) while `fn`
 * runs, then puts the head back: the fail-closed tests.
 */
export async function withBrokenAuditTrail<T>(t: TestContext, fn: () => Promise<T>): Promise<T> {
  const [head] = await t.database.query<Record<string, unknown>>(
    'SELECT last_seq, last_hash, event_count, keyed_from_seq, checkpoint FROM audit_chain_head WHERE id = 1',
  );
  await t.database.exec('DELETE FROM audit_chain_head');
  try {
    return await fn();
  } finally {
    await t.database.query(
      'INSERT INTO audit_chain_head (id, last_seq, last_hash, event_count, keyed_from_seq, checkpoint) VALUES (1, $1, $2, $3, $4, $5)',
      [head!.last_seq, head!.last_hash, head!.event_count, head!.keyed_from_seq, head!.checkpoint],
    );
  }
}

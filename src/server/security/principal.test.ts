import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformRoleAssignments, platformUsers } from '../db/schema';
import { activeRoles } from './principal';
import { sha256Hex } from './tokens';
import { createTestContext, manualClock, type TestContext } from '../testing/harness';

let t: TestContext;
const clock = manualClock(new Date('2026-06-01T12:00:00Z'));
beforeAll(async () => {
  t = await createTestContext({ now: clock.now });
});
afterAll(() => t.close());

const lastSeen = async (token: string) => {
  const rows = await t.database.query<{ last_seen_at: Date; kind: string }>(
    `SELECT last_seen_at, kind FROM sessions WHERE session_token_hash = $1`,
    [sha256Hex(token)],
  );
  expect(rows).toHaveLength(1);
  expect(rows[0]!.kind).toBe('demo');
  return new Date(rows[0]!.last_seen_at).toISOString();
};

describe('demo sessions', () => {
  it('are recorded on first use, and their last_seen_at moves at most once a minute', async () => {
    const token = t.demoToken(1_780_000_000_000);
    const call = async () =>
      expect((await t.call('GET', '/api/admin/users', { token })).status).toBe(200);

    await call();
    expect(await lastSeen(token)).toBe('2026-06-01T12:00:00.000Z');
    clock.advance(30_000);
    await call();
    expect(await lastSeen(token)).toBe('2026-06-01T12:00:00.000Z');
    clock.advance(30_000);
    await call();
    expect(await lastSeen(token)).toBe('2026-06-01T12:01:00.000Z');
  });
});

describe('active roles', () => {
  it('are read at the injected clock, not the database clock', async () => {
    const [user] = await t.db
      .insert(platformUsers)
      .values({ email: 'clock@example.test' })
      .returning();
    const expiresAt = new Date('2100-01-01T00:00:00Z');
    await t.db
      .insert(platformRoleAssignments)
      .values({ userId: user!.id, role: 'platform_admin', isActive: true, expiresAt });
    const at = (ms: number) => activeRoles(t.db, user!.id, new Date(expiresAt.getTime() + ms));
    expect(await at(-60_000)).toEqual(['platform_admin']);
    expect(await at(60_000)).toEqual([]);
  });
});

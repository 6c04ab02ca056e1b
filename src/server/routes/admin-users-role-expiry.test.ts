import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, manualClock, type TestContext } from '../testing/harness';

/**
 * A role with an expiry is in force until that instant and gone from it on
 * (docs/product/admin-console.md#user-filters): the list's role filters, `role=none` and the
 * role facet all read it at the injected clock, to the millisecond.
 */
const clock = manualClock();
const EXPIRY = new Date(clock.now().getTime() + 60 * 60_000);
const DOMAIN = 'role-expiry.example';
let t: TestContext;
let token: string;

beforeAll(async () => {
  t = await createTestContext({ now: clock.now });
  token = t.demoToken();
  // One holder of each kind of role, each holding nothing else: an administrator role is read
  // through its own index of expiring holders, the user role through the role records.
  for (const role of ['user', 'platform_admin']) {
    await t.database.query(
      `WITH u AS (INSERT INTO platform_users (email) VALUES ($1) RETURNING id)
       INSERT INTO platform_role_assignments (user_id, role, expires_at)
       SELECT id, $2, $3::timestamptz FROM u`,
      [`${role}@${DOMAIN}`, role, EXPIRY.toISOString()],
    );
  }
});
afterAll(() => t.close());

/**
 * This file's users the list gives for a role filter, the same through both of its paths: with a
 * search (the search index) and without one (the orders' indexes and the expiring holders').
 */
async function emails(role: string): Promise<string[]> {
  const found: string[][] = [];
  for (const search of [`q=${DOMAIN}&`, '']) {
    const res = await t.call('GET', `/api/admin/users?${search}role=${role}&sort=email&limit=100`, {
      token,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.next_cursor).toBeNull();
    found.push(
      res.json.users
        .map((u: { email: string }) => u.email)
        .filter((email: string) => email.endsWith(`@${DOMAIN}`)),
    );
  }
  expect(found[1]).toEqual(found[0]);
  return found[0]!;
}

async function roleCounts(): Promise<Record<string, number>> {
  const res = await t.call('GET', `/api/admin/users/facets?q=${DOMAIN}`, { token });
  expect(res.status, res.text).toBe(200);
  return Object.fromEntries(
    res.json.role.map((f: { value: string; count: number }) => [f.value, f.count]),
  );
}

describe('a role that expires', () => {
  it('is still held one millisecond before its expiry', async () => {
    clock.set(new Date(EXPIRY.getTime() - 1));
    expect(await emails('none')).toEqual([]);
    expect(await emails('user')).toEqual([`user@${DOMAIN}`]);
    expect(await emails('platform_admin')).toEqual([`platform_admin@${DOMAIN}`]);
    expect(await roleCounts()).toMatchObject({ none: 0, user: 1, platform_admin: 1 });
  });

  it('is gone at its exact expiry: role=none lists its holder', async () => {
    clock.set(EXPIRY);
    expect(await emails('none')).toEqual([`platform_admin@${DOMAIN}`, `user@${DOMAIN}`]);
    expect(await emails('user')).toEqual([]);
    expect(await emails('platform_admin')).toEqual([]);
    expect(await roleCounts()).toMatchObject({ none: 2, user: 0, platform_admin: 0 });
  });
});

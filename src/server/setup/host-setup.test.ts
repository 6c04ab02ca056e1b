import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { passwordCredentials, platformUsers } from '../db/schema';
import { verifyPassword } from '../security/passwords';
import { ensureSetupKey } from './setup-key';
import { createTestContext, TEST_SETUP_KEY, type TestContext } from '../testing/harness';
import { auditOf, rowCount, userIdOf } from '../testing/principals';
import { HOST_SETUP_ACTOR, setUpSystemAdminsOnHost } from './host-setup';
import { SYSTEM_ADMINS } from './system-admins';

/** `npm run setup:admins`: what POST /api/setup/system-admins does, without HTTP or a key. */
let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ config: { demoMode: false }, seed: false });
  await ensureSetupKey(t.db, t.config, () => {});
});
afterAll(() => t.close());

describe('setting up the system administrators on the host', { timeout: 90_000 }, () => {
  it('creates the three with every role and prints each password once', async () => {
    const report = await setUpSystemAdminsOnHost(t.deps);
    expect(report.ok).toBe(true);
    expect(report.results.map((r) => [r.email, r.status])).toEqual(
      SYSTEM_ADMINS.map((a) => [a.email, 'created']),
    );
    for (const r of report.results) {
      expect(report.text).toContain(`created         ${r.email}  password: ${r.password}`);
      const [cred] = await t.db
        .select()
        .from(passwordCredentials)
        .where(eq(passwordCredentials.userId, await userIdOf(t, r.email)));
      expect(cred!.mustChange).toBe(true);
      expect(await verifyPassword(r.password!, cred!.passwordHash)).toBe(true);
    }
    expect(report.text).toMatch(/Save these passwords now: they are shown once/);
    // The same audit events as the endpoint's, naming the host as the way in.
    const events = await auditOf(t, 'system.admin.created');
    expect(events.map((e) => (e.details as { email: string }).email)).toEqual(
      SYSTEM_ADMINS.map((a) => a.email),
    );
    for (const e of events) {
      expect(e.severity).toBe('critical');
      expect(e.source).toBe('server');
      expect(e.userAgent).toBe(HOST_SETUP_ACTOR.userAgent);
      expect(e.ipAddress).toBeNull();
    }
  });

  it('once done, changes nothing and shows no password, like the endpoint', async () => {
    const users = await rowCount(t, 'platform_users');
    const events = await rowCount(t, 'audit_events');
    const report = await setUpSystemAdminsOnHost(t.deps);
    expect(report.ok).toBe(true);
    expect(report.results.map((r) => r.status)).toEqual([
      'already_exists',
      'already_exists',
      'already_exists',
    ]);
    expect(report.text).not.toMatch(/password:/);
    expect(await rowCount(t, 'platform_users')).toBe(users);
    expect(await rowCount(t, 'audit_events')).toBe(events);
    // The endpoint sees the accounts made on the host as its own.
    const res = await t.call('POST', '/api/setup/system-admins', {
      body: { confirmation_key: TEST_SETUP_KEY },
    });
    expect(res.status).toBe(200);
    expect(res.json.results).toEqual(report.results);
  });

  it('reports an address held by another account and fails, leaving that account alone', async () => {
    const address = SYSTEM_ADMINS[1].email;
    await t.db.delete(platformUsers).where(sql`lower(${platformUsers.email}) = ${address}`);
    await t.db.insert(platformUsers).values({ email: address, fullName: 'Squatter' });
    const report = await setUpSystemAdminsOnHost(t.deps);
    expect(report.ok).toBe(false);
    expect(report.results[1]!.status).toBe('address_taken');
    expect(report.text).toMatch(/address taken {3}security\.admin@talentecosystem\.demo {2}This/);
    const [held] = await t.db
      .select({ fullName: platformUsers.fullName })
      .from(platformUsers)
      .where(sql`lower(${platformUsers.email}) = ${address}`);
    expect(held!.fullName).toBe('Squatter');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { ANALYTICS_MAX_DAYS } from '@shared/schemas/admin-insights';
import { appendAuditEvents } from '../audit/chain/append';
import { adminActionApprovals, applications, platformUsers } from '../db/schema';
import { DEMO_ADMIN_EMAIL } from '../db/seed-data';
import { createTestContext, manualClock, type TestContext } from '../testing/harness';
import { passwordSession, userIdOf } from '../testing/principals';

const clock = manualClock(new Date('2026-06-10T15:00:00Z'));
let t: TestContext;
let demo: string;
/** An account with the user role only. */
let noah: string;

const at = (iso: string) => new Date(iso);

async function record(
  when: string,
  eventType: string,
  times = 1,
  source: 'server' | 'console' = 'server',
) {
  const events = Array.from({ length: times }, () => ({ source, eventType, details: {} }));
  await t.db.transaction((tx) => appendAuditEvents(tx, events, at(when)));
}

/** A credential access request made at `when`, the kind the Security tab lists. */
async function requestCredential(when: string) {
  const [app] = await t.db.select().from(applications).limit(1);
  await t.db.insert(adminActionApprovals).values({
    requestingUserId: await userIdOf(t, DEMO_ADMIN_EMAIL),
    actionType: 'credential_access',
    targetAppId: app!.id,
    credentialType: 'api_key',
    status: 'pending',
    justification: 'Rotating the key after the audit',
    createdAt: at(when),
  });
}

beforeAll(async () => {
  t = await createTestContext({ now: clock.now });
  demo = t.demoToken();
  noah = await passwordSession(t, 'noah.williams@sortstak.example');
  await record('2026-06-08T09:00:00Z', 'auth.signin.success', 3);
  await record('2026-06-08T23:59:59Z', 'auth.signin.failure', 2);
  await record('2026-06-09T00:00:00Z', 'admin.roles.updated');
  await requestCredential('2026-06-10T08:00:00Z');
  await requestCredential('2026-06-10T23:59:59Z');
  // Counted from the requests, not their audit events: an event without a request adds nothing.
  await record('2026-06-09T08:00:00Z', 'admin.credential.access.requested', 3);
  // Outside the default period, of another type, or written by a browser: not counted.
  await record('2026-05-01T12:00:00Z', 'auth.signin.success', 4);
  await record('2026-06-09T12:00:00Z', 'admin.user.updated');
  await record('2026-06-09T12:00:00Z', 'auth.signin.success', 5, 'console');
});
afterAll(() => t.close());

describe('GET /api/admin/analytics', () => {
  it('counts sign-ins, role changes and credential requests per UTC day, zeros included', async () => {
    const res = await t.call('GET', '/api/admin/analytics', { token: demo });
    expect(res.status).toBe(200);
    expect(res.json.from).toBe('2026-05-28');
    expect(res.json.to).toBe('2026-06-10');
    expect(res.json.days).toHaveLength(14);
    const day = (d: string) => res.json.days.find((x: { date: string }) => x.date === d);
    expect(day('2026-06-08')).toEqual({
      date: '2026-06-08',
      sign_ins: 3,
      failed_sign_ins: 2,
      role_changes: 0,
      credential_requests: 0,
    });
    expect(day('2026-06-09')).toMatchObject({
      sign_ins: 0,
      role_changes: 1,
      credential_requests: 0,
    });
    expect(day('2026-06-10')).toMatchObject({ credential_requests: 2 });
    expect(day('2026-05-28')).toMatchObject({ sign_ins: 0, role_changes: 0 });
    expect(res.json.totals).toEqual({
      sign_ins: 3,
      failed_sign_ins: 2,
      role_changes: 1,
      credential_requests: 2,
    });
  });

  it('covers exactly the period asked for, both ends included', async () => {
    const res = await t.call('GET', '/api/admin/analytics?from=2026-05-01&to=2026-05-02', {
      token: demo,
    });
    expect(res.status).toBe(200);
    expect(res.json.days.map((d: { date: string }) => d.date)).toEqual([
      '2026-05-01',
      '2026-05-02',
    ]);
    expect(res.json.totals.sign_ins).toBe(4);
  });

  it('counts a request made from the Security tab once, as the Security tab lists it', async () => {
    const read = async () =>
      (await t.call('GET', '/api/admin/analytics', { token: demo })).json.totals
        .credential_requests as number;
    const before = await read();
    const [app] = await t.db
      .select()
      .from(applications)
      .where(eq(applications.appName, 'Quick Role Check'));
    const made = await t.call('POST', '/api/admin/credential-requests', {
      token: demo,
      body: {
        target_app_id: app!.id,
        access_type: 'api_key',
        justification: 'Rotate the QRC key after the vendor change',
      },
    });
    expect(made.status).toBe(201);
    // The request writes a row and an audit event; the count moves by one.
    expect(await read()).toBe(before + 1);
  });

  it.each([
    ['a malformed date', '?from=10/06/2026'],
    ['an impossible date', '?from=2026-02-30'],
    ['from after to', '?from=2026-06-10&to=2026-06-01'],
    ['a period longer than allowed', `?from=2026-01-01&to=2026-12-31`],
    ['an unknown parameter', '?days=7'],
  ])('refuses %s with 400 and the usual error body', async (_, query) => {
    const res = await t.call('GET', `/api/admin/analytics${query}`, { token: demo });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('validation_failed');
    expect(typeof res.json.error.message).toBe('string');
  });

  it(`accepts a period of exactly ${ANALYTICS_MAX_DAYS} days`, async () => {
    const from = new Date(Date.UTC(2026, 0, 1));
    const to = new Date(from.getTime() + (ANALYTICS_MAX_DAYS - 1) * 86_400_000);
    const q = `?from=${from.toISOString().slice(0, 10)}&to=${to.toISOString().slice(0, 10)}`;
    const res = await t.call('GET', `/api/admin/analytics${q}`, { token: demo });
    expect(res.status).toBe(200);
    expect(res.json.days).toHaveLength(ANALYTICS_MAX_DAYS);
  });

  it('refuses an anonymous caller with 401 and a non-admin with 403', async () => {
    expect((await t.call('GET', '/api/admin/analytics')).status).toBe(401);
    const res = await t.call('GET', '/api/admin/analytics', { token: noah });
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe('forbidden');
  });
});

describe('GET /api/admin/summary', () => {
  it('counts users, requests awaiting review and audit events recorded today', async () => {
    const [users] = await t.db.select({ n: count() }).from(platformUsers);
    const [app] = await t.db.select().from(applications).limit(1);
    const adminId = await userIdOf(t, DEMO_ADMIN_EMAIL);
    const before = await t.call('GET', '/api/admin/summary', { token: demo });
    expect(before.status).toBe(200);
    await t.db.insert(adminActionApprovals).values([
      {
        requestingUserId: adminId,
        actionType: 'credential_access',
        targetAppId: app!.id,
        credentialType: 'api_key',
        status: 'pending',
        justification: 'Rotating the key after the audit',
      },
      {
        requestingUserId: adminId,
        actionType: 'credential_access',
        targetAppId: app!.id,
        credentialType: 'api_key',
        status: 'denied',
        justification: 'Already decided, so not awaiting review',
      },
    ]);
    await record('2026-06-10T00:00:00Z', 'test.today', 3);
    await record('2026-06-09T23:59:59Z', 'test.yesterday', 2);

    const res = await t.call('GET', '/api/admin/summary', { token: demo });
    expect(res.status).toBe(200);
    expect(res.json.users).toEqual({ total: users!.n, exact: true });
    expect(res.json.pending_credential_requests).toBe(before.json.pending_credential_requests + 1);
    // The two earlier reads are recorded too, when the server audits them; count only ours.
    expect(res.json.audit_events_today - before.json.audit_events_today).toBeGreaterThanOrEqual(3);
    expect(res.json.today_starts_at).toBe('2026-06-10T00:00:00.000Z');
  });

  it('refuses an anonymous caller with 401 and a non-admin with 403', async () => {
    expect((await t.call('GET', '/api/admin/summary')).status).toBe(401);
    expect((await t.call('GET', '/api/admin/summary', { token: noah })).status).toBe(403);
  });

  it('takes no query parameters', async () => {
    const res = await t.call('GET', '/api/admin/summary?users=all', { token: demo });
    expect(res.status).toBe(400);
  });
});

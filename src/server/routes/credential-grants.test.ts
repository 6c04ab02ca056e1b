import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { verifyAuditChain } from '../audit/chain/verify';
import { applications, credentialGrants } from '../db/schema';
import { DEMO_ADMIN_EMAIL } from '../db/seed-data';
import { createTestContext, manualClock, type TestContext } from '../testing/harness';
import {
  auditOf,
  passwordSession,
  rowCount,
  userIdOf,
  withBrokenAuditTrail,
} from '../testing/principals';

const MINUTE = 60_000;
const clock = manualClock();
let t: TestContext;
let demo: string;
let appId: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext({ now: clock.now });
  demo = t.demoToken();
  const apps = await t.db.select().from(applications);
  appId = Object.fromEntries(apps.map((a) => [a.appName, a.id]));
});
afterAll(() => t.close());

const justification = 'Investigate the failed payroll webhook';
const REVOKE_REFUSED = 'admin.credential.grant.revoke_refused';

function grant(
  app: string,
  credential_type: string,
  extra: Record<string, unknown> = {},
  token: string | null = demo,
) {
  return t.call('POST', '/api/admin/credential-grants', {
    token,
    body: { target_app_id: appId[app], credential_type, justification, ...extra },
  });
}

const active = (token = demo) => t.call('GET', '/api/admin/credential-grants/active', { token });

describe('granting time-limited access', () => {
  it('grants access for the asked minutes, on the record, and reports it active', async () => {
    const res = await grant('HireHub', 'api_key', { time_limit_minutes: 45 });
    expect(res.status).toBe(201);
    expect(res.json.grant).toMatchObject({
      app_name: 'HireHub',
      credential_type: 'api_key',
      time_limit_minutes: 45,
      justification,
      revoked_at: null,
    });
    expect(Date.parse(res.json.grant.expires_at) - clock.now().getTime()).toBe(45 * MINUTE);
    expect(res.json.server_time).toBe(clock.now().toISOString());
    const event = (await auditOf(t, 'admin.credential.grant.granted')).at(-1)!;
    expect(event).toMatchObject({
      severity: 'high',
      userId: await userIdOf(t, DEMO_ADMIN_EMAIL),
      details: expect.objectContaining({ grant_id: res.json.grant.id, time_limit_minutes: 45 }),
    });
    const list = await active();
    expect(list.json.grants.map((g: any) => g.id)).toEqual([res.json.grant.id]);
  });

  it('defaults the time limit to 30 minutes', async () => {
    const res = await grant('HireHub', 'webhook_secret');
    expect(res.status).toBe(201);
    expect(res.json.grant.time_limit_minutes).toBe(30);
  });

  it.each([5, 120])('accepts the edge limit of %i minutes', async (minutes) => {
    const res = await grant('Quick Role Check', minutes === 5 ? 'api_key' : 'webhook_secret', {
      time_limit_minutes: minutes,
    });
    expect(res.status).toBe(201);
  });
});

describe('the grant policy refuses, on the record', () => {
  async function expectRefused(
    res: Awaited<ReturnType<typeof grant>>,
    status: number,
    rule: string,
    message?: string,
  ) {
    expect(res.status).toBe(status);
    if (message) expect(res.json.error.message).toContain(message);
    const last = (await auditOf(t, 'admin.credential.grant.denied')).at(-1)!;
    expect(last.details).toMatchObject({ rule });
  }

  it('a caller without platform_admin or super_admin', async () => {
    const noah = await passwordSession(t, 'noah.williams@sortstak.example');
    const before = await rowCount(t, 'credential_grants');
    const res = await grant('SortStak', 'api_key', {}, noah);
    await expectRefused(res, 403, 'role', 'requires the Platform Admin or Super Admin role');
    expect(await rowCount(t, 'credential_grants')).toBe(before);
  });

  it('grants a platform_admin who is not super_admin', async () => {
    const liam = await passwordSession(t, 'liam.chen@hirehub.example');
    const res = await grant('SortStak', 'api_key', {}, liam);
    expect(res.status).toBe(201);
  });

  it.each([
    [4, 'between 5 and 120 minutes'],
    [121, 'between 5 and 120 minutes'],
    [0, 'between 5 and 120 minutes'],
    [30.5, 'whole minutes'],
    ['30', 'time_limit_minutes'],
  ])('a time limit of %j minutes', async (minutes, message) => {
    const res = await grant('SortStak', 'api_key', { time_limit_minutes: minutes });
    await expectRefused(res, 400, 'validation', message);
  });

  it('a justification under 15 characters once trimmed', async () => {
    const res = await grant('SortStak', 'api_key', { justification: '   too short!   ' });
    await expectRefused(res, 400, 'validation', 'at least 15 characters');
  });

  it('an unknown application', async () => {
    const res = await t.call('POST', '/api/admin/credential-grants', {
      token: demo,
      body: {
        target_app_id: '00000000-0000-4000-8000-000000000000',
        credential_type: 'api_key',
        justification,
      },
    });
    await expectRefused(res, 404, 'application_exists', 'Application not found');
  });

  it('an inactive application', async () => {
    const res = await grant('TalentMLS', 'api_key');
    await expectRefused(res, 409, 'application_active', 'TalentMLS is inactive');
  });

  it('a credential the application does not hold', async () => {
    const res = await grant('SortStak', 'webhook_secret');
    await expectRefused(res, 409, 'credential_present', 'SortStak has no webhook secret');
  });

  it('a second active grant for the same application and credential', async () => {
    const before = await rowCount(t, 'credential_grants');
    const res = await grant('HireHub', 'api_key');
    await expectRefused(res, 409, 'one_active_grant', 'already have active access');
    expect(await rowCount(t, 'credential_grants')).toBe(before);
  });

  it('an unknown field or credential type, and an anonymous caller', async () => {
    expect((await grant('SortStak', 'api_key', { approved: true })).status).toBe(400);
    expect((await grant('SortStak', 'password')).status).toBe(400);
    expect((await grant('SortStak', 'api_key', {}, null)).status).toBe(401);
  });
});

describe('expiry, enforced by the server clock', () => {
  it('reports a grant active until its last moment and never after', async () => {
    const res = await grant('Role Builder', 'webhook_secret', { time_limit_minutes: 5 });
    const id = res.json.grant.id;
    clock.advance(5 * MINUTE - 1000);
    expect((await active()).json.grants.map((g: any) => g.id)).toContain(id);
    clock.advance(1000);
    const after = await active();
    expect(after.json.grants.map((g: any) => g.id)).not.toContain(id);
    expect(after.json.server_time).toBe(clock.now().toISOString());
  });

  it('writes one expiry record per grant however often it is observed', async () => {
    await active();
    await t.call('GET', '/api/admin/audit', { token: demo });
    const expiries = (await auditOf(t, 'admin.credential.grant.expired')).filter(
      (e) => (e.details as any).credential_type === 'webhook_secret',
    );
    const roleBuilder = expiries.filter((e) => (e.details as any).app_id === appId['Role Builder']);
    expect(roleBuilder).toHaveLength(1);
    const [row] = await t.db
      .select()
      .from(credentialGrants)
      .where(eq(credentialGrants.appId, appId['Role Builder']!));
    expect(roleBuilder[0]!.occurredAt.toISOString()).toBe(row!.expiresAt.toISOString());
    expect(row!.expiryRecordedAt).not.toBeNull();
  });

  it('lets the same access be granted again once the earlier one expired', async () => {
    const res = await grant('Role Builder', 'webhook_secret', { time_limit_minutes: 5 });
    expect(res.status).toBe(201);
  });

  it('expires every grant of the caller when their time has passed', async () => {
    clock.advance(121 * MINUTE);
    expect((await active()).json.grants).toEqual([]);
  });
});

describe('revoking', () => {
  it('ends a grant early, on the record, after which it may be granted again', async () => {
    const res = await grant('HireHub', 'api_key', { time_limit_minutes: 10 });
    const id = res.json.grant.id;
    clock.advance(2 * MINUTE);
    const revoked = await t.call('POST', `/api/admin/credential-grants/${id}/revoke`, {
      token: demo,
    });
    expect(revoked.status).toBe(200);
    expect(revoked.json.grant.revoked_at).toBe(clock.now().toISOString());
    expect((await active()).json.grants.map((g: any) => g.id)).not.toContain(id);
    expect((await auditOf(t, 'admin.credential.grant.revoked')).at(-1)!.details).toMatchObject({
      grant_id: id,
      seconds_left: 480,
    });
    expect((await grant('HireHub', 'api_key')).status).toBe(201);
  });

  it('refuses a second revoke, an expired grant and an unknown grant', async () => {
    const recorded = (await auditOf(t, REVOKE_REFUSED)).length;
    const res = await grant('SortStak', 'api_key', { time_limit_minutes: 5 });
    const id = res.json.grant.id;
    const path = `/api/admin/credential-grants/${id}/revoke`;
    clock.advance(6 * MINUTE);
    const expired = await t.call('POST', path, { token: demo });
    expect(expired.status).toBe(409);
    expect(expired.json.error.message).toContain('already expired');

    const fresh = await grant('SortStak', 'api_key', { time_limit_minutes: 5 });
    const freshPath = `/api/admin/credential-grants/${fresh.json.grant.id}/revoke`;
    expect((await t.call('POST', freshPath, { token: demo })).status).toBe(200);
    const again = await t.call('POST', freshPath, { token: demo });
    expect(again.status).toBe(409);
    expect(again.json.error.message).toContain('already revoked');

    const unknown = await t.call(
      'POST',
      '/api/admin/credential-grants/00000000-0000-4000-8000-000000000000/revoke',
      { token: demo },
    );
    expect(unknown.status).toBe(404);
    // Each refusal is on the record, with the rule that refused it.
    const rules = (await auditOf(t, REVOKE_REFUSED)).slice(recorded).map((e) => e.details);
    expect(rules).toMatchObject([
      { grant_id: id, rule: 'not_expired' },
      { grant_id: fresh.json.grant.id, rule: 'not_revoked' },
      { grant_id: '00000000-0000-4000-8000-000000000000', rule: 'grant_exists' },
    ]);
    expect(
      (await t.call('POST', '/api/admin/credential-grants/x/revoke', { token: demo })).status,
    ).toBe(400);
  });

  it('revokes a grant up to the millisecond before its expiry, and not at its expiry', async () => {
    const revoke = (id: string) =>
      t.call('POST', `/api/admin/credential-grants/${id}/revoke`, { token: demo });
    const early = (await grant('SortStak', 'api_key', { time_limit_minutes: 5 })).json.grant;
    clock.set(new Date(Date.parse(early.expires_at) - 1));
    const revoked = await revoke(early.id);
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.json.grant.revoked_at).toBe(clock.now().toISOString());

    const late = (await grant('SortStak', 'api_key', { time_limit_minutes: 5 })).json.grant;
    clock.set(new Date(late.expires_at));
    const refused = await revoke(late.id);
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toContain('already expired');
    expect((await auditOf(t, REVOKE_REFUSED)).at(-1)!.details).toMatchObject({
      grant_id: late.id,
      rule: 'not_expired',
    });
  });

  it("refuses to let a platform_admin revoke someone else's grant", async () => {
    const res = await grant('Quick Role Check', 'api_key', { time_limit_minutes: 60 });
    const liam = await passwordSession(t, 'liam.chen@hirehub.example');
    const path = `/api/admin/credential-grants/${res.json.grant.id}/revoke`;
    const refused = await t.call('POST', path, { token: liam });
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toBe('You can revoke only your own credential access');
    expect((await active()).json.grants.map((g: any) => g.id)).toContain(res.json.grant.id);
    // The attempt on another person's grant is on the record: who tried, on which grant, why refused.
    expect((await auditOf(t, REVOKE_REFUSED)).at(-1)).toMatchObject({
      source: 'server',
      userId: await userIdOf(t, 'liam.chen@hirehub.example'),
      details: {
        grant_id: res.json.grant.id,
        rule: 'holder_or_super_admin',
        reason: 'You can revoke only your own credential access',
      },
    });
  });
});

describe('fail closed', () => {
  it('stores no grant when its audit record cannot be written', async () => {
    const before = await rowCount(t, 'credential_grants');
    const res = await withBrokenAuditTrail(t, () => grant('Role Builder', 'webhook_secret'));
    expect(res.status).toBe(500);
    expect(await rowCount(t, 'credential_grants')).toBe(before);
  });

  it('keeps a grant when its revocation cannot be recorded', async () => {
    const res = await grant('Role Builder', 'webhook_secret');
    const id = res.json.grant.id;
    const revoke = await withBrokenAuditTrail(t, () =>
      t.call('POST', `/api/admin/credential-grants/${id}/revoke`, { token: demo }),
    );
    expect(revoke.status).toBe(500);
    expect((await active()).json.grants.map((g: any) => g.id)).toContain(id);
  });

  it('leaves the chain intact', async () => {
    expect((await verifyAuditChain(t.db)).ok).toBe(true);
  });
});

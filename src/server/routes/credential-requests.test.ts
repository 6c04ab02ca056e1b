import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { verifyAuditChain } from '../audit/chain/verify';
import { adminActionApprovals, applications } from '../db/schema';
import { DEMO_ADMIN_EMAIL, seedApps } from '../db/seed-data';
import { sha256Hex } from '../security/tokens';
import { createTestContext, type TestContext } from '../testing/harness';
import { closeRefusalWindows } from '../testing/refusals';
import {
  auditOf,
  passwordSession,
  rowCount,
  userIdOf,
  withBrokenAuditTrail,
} from '../testing/principals';

let t: TestContext;
let demo: string;
let appId: Record<string, string>;
/** A platform_admin without super_admin. */
let liam: string;
/** A super_admin other than the demo administrator. */
let amara: string;
/** An account with the user role only. */
let noah: string;

beforeAll(async () => {
  t = await createTestContext();
  demo = t.demoToken();
  const apps = await t.db.select().from(applications);
  appId = Object.fromEntries(apps.map((a) => [a.appName, a.id]));
  liam = await passwordSession(t, 'liam.chen@hirehub.example');
  amara = await passwordSession(t, 'amara.okafor@hirehub.example');
  noah = await passwordSession(t, 'noah.williams@sortstak.example');
});
afterAll(() => t.close());

describe('GET /api/admin/apps', () => {
  it('refuses an anonymous caller with 401 and a non-admin with 403', async () => {
    expect((await t.call('GET', '/api/admin/apps')).status).toBe(401);
    const res = await t.call('GET', '/api/admin/apps', { token: noah });
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe('forbidden');
  });

  it('lists every application with presence flags and never a secret or its hash', async () => {
    const res = await t.call('GET', '/api/admin/apps', { token: demo });
    expect(res.status).toBe(200);
    expect(res.json.apps.map((a: any) => a.app_name)).toEqual([
      'HireHub',
      'Quick Role Check',
      'Role Builder',
      'SortStak',
      'TalentMLS',
    ]);
    expect(res.json.apps.find((a: any) => a.app_name === 'SortStak')).toMatchObject({
      app_url: 'https://sortstak.example',
      is_active: true,
      has_api_key: true,
      has_webhook_secret: false,
    });
    expect(res.json.apps.find((a: any) => a.app_name === 'TalentMLS').is_active).toBe(false);
    for (const app of res.json.apps) {
      expect(Object.keys(app).sort()).toEqual(
        [
          'app_name',
          'app_type',
          'app_url',
          'has_api_key',
          'has_webhook_secret',
          'id',
          'is_active',
          'oidc_client',
        ].sort(),
      );
    }
    const stored = await t.db.select().from(applications);
    const hashes = stored
      .flatMap((a) => [a.apiKeyHash, a.webhookSecretHash])
      .filter((hash): hash is string => hash !== null);
    // One hash per secret the seed gives, so the loop below compares every one of them.
    expect(hashes).toHaveLength(
      seedApps.filter((a) => a.hasApiKey).length +
        seedApps.filter((a) => a.hasWebhookSecret).length,
    );
    for (const hash of hashes) expect(res.text).not.toContain(hash);
  });
});

describe('GET /api/admin/sessions', () => {
  it("shows a demo visitor only its own token's session, hash cut to 16 characters", async () => {
    const mine = t.demoToken(1_700_000_000_001);
    const other = t.demoToken(1_700_000_000_002);
    await t.call('GET', '/api/admin/apps', { token: other });
    const res = await t.call('GET', '/api/admin/sessions', { token: mine });
    expect(res.status).toBe(200);
    expect(res.json.sessions).toHaveLength(1);
    expect(res.json.sessions[0]).toMatchObject({
      session_token_hash: sha256Hex(mine).slice(0, 16),
      ip_address: null,
      is_active: true,
      kind: 'demo',
      current: true,
    });
    expect(res.text).not.toContain(sha256Hex(mine));
  });

  it('lists at most 5 password sessions of the caller, newest first, with expired ones marked', async () => {
    const email = 'priya.sharma@rolebuilder.example';
    const base = Date.now() - 10 * 3_600_000;
    for (let i = 0; i < 6; i++) {
      await passwordSession(t, email, {
        createdAt: new Date(base + i * 60_000),
        // The second newest has expired.
        expiresAt: i === 4 ? new Date(Date.now() - 1000) : null,
        ipAddress: i === 5 ? null : `203.0.113.${i}`,
      });
    }
    const token = await passwordSession(t, email, { ipAddress: '198.51.100.7' });
    const res = await t.call('GET', '/api/admin/sessions', { token });
    expect(res.status).toBe(200);
    const list = res.json.sessions;
    expect(list).toHaveLength(5);
    const created = list.map((s: any) => Date.parse(s.created_at));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    expect(list[0]).toMatchObject({ current: true, ip_address: '198.51.100.7', is_active: true });
    expect(list[1]).toMatchObject({ ip_address: null, is_active: true });
    expect(list[2]).toMatchObject({ ip_address: '203.0.113.4', is_active: false });
    for (const s of list) expect(s.session_token_hash).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe('GET /api/admin/credential-requests', () => {
  it("gives a super_admin its own requests and others' to review, pending first", async () => {
    const res = await t.call('GET', '/api/admin/credential-requests', { token: demo });
    expect(res.status).toBe(200);
    expect(res.json.can_review).toBe(true);
    expect(res.json.mine).toHaveLength(1);
    expect(res.json.mine[0]).toMatchObject({
      status: 'pending',
      app_name: 'HireHub',
      credential_type: 'webhook_secret',
      requester: { email: DEMO_ADMIN_EMAIL },
    });
    const statuses = res.json.others.map((r: any) => r.status);
    expect(statuses.slice(0, 3)).toEqual(['pending', 'pending', 'pending']);
    expect(statuses.slice(3).every((s: string) => s !== 'pending')).toBe(true);
    for (const r of res.json.others) expect(r.requester.email).not.toBe(DEMO_ADMIN_EMAIL);
    const denied = res.json.others.find((r: any) => r.status === 'denied');
    expect(denied.reviewer.email).toMatch(/@/);
    expect(denied.review_reason).toBeTruthy();
  });

  it('gives a platform_admin without super_admin nothing to review', async () => {
    const res = await t.call('GET', '/api/admin/credential-requests', { token: liam });
    expect(res.status).toBe(200);
    expect(res.json.can_review).toBe(false);
    expect(res.json.others).toEqual([]);
    expect(res.json.mine.map((r: any) => r.requester.email)).toEqual(['liam.chen@hirehub.example']);
  });
});

describe('POST /api/admin/credential-requests', () => {
  const body = () => ({
    target_app_id: appId['Quick Role Check'],
    access_type: 'api_key',
    justification: '  Rotate the QRC key after the vendor change  ',
  });

  it('stores a pending request with its audit record and lists it', async () => {
    const before = (await auditOf(t, 'admin.credential.access.requested')).length;
    const res = await t.call('POST', '/api/admin/credential-requests', {
      token: demo,
      body: body(),
    });
    expect(res.status).toBe(201);
    expect(res.json.request).toMatchObject({
      status: 'pending',
      action_type: 'credential_access',
      app_name: 'Quick Role Check',
      credential_type: 'api_key',
      justification: 'Rotate the QRC key after the vendor change',
      reviewer: null,
    });
    const events = await auditOf(t, 'admin.credential.access.requested');
    expect(events).toHaveLength(before + 1);
    expect(events.at(-1)).toMatchObject({
      userId: await userIdOf(t, DEMO_ADMIN_EMAIL),
      severity: 'medium',
      details: expect.objectContaining({ request_id: res.json.request.id }),
    });
    const list = await t.call('GET', '/api/admin/credential-requests', { token: demo });
    expect(list.json.mine[0].id).toBe(res.json.request.id);
  });

  it.each([
    ['a blank justification', { justification: '   ' }, 400, 'justification'],
    ['an unknown credential type', { access_type: 'password' }, 400, 'access_type'],
    ['an unknown field', { status: 'approved' }, 400, 'status'],
    ['an application id that is not a uuid', { target_app_id: 'hirehub' }, 400, 'target_app_id'],
  ])('refuses %s with %i and stores nothing', async (_name, change, status, mention) => {
    const before = await rowCount(t, 'admin_action_approvals');
    const res = await t.call('POST', '/api/admin/credential-requests', {
      token: demo,
      body: { ...body(), access_type: 'webhook_secret', ...change },
    });
    expect(res.status).toBe(status);
    expect(res.json.error.message).toContain(mention);
    expect(await rowCount(t, 'admin_action_approvals')).toBe(before);
  });

  it('says what is missing when the justification is blank, and records the refusal', async () => {
    // A window of its own: an account's first refusal of a kind in a window is written at once.
    await closeRefusalWindows(t);
    const before = (await auditOf(t, 'admin.credential.access.request_refused')).length;
    const res = await t.call('POST', '/api/admin/credential-requests', {
      token: demo,
      body: { ...body(), justification: ' ' },
    });
    expect(res.json.error.message).toContain(
      'Please provide a justification for accessing credentials',
    );
    const refusals = await auditOf(t, 'admin.credential.access.request_refused');
    expect(refusals).toHaveLength(before + 1);
    expect(refusals.at(-1)!.details).toMatchObject({ rule: 'validation' });
  });

  it.each([
    [
      'an unknown application',
      () => '00000000-0000-4000-8000-000000000000',
      'api_key',
      404,
      'Application not found',
    ],
    ['an inactive application', () => appId.TalentMLS!, 'api_key', 409, 'TalentMLS is inactive'],
    [
      'a credential the application does not hold',
      () => appId.SortStak!,
      'webhook_secret',
      409,
      'SortStak has no webhook secret',
    ],
    [
      'a second pending request for the same credential',
      () => appId.HireHub!,
      'webhook_secret',
      409,
      'already have a pending request',
    ],
  ])('refuses %s and records the refusal', async (_n, app, type, status, message) => {
    const before = await rowCount(t, 'admin_action_approvals');
    const refusals = (await auditOf(t, 'admin.credential.access.request_refused')).length;
    const res = await t.call('POST', '/api/admin/credential-requests', {
      token: demo,
      body: { target_app_id: app(), access_type: type, justification: 'Needed for the audit' },
    });
    expect(res.status).toBe(status);
    expect(res.json.error.message).toContain(message);
    expect(await rowCount(t, 'admin_action_approvals')).toBe(before);
    expect(await auditOf(t, 'admin.credential.access.request_refused')).toHaveLength(refusals + 1);
  });

  it('refuses a caller without an admin role with 403, on the record', async () => {
    const res = await t.call('POST', '/api/admin/credential-requests', {
      token: noah,
      body: body(),
    });
    expect(res.status).toBe(403);
    const last = (await auditOf(t, 'admin.credential.access.request_refused')).at(-1)!;
    expect(last.details).toMatchObject({ rule: 'role' });
    expect(last.userId).toBe(await userIdOf(t, 'noah.williams@sortstak.example'));
  });

  it('refuses an anonymous caller with 401', async () => {
    const res = await t.call('POST', '/api/admin/credential-requests', { body: body() });
    expect(res.status).toBe(401);
  });

  it('stores no request when its audit record cannot be written (fail closed)', async () => {
    const before = await rowCount(t, 'admin_action_approvals');
    const res = await withBrokenAuditTrail(t, () =>
      t.call('POST', '/api/admin/credential-requests', {
        token: liam,
        body: { ...body(), target_app_id: appId['Role Builder'], access_type: 'webhook_secret' },
      }),
    );
    expect(res.status).toBe(500);
    expect(await rowCount(t, 'admin_action_approvals')).toBe(before);
  });
});

describe('reviewing a request', () => {
  async function pendingOf(email: string) {
    const [row] = await t.db
      .select()
      .from(adminActionApprovals)
      .where(eq(adminActionApprovals.requestingUserId, await userIdOf(t, email)));
    return row!;
  }
  const reason = { reason: 'Scoped to the sync window' };

  it('lets a super_admin approve another person’s request; the requester sees it approved', async () => {
    const request = await pendingOf('liam.chen@hirehub.example');
    const res = await t.call('POST', `/api/admin/credential-requests/${request.id}/approve`, {
      token: demo,
      body: reason,
    });
    expect(res.status).toBe(200);
    expect(res.json.request).toMatchObject({
      status: 'approved',
      review_reason: 'Scoped to the sync window',
      reviewer: { email: DEMO_ADMIN_EMAIL },
    });
    const asRequester = await t.call('GET', '/api/admin/credential-requests', { token: liam });
    const mine = asRequester.json.mine.find((r: any) => r.id === request.id);
    expect(mine.status).toBe('approved');
    const event = (await auditOf(t, 'admin.credential.access.approved')).at(-1)!;
    expect(event.details).toMatchObject({ request_id: request.id, reason: reason.reason });
  });

  it('lets a super_admin deny with a reason', async () => {
    const request = await pendingOf('sofia.martinez@sortstak.example');
    const res = await t.call('POST', `/api/admin/credential-requests/${request.id}/deny`, {
      token: demo,
      body: { reason: 'Use the sandbox export' },
    });
    expect(res.status).toBe(200);
    expect(res.json.request.status).toBe('denied');
    expect((await auditOf(t, 'admin.credential.access.denied')).at(-1)!.details).toMatchObject({
      request_id: request.id,
    });
  });

  it.each([
    ['approve', 'approved'],
    ['deny', 'denied'],
  ])(
    'refuses to %s one’s own request (separation of duties) and records it',
    async (action, decision) => {
      // A window of its own: an account's first refusal of a kind in a window is written at once.
      await closeRefusalWindows(t);
      const own = await pendingOf(DEMO_ADMIN_EMAIL);
      const denied = (await auditOf(t, 'admin.credential.access.denied')).length;
      const res = await t.call('POST', `/api/admin/credential-requests/${own.id}/${action}`, {
        token: demo,
        body: reason,
      });
      expect(res.status).toBe(403);
      expect(res.json.error.message).toContain(
        'You cannot review your own request: another Super Admin must decide it',
      );
      const after = await pendingOf(DEMO_ADMIN_EMAIL);
      expect(after.id).toBe(own.id);
      expect(after.status).toBe('pending');
      expect(await auditOf(t, 'admin.credential.access.denied')).toHaveLength(denied);
      expect((await auditOf(t, 'admin.credential.review.refused')).at(-1)!.details).toMatchObject({
        rule: 'separation_of_duties',
        request_id: own.id,
        decision,
      });
    },
  );

  it('lets a second super_admin approve the demo administrator’s request', async () => {
    const own = await pendingOf(DEMO_ADMIN_EMAIL);
    const res = await t.call('POST', `/api/admin/credential-requests/${own.id}/approve`, {
      token: amara,
      body: { reason: 'Reviewed the rotation plan' },
    });
    expect(res.status).toBe(200);
    expect(res.json.request.reviewer.email).toBe('amara.okafor@hirehub.example');
    const asDemo = await t.call('GET', '/api/admin/credential-requests', { token: demo });
    expect(asDemo.json.mine.find((r: any) => r.id === own.id).status).toBe('approved');
  });

  it('reviews only pending requests (409)', async () => {
    const done = await pendingOf('liam.chen@hirehub.example');
    const res = await t.call('POST', `/api/admin/credential-requests/${done.id}/deny`, {
      token: demo,
      body: reason,
    });
    expect(res.status).toBe(409);
    expect(res.json.error.message).toBe('This request has already been approved');
    expect((await pendingOf('liam.chen@hirehub.example')).status).toBe('approved');
  });

  it('leaves review to super_admins', async () => {
    const request = await pendingOf('yuki.tanaka@qrc.example');
    const res = await t.call('POST', `/api/admin/credential-requests/${request.id}/approve`, {
      token: liam,
      body: reason,
    });
    expect(res.status).toBe(403);
    expect(res.json.error.message).toContain('Only a Super Admin can approve or deny');
    expect((await pendingOf('yuki.tanaka@qrc.example')).status).toBe('pending');
  });

  it.each([
    ['no reason', {}, 400],
    ['a blank reason', { reason: '  ' }, 400],
    ['an unknown field', { reason: 'ok', status: 'approved' }, 400],
  ])('refuses %s', async (_n, payload, status) => {
    const request = await pendingOf('yuki.tanaka@qrc.example');
    const res = await t.call('POST', `/api/admin/credential-requests/${request.id}/approve`, {
      token: demo,
      body: payload,
    });
    expect(res.status).toBe(status);
    expect((await pendingOf('yuki.tanaka@qrc.example')).status).toBe('pending');
  });

  it('answers an unknown request with 404 and a malformed id with 400', async () => {
    const missing = await t.call(
      'POST',
      '/api/admin/credential-requests/00000000-0000-4000-8000-000000000000/approve',
      { token: demo, body: reason },
    );
    expect(missing.status).toBe(404);
    const bad = await t.call('POST', '/api/admin/credential-requests/nope/approve', {
      token: demo,
      body: reason,
    });
    expect(bad.status).toBe(400);
  });

  it('leaves the request pending when the approval cannot be recorded (fail closed)', async () => {
    const request = await pendingOf('yuki.tanaka@qrc.example');
    const res = await withBrokenAuditTrail(t, () =>
      t.call('POST', `/api/admin/credential-requests/${request.id}/approve`, {
        token: demo,
        body: reason,
      }),
    );
    expect(res.status).toBe(500);
    expect((await pendingOf('yuki.tanaka@qrc.example')).status).toBe('pending');
  });

  it('keeps the audit chain intact through all of it', async () => {
    expect((await verifyAuditChain(t.db)).ok).toBe(true);
  });
});

describe('OpenAPI document', () => {
  it('lists every credential, audit and setup operation', async () => {
    const res = await t.call('GET', '/api/openapi.json');
    expect(Object.keys(res.json.paths)).toEqual(
      expect.arrayContaining([
        '/api/admin/apps',
        '/api/admin/sessions',
        '/api/admin/credential-requests',
        '/api/admin/credential-requests/{id}/approve',
        '/api/admin/credential-requests/{id}/deny',
        '/api/admin/credential-grants',
        '/api/admin/credential-grants/active',
        '/api/admin/credential-grants/{id}/revoke',
        '/api/admin/audit',
        '/api/admin/audit/export',
        '/api/admin/audit/verify',
        '/api/setup/system-admins',
        '/api/setup/clear-all-users',
        '/api/setup/cleanup-all-users',
      ]),
    );
  });
});

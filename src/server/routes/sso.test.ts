import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ssoInitiateRequestSchema } from '@shared/schemas/sso';
import { asc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, auditEvents, platformUsers, ssoCodes } from '../db/schema';
import { DEMO_ADMIN_EMAIL } from '../db/seed-data';
import { sha256Hex } from '../security/tokens';
import { demoReceiver } from '../sso/demo-receiver';
import { createApp } from '../start/app';
import { createTestContext, manualClock, type TestContext } from '../testing/harness';
import { passwordSession } from '../testing/principals';
import { hostileRedirects, TARGET_ORIGIN } from '../testing/hostile-redirects';

const clock = manualClock();
let t: TestContext;
let clientDir: string;
let receiver: Awaited<ReturnType<typeof demoReceiver>>;
let hirehubId: string;
const HIREHUB_KEY = 'hirehub-test-api-key';

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'client-'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
  t = await createTestContext({ now: clock.now, app: { clientDir } });
  receiver = await demoReceiver(t.db, t.config);
  const [hirehub] = await t.db
    .update(applications)
    .set({ apiKeyHash: sha256Hex(HIREHUB_KEY) })
    .where(eq(applications.appName, 'HireHub'))
    .returning();
  hirehubId = hirehub!.id;
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const token = 'demo-token-1700000000000';
const initiate = (body: unknown, auth: string | null = token) =>
  t.call('POST', '/api/sso/initiate', { token: auth, body });
const exchange = (code: string, key: string | null) =>
  t.call('POST', '/api/sso/exchange', { token: key, body: { code } });
const codeCount = async () =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(ssoCodes))[0]!.n;
const auditCount = async (type: string) =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditEvents)
      .where(eq(auditEvents.eventType, type))
  )[0]!.n;
const lastAuditSeq = async () =>
  (
    await t.db
      .select({ n: sql<number>`coalesce(max(${auditEvents.seq}), 0)::int` })
      .from(auditEvents)
  )[0]!.n;
const auditAfter = (seq: number) =>
  t.db
    .select({
      eventType: auditEvents.eventType,
      severity: auditEvents.severity,
      userId: auditEvents.userId,
      details: auditEvents.details,
    })
    .from(auditEvents)
    .where(gt(auditEvents.seq, seq))
    .orderBy(asc(auditEvents.seq));

describe('GET /api/sso/applications', () => {
  const lookup = (appId: string, auth: string | null = token) =>
    t.call('GET', `/api/sso/applications?app_id=${encodeURIComponent(appId)}`, { token: auth });

  it('resolves the ecosystem products by short name as well as by id, and nothing secret', async () => {
    const bySlug = await lookup('hirehub');
    expect(bySlug.status).toBe(200);
    expect(bySlug.json).toEqual({
      application: {
        id: hirehubId,
        app_name: 'HireHub',
        app_url: 'https://hirehub.example',
        is_active: true,
        login_url: null,
        sign_on_unavailable: null,
      },
    });
    expect((await lookup(hirehubId)).json).toEqual(bySlug.json);
    expect((await lookup('HireHub')).json).toEqual(bySlug.json);
    expect((await lookup('qrc')).json.application.app_name).toBe('Quick Role Check');
    expect((await lookup('role-builder')).json.application.app_name).toBe('Role Builder');
    expect((await lookup('talentmls')).json.application).toMatchObject({
      app_name: 'TalentMLS',
      is_active: false,
    });
    expect((await lookup('sso-demo-receiver')).json.application.id).toBe(receiver.appId);
    expect(JSON.stringify(bySlug.json)).not.toMatch(/hash|key|secret/i);
  });

  it('answers null for an application nobody registered', async () => {
    for (const unknown of ['sortstakk', '3f2a2b8e-4f0e-4a57-9a52-1b7f1f0f2a11']) {
      const res = await lookup(unknown);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ application: null });
    }
  });

  it.each(['', '../admin', 'a b', "x' or 1=1", 'x'.repeat(65)])(
    'refuses the malformed app_id %j with 400',
    async (bad) => {
      const res = await lookup(bad);
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe('validation_failed');
    },
  );

  it('requires a signed-in caller', async () => {
    expect((await lookup('hirehub', null)).status).toBe(401);
  });
});

describe('POST /api/sso/initiate', () => {
  it('requires a signed-in caller', async () => {
    const res = await initiate(
      { app_id: receiver.appId, redirect_url: receiver.callbackUrl },
      null,
    );
    expect(res.status).toBe(401);
    expect(await codeCount()).toBe(0);
  });

  it.each([
    ['missing fields', {}],
    ['a bad app id', { app_id: 'nope', redirect_url: 'https://x.example' }],
    ['a wrong type', { app_id: 5, redirect_url: 'https://x.example' }],
    [
      'an unknown field',
      { app_id: '3f2a2b8e-4f0e-4a57-9a52-1b7f1f0f2a11', redirect_url: 'x', extra: 1 },
    ],
  ] as [string, unknown][])('refuses %s with 400', async (_name, body) => {
    const res = await initiate(body);
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('validation_failed');
  });

  it('refuses an application that is not registered', async () => {
    const res = await initiate({
      app_id: '3f2a2b8e-4f0e-4a57-9a52-1b7f1f0f2a11',
      redirect_url: 'https://x.example/',
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toEqual({
      code: 'invalid_request',
      message: 'No registered application has this app_id.',
    });
  });

  it('refuses an inactive application', async () => {
    const [mls] = await t.db
      .select()
      .from(applications)
      .where(eq(applications.appName, 'TalentMLS'));
    const res = await initiate({ app_id: mls!.id, redirect_url: `${mls!.appUrl}/sso` });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe('TalentMLS is not active.');
  });

  it('refuses a URL off the application origin, issues nothing and records the attempt', async () => {
    const before = await auditCount('security.violation');
    for (const url of [
      'https://evil.example/',
      `${receiver.callbackUrl.replace('127.0.0.1', 'localhost')}`,
      'javascript:alert(1)',
    ]) {
      const res = await initiate({ app_id: receiver.appId, redirect_url: url });
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe('invalid_request');
    }
    expect(await codeCount()).toBe(0);
    expect(await auditCount('security.violation')).toBe(before + 3);
  });

  it('issues a code valid for 60 seconds, stored only as a hash, and audits it', async () => {
    const res = await initiate({ app_id: receiver.appId, redirect_url: receiver.callbackUrl });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      code: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      redirect_url: receiver.callbackUrl,
      app_name: 'SSO Demo Receiver',
      expires_at: new Date(clock.now().getTime() + 60_000).toISOString(),
    });
    const rows = await t.db.select().from(ssoCodes);
    expect(rows.map((r) => r.codeHash)).toContain(sha256Hex(res.json.code));
    expect(JSON.stringify(rows)).not.toContain(res.json.code);
    expect(await auditCount('cross_platform.auth.initiated')).toBeGreaterThanOrEqual(1);
  });
});

describe('POST /api/sso/initiate with hostile redirect URLs (docs/product/quality.md#hostile-redirects)', () => {
  let demoAdminId: string;
  beforeAll(async () => {
    const [admin] = await t.db
      .select()
      .from(platformUsers)
      .where(eq(platformUsers.email, DEMO_ADMIN_EMAIL));
    demoAdminId = admin!.id;
  });

  it('tries at least 30 of them, against an application that accepts its own origin', async () => {
    expect(hostileRedirects.length).toBeGreaterThanOrEqual(30);
    const res = await initiate({
      app_id: hirehubId,
      redirect_url: `${TARGET_ORIGIN}/sso/callback`,
    });
    expect(res.status).toBe(201);
  });

  it.each(hostileRedirects.map(({ kind, label, url }) => [`${kind} ${label}`, url]))(
    'refuses %s and issues no code',
    async (_name, url) => {
      const codesBefore = await codeCount();
      const seq = await lastAuditSeq();
      const res = await initiate({ app_id: hirehubId, redirect_url: url });

      expect(res.status).toBe(400);
      expect(res.json).toEqual({
        error: { code: expect.any(String), message: expect.any(String) },
      });
      expect(await codeCount()).toBe(codesBefore);
      // Empty and over-long values stop at the input schema; everything else
      // reaches the redirect policy, whose refusal is a security event.
      const schemaRefuses = !ssoInitiateRequestSchema.safeParse({
        app_id: hirehubId,
        redirect_url: url,
      }).success;
      if (schemaRefuses) {
        expect(res.json.error.code).toBe('validation_failed');
        expect(await auditAfter(seq)).toEqual([]);
      } else {
        expect(res.json.error.code).toBe('invalid_request');
        expect(await auditAfter(seq)).toEqual([
          {
            eventType: 'security.violation',
            severity: 'medium',
            userId: demoAdminId,
            details: {
              action: 'sso_redirect_refused',
              app_id: hirehubId,
              reason: res.json.error.message,
            },
          },
        ]);
      }
    },
  );
});

describe('POST /api/sso/exchange', () => {
  async function newCode(appId = receiver.appId, url = receiver.callbackUrl) {
    const res = await initiate({ app_id: appId, redirect_url: url });
    expect(res.status).toBe(201);
    return res.json.code as string;
  }

  it('trades a code once for the identity of the user who started it', async () => {
    const code = await newCode();
    const before = await auditCount('cross_platform.token.exchange');
    const res = await exchange(code, receiver.apiKey);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      user: {
        email: DEMO_ADMIN_EMAIL,
        full_name: 'Demo User',
        roles: expect.arrayContaining(['super_admin', 'platform_admin']),
      },
      app_id: receiver.appId,
      redirect_url: receiver.callbackUrl,
    });
    expect(await auditCount('cross_platform.token.exchange')).toBe(before + 1);

    const again = await exchange(code, receiver.apiKey);
    expect(again.status).toBe(401);
    expect(again.json.error.message).toBe('The sign-on code is invalid, expired or already used.');
  });

  it('refuses an expired code', async () => {
    const code = await newCode();
    clock.advance(60_001);
    const res = await exchange(code, receiver.apiKey);
    expect(res.status).toBe(401);
  });

  it("refuses another application's key, and a code issued for another application", async () => {
    const code = await newCode();
    expect((await exchange(code, HIREHUB_KEY)).status).toBe(401);
    // The refused attempt did not burn the code for its rightful application.
    expect((await exchange(code, receiver.apiKey)).status).toBe(200);

    const hirehubCode = await newCode(hirehubId, 'https://hirehub.example/sso/callback');
    expect((await exchange(hirehubCode, receiver.apiKey)).status).toBe(401);
    expect((await exchange(hirehubCode, HIREHUB_KEY)).status).toBe(200);
  });

  it('refuses a missing or wrong key and an unknown code', async () => {
    const code = await newCode();
    expect((await exchange(code, null)).status).toBe(401);
    expect((await exchange(code, 'wrong-key')).status).toBe(401);
    expect((await exchange('no-such-code', receiver.apiKey)).status).toBe(401);
  });
});

describe('demo receiver and CSP', () => {
  it('lets documents post forms only to self and active registered applications', async () => {
    const res = await t.call('GET', '/auth-redirect');
    const csp = res.headers.get('content-security-policy')!;
    const formAction = /form-action ([^;]+)/.exec(csp)![1]!.split(' ');
    expect(formAction).toContain("'self'");
    expect(formAction).toContain('https://hirehub.example');
    expect(formAction).toContain('http://127.0.0.1:3000');
    expect(formAction).not.toContain('https://talentmls.example'); // inactive
  });

  it('shows who arrived, escaping what it prints', async () => {
    await t.db
      .update(platformUsers)
      .set({ fullName: '<script>alert(1)</script>' })
      .where(eq(platformUsers.email, DEMO_ADMIN_EMAIL));
    const code = await (async () => {
      const r = await initiate({ app_id: receiver.appId, redirect_url: receiver.callbackUrl });
      return r.json.code as string;
    })();
    const res = await t.app.request('/sso/demo-callback', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ code }).toString(),
    });
    const page = await res.text();
    expect(res.status).toBe(200);
    expect(page).toContain(DEMO_ADMIN_EMAIL);
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toContain('<script>alert(1)');
    const nonce = /<style nonce="([^"]+)"/.exec(page)?.[1];
    expect(res.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`);

    const replay = await t.app.request('/sso/demo-callback', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ code }).toString(),
    });
    expect(replay.status).toBe(401);
    expect(await replay.text()).toContain('Sign-on refused');
  });
});

describe('the code exchange in production mode (docs/api/sign-on.md: deprecated)', () => {
  const inProduction = (ssoLegacyExchange: boolean) => {
    const app = createApp({
      ...t.deps,
      config: { ...t.config, demoMode: false, ssoLegacyExchange },
    });
    return (path: string, bearer: string, body: unknown) =>
      app.request(path, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
  };
  const hirehub = { redirect_url: 'https://hirehub.example/sso/callback' };

  it('is retired: a start and an application’s exchange answer 404, and no code is made', async () => {
    const post = inProduction(false);
    const session = await passwordSession(t, 'noah.williams@sortstak.example');
    const before = await codeCount();
    const started = await post('/api/sso/initiate', session, { app_id: hirehubId, ...hirehub });
    expect(started.status).toBe(404);
    // The person at the console's step learns what is missing, in words an administrator acts on.
    expect(((await started.json()) as { error: { message: string } }).error.message).toMatch(
      /^This application has no sign-in start registered.*login start URI in its Sign-in settings/,
    );
    expect(await codeCount()).toBe(before);
    const traded = await post('/api/sso/exchange', HIREHUB_KEY, { code: 'any-code' });
    expect(traded.status).toBe(404);
    expect(((await traded.json()) as { error: { message: string } }).error.message).toMatch(
      /OpenID Connect/,
    );
    // Whoever holds no application key is refused as before.
    expect((await post('/api/sso/exchange', 'not-a-key', { code: 'any-code' })).status).toBe(401);
  });

  it('answers behind SSO_LEGACY_EXCHANGE=on, marked deprecated', async () => {
    const post = inProduction(true);
    const session = await passwordSession(t, 'noah.williams@sortstak.example');
    const started = await post('/api/sso/initiate', session, { app_id: hirehubId, ...hirehub });
    expect(started.status).toBe(201);
    expect(started.headers.get('deprecation')).toBe('true');
    const { code } = (await started.json()) as { code: string };
    const traded = await post('/api/sso/exchange', HIREHUB_KEY, { code });
    expect(traded.status).toBe(200);
    expect(traded.headers.get('deprecation')).toBe('true');
  });
});

describe('GET /api/sso/applications in production mode (docs/product/sign-on.md#oidc)', () => {
  const START = 'https://roles.example/oidc/login?tenant=acme';
  const lookupIn = async (appId: string) => {
    const app = createApp({ ...t.deps, config: { ...t.config, demoMode: false } });
    const session = await passwordSession(t, 'noah.williams@sortstak.example');
    const res = await app.request(`/api/sso/applications?app_id=${appId}`, {
      headers: { authorization: `Bearer ${session}` },
    });
    expect(res.status).toBe(200);
    return (
      (await res.json()) as {
        application: { login_url: string | null; sign_on_unavailable: string | null };
      }
    ).application;
  };
  const register = async (values: Partial<typeof applications.$inferInsert>) => {
    const [row] = await t.db
      .insert(applications)
      .values({ appName: 'Role Checker', appUrl: 'https://roles.example', appType: 'tool' })
      .returning();
    await t.db
      .update(applications)
      .set({ oidcClientId: row!.id, ...values })
      .where(eq(applications.id, row!.id));
    return row!.id;
  };

  it('names a registered application’s login start, with this provider as iss', async () => {
    const id = await register({ oidcInitiateLoginUri: START });
    expect((await lookupIn(id)).sign_on_unavailable).toBeNull();
    const loginUrl = new URL((await lookupIn(id)).login_url!);
    expect(loginUrl.origin + loginUrl.pathname).toBe('https://roles.example/oidc/login');
    expect(loginUrl.searchParams.get('tenant')).toBe('acme');
    expect(loginUrl.searchParams.get('iss')).toBe(`${t.config.publicUrl}/oidc`);
  });

  it('names none for an application without one, inactive, or not a client', async () => {
    const withoutStart = await lookupIn(await register({}));
    expect(withoutStart.login_url).toBeNull();
    // Said on arrival: the old code is retired, so there is no other way in.
    expect(withoutStart.sign_on_unavailable).toMatch(/^This application has no sign-in start/);
    const inactive = await register({ oidcInitiateLoginUri: START, isActive: false });
    expect((await lookupIn(inactive)).login_url).toBeNull();
    // An inactive application has its own refusal on the step.
    expect((await lookupIn(inactive)).sign_on_unavailable).toBeNull();
    const notClient = await register({ oidcInitiateLoginUri: START, oidcClientId: null });
    expect((await lookupIn(notClient)).login_url).toBeNull();
    // A stored start that no longer passes the redirect URIs' rules is not followed.
    const unsafe = await register({ oidcInitiateLoginUri: 'http://roles.example/login' });
    expect((await lookupIn(unsafe)).login_url).toBeNull();
  });

  it('keeps the SSO Demo Receiver’s own start', async () => {
    await t.db
      .update(applications)
      .set({ oidcClientId: receiver.appId })
      .where(eq(applications.id, receiver.appId));
    try {
      const loginUrl = new URL((await lookupIn(receiver.appId)).login_url!);
      expect(loginUrl.pathname).toBe('/sso/demo-login');
    } finally {
      await t.db
        .update(applications)
        .set({ oidcClientId: null })
        .where(eq(applications.id, receiver.appId));
    }
  });
});

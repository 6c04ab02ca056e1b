import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows } from '../testing/admin-helpers';
import { givePassword, signedIn } from '../testing/auth-helpers';
import { createTestContext, type TestContext } from '../testing/harness';

/** Sessions the user controls: the list marks the current one; end one, or all others. */
const LIAM = 'liam.chen@hirehub.example'; // platform_admin
const AMARA = 'amara.okafor@hirehub.example'; // super_admin
const PASSWORD = 'correct horse battery staple';

describe('production mode', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ config: { demoMode: false }, people: [LIAM, AMARA] });
    await givePassword(t, LIAM, PASSWORD);
    await givePassword(t, AMARA, PASSWORD);
  });
  afterAll(() => t.close());

  const list = async (token: string) =>
    (await t.call('GET', '/api/admin/sessions', { token })).json.sessions as {
      id: string;
      current: boolean;
      is_active: boolean;
    }[];

  it('marks the session in use as current', async () => {
    const phone = await signedIn(t, LIAM, PASSWORD);
    const laptop = await signedIn(t, LIAM, PASSWORD);
    const sessions = await list(laptop.access_token);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions[0]!.current).toBe(true);
    expect((await list(phone.access_token))[1]!.current).toBe(true);
  });

  it('ends one other session: it is refused at once, on the record', async () => {
    const other = await signedIn(t, LIAM, PASSWORD);
    const mine = await signedIn(t, LIAM, PASSWORD);
    const target = (await list(mine.access_token)).find((s) => !s.current)!;
    const res = await t.call('DELETE', `/api/admin/sessions/${target.id}`, {
      token: mine.access_token,
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ revoked: 1 });
    expect((await t.call('GET', '/api/auth/me', { token: other.access_token })).status).toBe(401);
    const refresh = await t.call('POST', '/api/auth/refresh', {
      body: { refresh_token: other.refresh_token },
    });
    expect(refresh.status).toBe(401);
    expect((await list(mine.access_token)).find((s) => s.id === target.id)!.is_active).toBe(false);
    const [event] = (await auditRows(t, 'auth.session.revoked')).slice(-1);
    expect(event?.details).toEqual({ session_id: target.id });

    const again = await t.call('DELETE', `/api/admin/sessions/${target.id}`, {
      token: mine.access_token,
    });
    expect(again.status).toBe(409);
  });

  it('will not end the session in use (sign out does), nor anyone else’s', async () => {
    const mine = await signedIn(t, LIAM, PASSWORD);
    const current = (await list(mine.access_token)).find((s) => s.current)!;
    const self = await t.call('DELETE', `/api/admin/sessions/${current.id}`, {
      token: mine.access_token,
    });
    expect(self.status).toBe(409);
    expect(self.json.error.message).toBe('This is the session you are using: sign out to end it');
    // The same id in capitals is the same session.
    const shouted = await t.call('DELETE', `/api/admin/sessions/${current.id.toUpperCase()}`, {
      token: mine.access_token,
    });
    expect(shouted.status).toBe(409);
    expect((await t.call('GET', '/api/auth/me', { token: mine.access_token })).status).toBe(200);

    const theirs = await signedIn(t, AMARA, PASSWORD);
    const theirId = (await list(theirs.access_token)).find((s) => s.current)!.id;
    const res = await t.call('DELETE', `/api/admin/sessions/${theirId}`, {
      token: mine.access_token,
    });
    expect(res.status).toBe(404);
    expect((await t.call('GET', '/api/auth/me', { token: theirs.access_token })).status).toBe(200);
    const bad = await t.call('DELETE', '/api/admin/sessions/not-a-uuid', {
      token: mine.access_token,
    });
    expect(bad.status).toBe(400);
  });

  it('ends every other session of the caller, and no one else’s', async () => {
    const a = await signedIn(t, LIAM, PASSWORD);
    const b = await signedIn(t, LIAM, PASSWORD);
    const mine = await signedIn(t, LIAM, PASSWORD);
    const theirs = await signedIn(t, AMARA, PASSWORD);
    const res = await t.call('POST', '/api/admin/sessions/revoke-others', {
      token: mine.access_token,
    });
    expect(res.status).toBe(200);
    expect(res.json.revoked).toBeGreaterThanOrEqual(2);
    for (const s of [a, b]) {
      expect((await t.call('GET', '/api/auth/me', { token: s.access_token })).status).toBe(401);
    }
    expect((await t.call('GET', '/api/auth/me', { token: mine.access_token })).status).toBe(200);
    expect((await t.call('GET', '/api/auth/me', { token: theirs.access_token })).status).toBe(200);
    const [event] = (await auditRows(t, 'auth.sessions.others_revoked')).slice(-1);
    expect(event?.details).toEqual({ revoked: res.json.revoked });
  });

  it('refuses a sign-out or an ending of the others that comes with a query string, and ends nothing', async () => {
    const other = await signedIn(t, LIAM, PASSWORD);
    const mine = await signedIn(t, LIAM, PASSWORD);
    for (const path of [
      '/api/admin/sessions/revoke-others?all=1',
      '/api/auth/sign-out?everywhere',
    ]) {
      const res = await t.call('POST', path, { token: mine.access_token });
      expect(res.status, path).toBe(400);
      expect(res.json.error.message).toBe('This operation takes no query parameters');
    }
    for (const s of [other, mine]) {
      expect((await t.call('GET', '/api/auth/me', { token: s.access_token })).status).toBe(200);
    }
  });

  it('refuses anonymous callers', async () => {
    expect((await t.call('POST', '/api/admin/sessions/revoke-others')).status).toBe(401);
  });

  it('declares every new operation with its responses in the OpenAPI document', async () => {
    const doc = (await t.call('GET', '/api/openapi.json')).json;
    const expected: [string, string, string[]][] = [
      ['/api/auth/sign-in', 'post', ['200', '202', '400', '401', '403', '409', '429']],
      ['/api/auth/refresh', 'post', ['200', '400', '401', '409']],
      ['/api/auth/sign-out', 'post', ['204', '400', '401', '409']],
      ['/api/auth/me', 'get', ['200', '400', '401', '409']],
      ['/api/auth/password', 'post', ['200', '400', '401', '409', '429']],
      ['/api/auth/sign-up', 'post', ['202', '400', '403', '409', '429']],
      ['/api/admin/sessions/{id}', 'delete', ['200', '400', '401', '403', '404', '409']],
      ['/api/admin/sessions/revoke-others', 'post', ['200', '400', '401', '403']],
    ];
    for (const [path, method, statuses] of expected) {
      expect(Object.keys(doc.paths[path]?.[method]?.responses ?? {}).sort(), path).toEqual(
        statuses,
      );
    }
  });
});

describe('demo mode', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('answers the server sign-in with a clear 409: demo sign-in is client-side', async () => {
    for (const [method, path, body] of [
      ['POST', '/api/auth/sign-in', { email: 'a@b.example', password: 'x' }],
      ['POST', '/api/auth/refresh', { refresh_token: 'x' }],
      ['GET', '/api/auth/me', undefined],
      [
        'POST',
        '/api/auth/sign-up',
        { full_name: 'A', email: 'a@b.example', password: 'x'.repeat(12) },
      ],
    ] as const) {
      const res = await t.call(method, path, { body, token: t.demoToken() });
      expect(res.status, path).toBe(409);
      expect(res.json.error.code).toBe('demo_mode');
    }
  });

  it("never ends another visitor's demo session", async () => {
    const visitor = t.demoToken(1);
    const other = t.demoToken(2);
    await t.call('GET', '/api/admin/sessions', { token: other });
    const res = await t.call('POST', '/api/admin/sessions/revoke-others', { token: visitor });
    expect(res.json).toEqual({ revoked: 0 });
    const mine = await t.call('GET', '/api/admin/sessions', { token: other });
    expect(mine.json.sessions[0]).toMatchObject({ current: true, is_active: true });
    const otherId = mine.json.sessions[0].id as string;
    const cross = await t.call('DELETE', `/api/admin/sessions/${otherId}`, { token: visitor });
    expect(cross.status).toBe(404);
  });
});

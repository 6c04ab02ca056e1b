import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../audit/chain/verify';
import { DEMO_ADMIN_EMAIL, seedUsers } from '../db/seed-data';
import { auditRows, roleRowsOf, userIdOf, writableState } from '../testing/admin-helpers';
import { createTestContext, type TestContext } from '../testing/harness';

/** The users API in demo mode, where a demo token acts as the demo administrator. */
let t: TestContext;
let token: string;
let adminId: string;

beforeAll(async () => {
  t = await createTestContext();
  token = t.demoToken();
  adminId = await userIdOf(t, DEMO_ADMIN_EMAIL);
});
afterAll(() => t.close());

const list = (query = '', tok: string | null = token) =>
  t.call('GET', `/api/admin/users${query}`, { token: tok });

/** Runs a request that must be refused, and shows that it wrote nothing. */
async function expectRefused(
  request: () => ReturnType<TestContext['call']>,
  status: number,
  code: string,
  message?: RegExp,
) {
  const before = await writableState(t);
  const res = await request();
  expect(res.status, res.text).toBe(status);
  expect(res.json?.error?.code).toBe(code);
  expect(typeof res.json?.error?.message).toBe('string');
  expect(res.json.error.message.length).toBeGreaterThan(3);
  if (message) expect(res.json.error.message).toMatch(message);
  expect(await writableState(t)).toBe(before);
  return res;
}

describe('GET /api/admin/users', () => {
  it('lists users newest first, each with the roles in force, and counts them', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    const { users, total, total_exact, next_cursor } = res.json;
    expect(total).toBe(seedUsers.length);
    expect(total_exact).toBe(true);
    expect(users).toHaveLength(Math.min(25, seedUsers.length));
    const created = users.map((u: { created_at: string }) => u.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    expect(next_cursor).toEqual(expect.any(String));

    const everyone = (await list('?limit=100')).json.users;
    const priya = everyone.find((u: { email: string }) => u.email.startsWith('priya.sharma'));
    // Priya's super_admin record is revoked (is_active false): not shown as a role.
    expect(priya.roles).toEqual(['user', 'platform_admin']);
    expect(Object.keys(priya).sort()).toEqual(
      [
        'created_at',
        'department',
        'email',
        'full_name',
        'id',
        'is_active',
        'last_login_at',
        'organization',
        'roles',
      ].sort(),
    );
  });

  it('pages with an opaque cursor through every user once, in order', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await list(`?limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      if (pages > 0) expect(res.json.total).toBeNull();
      seen.push(...res.json.users.map((u: { id: string }) => u.id));
      cursor = res.json.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(Math.ceil(seedUsers.length / 7));
    expect(new Set(seen).size).toBe(seedUsers.length);
    const all = (await list('?limit=100')).json.users.map((u: { id: string }) => u.id);
    expect(seen).toEqual(all);
  });

  it.each([
    ['email', 'hirehub.example', (u: any) => u.email.includes('hirehub.example')],
    ['full name, ignoring case', 'OKAFOR', (u: any) => u.full_name === 'Amara Okafor'],
    ['organization', 'northwind', (u: any) => u.organization === 'Northwind Talent'],
    ['accented name', 'martínez', (u: any) => u.full_name === 'Sofia Martínez'],
  ])('searches by %s', async (_field, q, matches) => {
    const res = await list(`?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    const expected = seedUsers.filter((s) =>
      matches({ email: s.email, full_name: s.fullName, organization: s.organization }),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(res.json.total).toBe(expected.length);
    expect(res.json.users.map((u: { email: string }) => u.email).sort()).toEqual(
      expected.map((s) => s.email).sort(),
    );
  });

  it.each(['ch', 'No', 'h'])(
    'matches a search of one or two characters (%s) anywhere in email, name or organization',
    async (q) => {
      const lower = q.toLowerCase();
      const fields = (s: (typeof seedUsers)[number]) =>
        [s.email, s.fullName, s.organization].map((v) => (v ?? '').toLowerCase());
      const expected = seedUsers.filter((s) => fields(s).some((v) => v.includes(lower)));
      // Some users hold the characters only inside a field, not at its start: they match too.
      const inside = expected.filter((s) => !fields(s).some((v) => v.startsWith(lower)));
      expect(inside.length).toBeGreaterThan(0);
      const res = await list(`?q=${encodeURIComponent(q)}&limit=100`);
      expect(res.status).toBe(200);
      expect(res.json.total).toBe(expected.length);
      expect(res.json.users.map((u: { email: string }) => u.email).sort()).toEqual(
        expected.map((s) => s.email).sort(),
      );
    },
  );

  it('answers an empty page for a search that matches nobody', async () => {
    const res = await list('?q=zz-no-such-user-zz');
    expect(res.json).toEqual({ users: [], next_cursor: null, total: 0, total_exact: true });
  });

  it('does not search the department, and treats % and _ as plain characters', async () => {
    expect((await list('?q=customer%20success')).json.total).toBe(0);
    expect((await list(`?q=${encodeURIComponent('%')}`)).json.total).toBe(0);
    expect((await list(`?q=${encodeURIComponent('_')}`)).json.total).toBe(0);
    expect((await list(`?q=${encodeURIComponent('   ')}`)).json.total).toBe(seedUsers.length);
  });

  it.each([
    ['limit 0', '?limit=0', /limit must be at least 1/],
    ['limit over 100', '?limit=101', /limit must be at most 100/],
    ['limit not a number', '?limit=ten', /limit must be a number/],
    ['limit not whole', '?limit=2.5', /whole number/],
    ['a search over 100 characters', `?q=${'a'.repeat(101)}`, /at most 100 characters/],
    ['a search with a line break', '?q=a%0Ab', /line breaks/],
    ['a cursor that does not decode', '?cursor=bm90LWEtY3Vyc29y', /cursor is not valid/],
    ['a cursor with foreign characters', '?cursor=abc$def', /cursor is not valid/],
    ['an unknown parameter', '?page=2', /Unknown query parameter page/],
  ])('refuses %s with 400 and a message', async (_name, query, message) => {
    await expectRefused(
      () => list(query),
      400,
      /cursor that does not/.test(_name) ? 'bad_request' : 'validation_failed',
      message,
    );
  });

  it('refuses a crafted cursor whose fields are out of range with 400, before the database', async () => {
    const id = '3f2a2b8e-4f0e-4a57-9a52-1b7f1f0f2a11';
    const logged: unknown[] = [];
    const error = t.deps.log.error;
    t.deps.log.error = (msg, fields) => void logged.push({ msg, fields });
    try {
      for (const time of [
        '9999-99-99 99:99:99Z',
        '2026-13-01 00:00:00+00',
        '2026-02-29 00:00:00+00',
        '2026-04-31 00:00:00+00',
        '0000-01-01 00:00:00+00',
        '2026-01-01 24:00:00+00',
        '2026-01-01 00:60:00+00',
        '2026-01-01 00:00:60+00',
        '2026-01-01 00:00:00+16',
        '2026-01-01 00:00:00+05:99',
      ]) {
        const cursor = Buffer.from(JSON.stringify([time, id])).toString('base64url');
        const res = await expectRefused(() => list(`?cursor=${cursor}`), 400, 'bad_request');
        expect(res.json.error.message).toBe(
          'The page cursor is not valid; start again from the first page',
        );
      }
    } finally {
      t.deps.log.error = error;
    }
    expect(logged).toEqual([]);
  });

  it('takes a cursor at the edges of the valid ranges', async () => {
    const id = '3f2a2b8e-4f0e-4a57-9a52-1b7f1f0f2a11';
    for (const time of [
      '2024-02-29 23:59:59.999999+00',
      '0001-01-01 00:00:00+15:59:59',
      '9999-12-31 23:59:59-15:59',
      '2026-06-01T12:00:00Z',
    ]) {
      const cursor = Buffer.from(JSON.stringify([time, id])).toString('base64url');
      const res = await list(`?cursor=${cursor}`);
      expect(res.status, `${time}: ${res.text}`).toBe(200);
    }
  });

  it('answers 401 without a valid bearer token', async () => {
    await expectRefused(() => list('', null), 401, 'unauthorized');
    await expectRefused(() => list('', 'not-a-real-token'), 401, 'unauthorized');
  });
});

describe('GET /api/admin/users filters and orders', () => {
  type Listed = {
    id: string;
    email: string;
    full_name: string | null;
    organization: string | null;
    is_active: boolean;
    last_login_at: string | null;
    roles: string[];
  };
  const all = async (query: string): Promise<Listed[]> => {
    const users: Listed[] = [];
    let cursor: string | null = null;
    do {
      const res = await list(`?limit=7&${query}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status, res.text).toBe(200);
      users.push(...res.json.users);
      cursor = res.json.next_cursor;
    } while (cursor);
    return users;
  };

  it('filters by roles in force, status, organization and never signed in, together', async () => {
    const admins = await all('role=platform_admin,super_admin');
    expect(admins.length).toBeGreaterThan(0);
    for (const u of admins) {
      expect(u.roles.some((r) => r === 'platform_admin' || r === 'super_admin')).toBe(true);
    }
    const expectedAdmins = seedUsers.filter((s) =>
      s.roles.some((r) => r === 'platform_admin' || r === 'super_admin'),
    );
    expect(admins.map((u) => u.email).sort()).toEqual(expectedAdmins.map((s) => s.email).sort());

    const inactive = await all('status=inactive');
    expect(inactive.map((u) => u.email).sort()).toEqual(
      seedUsers
        .filter((s) => !s.isActive)
        .map((s) => s.email)
        .sort(),
    );
    const orgs = await all('org=HireHub&org=');
    expect(orgs.map((u) => u.email).sort()).toEqual(
      seedUsers
        .filter((s) => s.organization === 'HireHub' || s.organization === null)
        .map((s) => s.email)
        .sort(),
    );
    const never = await all('never=true&status=active');
    expect(never.map((u) => u.email).sort()).toEqual(
      seedUsers
        .filter((s) => s.lastLoginDaysAgo === null && s.isActive)
        .map((s) => s.email)
        .sort(),
    );
    const none = await all('role=none');
    for (const u of none) expect(u.roles).toEqual([]);
  });

  it('sorts by name with the unnamed last in both directions, and pages with the cursor', async () => {
    for (const dir of ['asc', 'desc']) {
      const users = await all(`sort=name&dir=${dir}`);
      expect(users).toHaveLength(seedUsers.length);
      const named = users.filter((u) => u.full_name !== null);
      expect(users.slice(named.length).every((u) => u.full_name === null)).toBe(true);
      const names = named.map((u) => u.full_name!);
      expect(names.length).toBeGreaterThan(1);
      expect(names[0]! <= names.at(-1)!).toBe(dir === 'asc');
    }
    const byLogin = await all('sort=last_login');
    const signedIn = byLogin.filter((u) => u.last_login_at !== null);
    expect(signedIn.map((u) => u.last_login_at)).toEqual(
      [...signedIn.map((u) => u.last_login_at)].sort().reverse(),
    );
    expect(byLogin.slice(signedIn.length).every((u) => u.last_login_at === null)).toBe(true);
  });

  it.each([
    ['an unknown role', 'role=owner', /Unknown role "owner"/],
    ['a role twice', 'role=user,user', /Each role may be listed once/],
    ['role repeated', 'role=user&role=none', /role may be given once/],
    ['an unknown status', 'status=away', /status must be active or inactive/],
    ['never other than true', 'never=false', /never must be true/],
    ['an organization twice', 'org=HireHub&org=HireHub', /Each org value may appear once/],
    [
      'more than 20 organizations',
      Array.from({ length: 21 }, (_, i) => `org=Org${i}`).join('&'),
      /At most 20 org values/,
    ],
    ['an unknown sort', 'sort=age', /sort must be one of newest, name, email/],
    ['an unknown direction', 'dir=up', /dir must be asc or desc/],
  ])('refuses %s with 400 and writes nothing', async (_name, query, message) => {
    for (const path of ['/api/admin/users', '/api/admin/users/facets']) {
      if (path.endsWith('facets') && /^(sort|dir)=/.test(query)) continue;
      await expectRefused(
        () => t.call('GET', `${path}?${query}`, { token }),
        400,
        'validation_failed',
        message,
      );
    }
  });

  it('refuses a cursor handed out for another order or direction', async () => {
    const first = await list('?limit=3&sort=email');
    expect(first.status).toBe(200);
    const cursor = first.json.next_cursor as string;
    expect((await list(`?limit=3&sort=email&cursor=${cursor}`)).status).toBe(200);
    for (const other of ['', 'sort=name&', 'sort=email&dir=desc&']) {
      const res = await expectRefused(
        () => list(`?${other}limit=3&cursor=${cursor}`),
        400,
        'bad_request',
      );
      expect(res.json.error.message).toBe(
        'The page cursor is not valid; start again from the first page',
      );
    }
  });

  it('treats SQL in a filter or a crafted cursor value as data', async () => {
    const attack = "x') OR 1=1; DROP TABLE platform_users; --";
    const id = '3f2a2b8e-4f0e-4a57-9a52-1b7f1f0f2a11';
    const cursor = Buffer.from(JSON.stringify(['name', 'asc', attack, id])).toString('base64url');
    for (const query of [
      `?org=${encodeURIComponent(attack)}`,
      `?sort=name&cursor=${cursor}`,
      `/facets?org=${encodeURIComponent(attack)}&q=${encodeURIComponent(attack)}`,
    ]) {
      const res = await list(query);
      expect(res.status, res.text).toBe(200);
    }
    expect((await list(`?org=${encodeURIComponent(attack)}`)).json.total).toBe(0);
    expect((await list()).json.total).toBe(seedUsers.length);
  });

  it('refuses sort, dir, limit and cursor on the facets', async () => {
    for (const query of ['sort=name', 'dir=asc', 'limit=5', 'cursor=abc']) {
      await expectRefused(
        () => t.call('GET', `/api/admin/users/facets?${query}`, { token }),
        400,
        'validation_failed',
        /Unknown query parameter .*: parameters are q, role, status, org, never/,
      );
    }
  });
});

describe('GET /api/admin/users/facets', () => {
  it("counts each option among the users matching the search and the other facets' filters", async () => {
    const res = await t.call('GET', '/api/admin/users/facets?status=active&org=HireHub', {
      token,
    });
    expect(res.status, res.text).toBe(200);
    const facets = res.json;
    const hirehub = seedUsers.filter((s) => s.organization === 'HireHub');
    // Status options count HireHub users (the organization filter), not the status filter.
    expect(facets.status).toEqual([
      { value: 'active', count: hirehub.filter((s) => s.isActive).length, exact: true },
      { value: 'inactive', count: hirehub.filter((s) => !s.isActive).length, exact: true },
    ]);
    // Organization options count active users, HireHub listed as selected.
    const active = seedUsers.filter((s) => s.isActive);
    expect(facets.organization).toContainEqual({
      value: 'HireHub',
      count: active.filter((s) => s.organization === 'HireHub').length,
      exact: true,
    });
    expect(facets.organization).toContainEqual({
      value: null,
      count: active.filter((s) => s.organization === null).length,
      exact: true,
    });
    expect(facets.organization_more).toBe(false);
    expect(facets.role.map((o: { value: string }) => o.value)).toEqual([
      'user',
      'platform_admin',
      'super_admin',
      'none',
    ]);
    expect(facets.never_signed_in).toEqual({
      count: hirehub.filter((s) => s.isActive && s.lastLoginDaysAgo === null).length,
      exact: true,
    });
  });

  it('applies the search to every count', async () => {
    const res = await t.call('GET', '/api/admin/users/facets?q=okafor', { token });
    expect(res.status, res.text).toBe(200);
    const total = res.json.status.reduce((n: number, o: { count: number }) => n + o.count, 0);
    const matching = seedUsers.filter((s) =>
      [s.email, s.fullName, s.organization].some((v) => (v ?? '').toLowerCase().includes('okafor')),
    );
    expect(matching.length).toBeGreaterThan(0);
    expect(total).toBe(matching.length);
  });

  it('answers 401 without a valid bearer token', async () => {
    await expectRefused(
      () => t.call('GET', '/api/admin/users/facets', { token: null }),
      401,
      'unauthorized',
    );
  });
});

describe('PATCH /api/admin/users/:id', () => {
  const patch = (id: string, body: unknown, tok: string | null = token) =>
    t.call('PATCH', `/api/admin/users/${id}`, { token: tok, body });

  it('updates every field, saves empty text as null, and records who did it', async () => {
    const id = await userIdOf(t, 'noah.williams@sortstak.example');
    const res = await patch(id, {
      email: '  Noah.W@SortStak.example ',
      full_name: 'Noah B. Williams',
      organization: '',
      department: '   ',
      is_active: false,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      id,
      email: 'Noah.W@SortStak.example',
      full_name: 'Noah B. Williams',
      organization: null,
      department: null,
      is_active: false,
      roles: ['user'],
    });
    const [row] = await t.database.query<any>(`SELECT * FROM platform_users WHERE id = $1`, [id]);
    expect(row).toMatchObject({
      email: 'Noah.W@SortStak.example',
      full_name: 'Noah B. Williams',
      organization: null,
      department: null,
      is_active: false,
    });
    const [event] = (await auditRows(t, 'admin.user.updated')).slice(-1);
    expect(event).toMatchObject({
      source: 'server',
      user_id: adminId,
      session_id: token.slice(-8),
      severity: 'high',
    });
    expect(event!.details).toMatchObject({
      target_user_id: id,
      changes: {
        email: { from: 'noah.williams@sortstak.example', to: 'Noah.W@SortStak.example' },
        organization: { from: 'SortStak', to: null },
        is_active: { from: true, to: false },
      },
    });
    expect((await verifyAuditChain(t.db)).ok).toBe(true);
  });

  it('changes only the fields sent, and writes nothing when nothing differs', async () => {
    const id = await userIdOf(t, 'ethan.brown@rolebuilder.example');
    const res = await patch(id, { department: 'Research' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ full_name: 'Ethan Brown', department: 'Research' });
    const before = await writableState(t);
    const same = await patch(id, { department: 'Research', full_name: 'Ethan Brown' });
    expect(same.status).toBe(200);
    expect(await writableState(t)).toBe(before);
  });

  it('refuses an email another user has (whatever its case) with 409', async () => {
    const id = await userIdOf(t, 'grace.kim@talentspark.example');
    await expectRefused(
      () => patch(id, { email: 'LIAM.CHEN@hirehub.example', full_name: 'Changed' }),
      409,
      'conflict',
      /Another user already has the email LIAM\.CHEN@hirehub\.example/,
    );
  });

  const longEmail = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}.ex`;
  it.each([
    ['an invalid email', { email: 'not-an-email' }, /Enter a valid email address/],
    ['an empty email', { email: '  ' }, /Enter an email address/],
    ['a null email', { email: null }, /Email must be text/],
    ['an over-long email', { email: longEmail }, /at most 254 characters/],
    ['a number for a name', { full_name: 5 }, /Full name must be text/],
    ['a string for the active flag', { is_active: 'yes' }, /Active must be true or false/],
    ['an over-long name', { full_name: 'x'.repeat(201) }, /at most 200 characters/],
    ['an over-long organization', { organization: 'x'.repeat(201) }, /at most 200/],
    ['a department with a line break', { department: 'a\nb' }, /line breaks/],
    ['an unknown field', { full_name: 'X', role: 'super_admin' }, /Unknown field role/],
    ['a read-only field', { created_at: '2020-01-01' }, /Unknown field created_at/],
    ['an empty object', {}, /Change at least one/],
    ['an array', [{ full_name: 'X' }], /./],
  ])('refuses %s with 400, a message, and no write', async (_name, body, message) => {
    const id = await userIdOf(t, 'grace.kim@talentspark.example');
    await expectRefused(() => patch(id, body), 400, 'validation_failed', message);
  });

  it('refuses malformed JSON, a non-JSON body and an oversized body', async () => {
    const id = await userIdOf(t, 'grace.kim@talentspark.example');
    const raw = (rawBody: string, type = 'application/json') =>
      t.call('PATCH', `/api/admin/users/${id}`, {
        token,
        rawBody,
        headers: { 'content-type': type },
      });
    await expectRefused(() => raw('{"full_name":'), 400, 'bad_request');
    await expectRefused(() => raw('full_name=X', 'text/plain'), 415, 'unsupported_media_type');
    await expectRefused(
      () => raw(JSON.stringify({ full_name: 'x'.repeat(70_000) })),
      413,
      'payload_too_large',
    );
  });

  it('refuses a bad id with 400 and an unknown one with 404', async () => {
    await expectRefused(
      () => patch('not-a-uuid', { full_name: 'X' }),
      400,
      'validation_failed',
      /UUID/,
    );
    await expectRefused(
      () => patch('4b0c9a3e-8d8e-4a5b-9a52-1b7f1f0f2a11', { full_name: 'X' }),
      404,
      'not_found',
      /No user/,
    );
  });

  it('answers 401 without a valid bearer token', async () => {
    const id = await userIdOf(t, 'grace.kim@talentspark.example');
    await expectRefused(() => patch(id, { full_name: 'X' }, null), 401, 'unauthorized');
    await expectRefused(() => patch(id, { full_name: 'X' }, 'demo-token-abc'), 401, 'unauthorized');
  });

  it('does not let the caller deactivate their own account', async () => {
    await expectRefused(
      () => patch(adminId, { is_active: false }),
      409,
      'conflict',
      /cannot deactivate your own account/,
    );
  });

  it("refuses a system administrator's reserved address, in any case", async () => {
    const id = await userIdOf(t, 'priya.sharma@rolebuilder.example');
    await expectRefused(
      () => patch(id, { email: 'Security.Admin@talentecosystem.demo' }),
      409,
      'conflict',
      /is reserved for a system administrator, which the setup panel creates/,
    );
  });

  it("keeps the demo administrator's email in demo mode, but lets its name change", async () => {
    await expectRefused(
      () => patch(adminId, { email: 'someone@else.example' }),
      409,
      'conflict',
      /demo administrator's email cannot be changed/,
    );
    const res = await patch(adminId, { full_name: 'Demo Admin (renamed)' });
    expect(res.status).toBe(200);
    await patch(adminId, { full_name: 'Demo User' });
  });
});

describe('role records', () => {
  const getRoles = (id: string, tok: string | null = token) =>
    t.call('GET', `/api/admin/users/${id}/roles`, { token: tok });
  const putRoles = (id: string, body: unknown, tok: string | null = token) =>
    t.call('PUT', `/api/admin/users/${id}/roles`, { token: tok, body });

  it('lists every record of a user, revoked ones included, newest grant first', async () => {
    const id = await userIdOf(t, 'priya.sharma@rolebuilder.example');
    const res = await getRoles(id);
    expect(res.status).toBe(200);
    expect(res.json.user_id).toBe(id);
    expect(res.json.roles).toEqual(['user', 'platform_admin']);
    expect(res.json.records).toHaveLength(3);
    expect(res.json.records.find((r: any) => r.role === 'super_admin')).toMatchObject({
      is_active: false,
    });
  });

  it('turns a role never held on by inserting an active record granted by the caller', async () => {
    const id = await userIdOf(t, 'mei.ling@brightpath.example');
    expect(await roleRowsOf(t, id)).toEqual([]);
    const res = await putRoles(id, { changes: { platform_admin: true } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.roles).toEqual(['platform_admin']);
    const rows = await roleRowsOf(t, id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ role: 'platform_admin', is_active: true, granted_by: adminId });
  });

  it('turns a revoked role on by reactivating its record, not by adding one', async () => {
    const id = await userIdOf(t, 'priya.sharma@rolebuilder.example');
    const before = await roleRowsOf(t, id);
    const old = before.find((r) => r.role === 'super_admin')!;
    const res = await putRoles(id, { changes: { super_admin: true } });
    expect(res.status, res.text).toBe(200);
    const after = await roleRowsOf(t, id);
    expect(after).toHaveLength(before.length);
    const record = after.find((r) => r.role === 'super_admin')!;
    expect(record.id).toBe(old.id);
    expect(record).toMatchObject({ is_active: true, granted_by: adminId, expires_at: null });
    expect(record.granted_at.getTime()).toBeGreaterThan(old.granted_at.getTime());
  });

  it('turns a role off by deactivating its record, never deleting it', async () => {
    const id = await userIdOf(t, 'priya.sharma@rolebuilder.example');
    const before = await roleRowsOf(t, id);
    const res = await putRoles(id, { changes: { super_admin: false, user: false } });
    expect(res.status).toBe(200);
    expect(res.json.roles).toEqual(['platform_admin']);
    const after = await roleRowsOf(t, id);
    expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id));
    expect(after.map((r) => [r.role, r.is_active])).toEqual([
      ['platform_admin', true],
      ['super_admin', false],
      ['user', false],
    ]);
    // Unchanged records keep who granted them and when.
    const untouched = (rows: typeof before) => rows.find((r) => r.role === 'platform_admin');
    expect(untouched(after)).toEqual(untouched(before));
  });

  it('applies several toggles in one transaction with one audit event', async () => {
    const id = await userIdOf(t, 'lucas.dubois@talentmls.example');
    const events = (await auditRows(t, 'admin.roles.updated')).length;
    const res = await putRoles(id, { changes: { user: false, platform_admin: true } });
    expect(res.status).toBe(200);
    expect(res.json.roles).toEqual(['platform_admin']);
    const logged = await auditRows(t, 'admin.roles.updated');
    expect(logged).toHaveLength(events + 1);
    // An administrator's role granted: high (docs/product/audit-trail.md#severity).
    expect(logged.at(-1)).toMatchObject({
      user_id: adminId,
      severity: 'high',
      details: {
        target_user_id: id,
        target_email: 'lucas.dubois@talentmls.example',
        granted: ['platform_admin'],
        revoked: ['user'],
      },
    });
  });

  it('saves nothing for toggles that are already in that state', async () => {
    const id = await userIdOf(t, 'lucas.dubois@talentmls.example');
    const before = await writableState(t);
    const res = await putRoles(id, { changes: { platform_admin: true, super_admin: false } });
    expect(res.status).toBe(200);
    expect(await writableState(t)).toBe(before);
  });

  it('does not let the caller revoke their own administrator roles', async () => {
    await expectRefused(
      () => putRoles(adminId, { changes: { platform_admin: false } }),
      409,
      'conflict',
      /cannot revoke your own administrator roles/,
    );
  });

  it.each([
    ['an unknown role', { changes: { owner: true } }, /Unknown role owner/],
    ['a string for a toggle', { changes: { user: 'on' } }, /user must be true or false/],
    ['no toggles', { changes: {} }, /Change at least one role/],
    ['no changes object', { user: true }, /./],
    ['an extra field', { changes: { user: true }, reason: 'x' }, /reason/],
    ['a list instead of toggles', { changes: ['user'] }, /./],
  ])('refuses %s with 400 and no write', async (_name, body, message) => {
    const id = await userIdOf(t, 'grace.kim@talentspark.example');
    await expectRefused(() => putRoles(id, body), 400, 'validation_failed', message);
  });

  it('refuses bad and unknown ids, and callers without a token', async () => {
    const unknown = '4b0c9a3e-8d8e-4a5b-9a52-1b7f1f0f2a11';
    const id = await userIdOf(t, 'grace.kim@talentspark.example');
    await expectRefused(() => getRoles('123'), 400, 'validation_failed', /UUID/);
    await expectRefused(() => getRoles(unknown), 404, 'not_found');
    await expectRefused(
      () => putRoles('123', { changes: { user: true } }),
      400,
      'validation_failed',
    );
    await expectRefused(() => putRoles(unknown, { changes: { user: true } }), 404, 'not_found');
    await expectRefused(() => getRoles(id, null), 401, 'unauthorized');
    await expectRefused(
      () => putRoles(id, { changes: { user: false } }, null),
      401,
      'unauthorized',
    );
  });

  it('leaves an intact audit chain behind', async () => {
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
  });
});

describe('OpenAPI', () => {
  it('documents the admin user operations', async () => {
    const doc = (await t.call('GET', '/api/openapi.json')).json;
    expect(Object.keys(doc.paths['/api/admin/users'])).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/admin/users/facets'])).toEqual(['get']);
    const params = doc.paths['/api/admin/users'].get.parameters.map(
      (p: { name: string }) => p.name,
    );
    expect(params).toEqual(
      expect.arrayContaining(['q', 'role', 'status', 'org', 'never', 'sort', 'dir']),
    );
    expect(Object.keys(doc.paths['/api/admin/users/{id}'])).toEqual(['patch']);
    expect(Object.keys(doc.paths['/api/admin/users/{id}/roles']).sort()).toEqual(['get', 'put']);
  });
});

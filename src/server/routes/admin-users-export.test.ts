import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_EVENTS } from '../audit/event-types';
import { verifyAuditChain } from '../audit/chain/verify';
import { USER_EXPORT_COLUMNS } from '@shared/schemas/users';
import { USER_EXPORT_BATCH } from '../users/directory/export';
import { auditRows, writableState } from '../testing/admin-helpers';
import { formulaCellsInAnyView, parseCsv } from '../testing/csv-parse';
import { createTestContext, type TestContext } from '../testing/harness';

/** GET /api/admin/users/export (docs/product/admin-console.md#users-export), in demo mode. */
let t: TestContext;
let token: string;

beforeAll(async () => {
  t = await createTestContext();
  token = t.demoToken();
});
afterAll(() => t.close());

const exportCsv = (query = '', tok: string | null = token) =>
  t.call('GET', `/api/admin/users/export${query}`, { token: tok });

async function userCount(ctx: TestContext): Promise<number> {
  const [row] = await ctx.database.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM platform_users',
  );
  return row!.n;
}

type Listed = {
  id: string;
  email: string;
  organization: string | null;
  roles: string[];
  is_active: boolean;
};

/** Every user the list gives for a query, page after page, in its order. */
async function listedAll(query: string): Promise<Listed[]> {
  const users: Listed[] = [];
  let cursor: string | null = null;
  do {
    const page = `${query}&limit=100${cursor ? `&cursor=${cursor}` : ''}`;
    const res = await t.call('GET', `/api/admin/users?${page}`, { token });
    expect(res.status, res.text).toBe(200);
    users.push(...(res.json.users as Listed[]));
    cursor = res.json.next_cursor as string | null;
  } while (cursor);
  return users;
}

describe('GET /api/admin/users/export', () => {
  it('exports the users of a search, newest first, as the list finds them', async () => {
    const res = await exportCsv('?q=northwind');
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = parseCsv(res.text);
    expect(header).toEqual([...USER_EXPORT_COLUMNS]);

    const listed = (await t.call('GET', '/api/admin/users?q=northwind&limit=100', { token })).json
      .users as { id: string; email: string; roles: string[]; is_active: boolean }[];
    expect(listed.length).toBeGreaterThan(0);
    expect(rows.map((r) => r[0])).toEqual(listed.map((u) => u.id));
    expect(rows.map((r) => r[1])).toEqual(listed.map((u) => u.email));
    expect(rows.map((r) => r[6])).toEqual(listed.map((u) => u.roles.join(' ')));
    expect(rows.map((r) => r[5])).toEqual(listed.map((u) => String(u.is_active)));
  });

  it('exports everyone without a search, and nobody for a term nobody holds', async () => {
    const n = await userCount(t);
    expect(parseCsv((await exportCsv()).text)).toHaveLength(n + 1);
    expect(parseCsv((await exportCsv('?q=zzqx-nobody')).text)).toEqual([[...USER_EXPORT_COLUMNS]]);
  });

  it('narrows by each filter and follows each order exactly as the list does', async () => {
    const everyone = await userCount(t);
    for (const [query, narrows] of [
      ['role=platform_admin', true],
      ['role=super_admin,none', true],
      ['status=inactive', true],
      ['org=Acme+Staffing&org=', true],
      ['org=HireHub&org=SortStak&sort=email&dir=desc', true],
      ['never=true', true],
      ['q=talent&role=user&status=active&sort=organization', true],
      ['sort=name&dir=desc', false],
      ['sort=last_login', false],
      ['sort=organization&dir=desc&status=active', true],
    ] as const) {
      const res = await exportCsv(`?${query}`);
      expect(res.status, `${query}: ${res.text}`).toBe(200);
      const [header, ...rows] = parseCsv(res.text);
      expect(header).toEqual([...USER_EXPORT_COLUMNS]);
      const listed = await listedAll(query);
      expect(rows.length, query).toBeGreaterThan(0);
      if (narrows) expect(rows.length, query).toBeLessThan(everyone);
      else expect(rows.length, query).toBe(everyone);
      expect(
        rows.map((r) => r[0]),
        query,
      ).toEqual(listed.map((u) => u.id));
      expect(
        rows.map((r) => r[1]),
        query,
      ).toEqual(listed.map((u) => u.email));
      expect(
        rows.map((r) => r[3]),
        query,
      ).toEqual(listed.map((u) => u.organization ?? ''));
      expect(
        rows.map((r) => r[5]),
        query,
      ).toEqual(listed.map((u) => String(u.is_active)));
      expect(
        rows.map((r) => r[6]),
        query,
      ).toEqual(listed.map((u) => u.roles.join(' ')));
    }
  });

  it('writes cells a spreadsheet would run as formulas as text', async () => {
    await t.database.query(
      `INSERT INTO platform_users (email, full_name, organization)
       VALUES ('formula@csv.example', '=HYPERLINK("http://evil.example","x")', '+cmd|calc')`,
    );
    const [, row] = parseCsv((await exportCsv('?q=formula@csv')).text);
    expect(row?.[2]).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(row?.[3]).toBe(`'+cmd|calc`);
  });

  it('runs no formula behind a separator in any spreadsheet view', async () => {
    const cells = ['Eve;=1+2', 'a,=b', 'x\t=y', '@SUM(1)', '+1', '-1'];
    for (const [i, cell] of cells.entries()) {
      await t.database.query(
        `INSERT INTO platform_users (email, full_name, organization) VALUES ($1, $2, $3)`,
        [`sep${i}@semicolon-csv.example`, cell, `Org ${cell}`],
      );
    }
    const res = await exportCsv('?q=semicolon-csv&sort=email&dir=asc');
    expect(res.status).toBe(200);
    expect(formulaCellsInAnyView(res.text)).toEqual([]);
    const [, ...rows] = parseCsv(res.text);
    expect(rows.map((r) => r[2])).toEqual([
      `Eve;'=1+2`,
      `a,'=b`,
      `x\t'=y`,
      `'@SUM(1)`,
      `'+1`,
      `'-1`,
    ]);
    expect(rows[0]?.[3]).toBe(`Org Eve;'=1+2`);
  });

  it('records the export, with its search, in the audit trail', async () => {
    const before = (await auditRows(t, AUDIT_EVENTS.usersExported)).length;
    await exportCsv('?q=hirehub');
    const events = await auditRows(t, AUDIT_EVENTS.usersExported);
    expect(events).toHaveLength(before + 1);
    const last = events[events.length - 1]!;
    expect(last.severity).toBe('medium');
    expect(last.source).toBe('server');
    expect(last.user_id).toEqual(expect.any(String));
    expect(last.details).toEqual({
      q: 'hirehub',
      role: null,
      status: null,
      org: null,
      never: false,
      sort: 'newest',
      dir: 'desc',
    });
    expect((await verifyAuditChain(t.database.db)).ok).toBe(true);
  });

  it('records the filters and the order of the export, as the list reads them', async () => {
    const res = await exportCsv(
      '?q=talent&role=platform_admin,none&status=active&org=HireHub&org=&never=true&sort=name',
    );
    expect(res.status, res.text).toBe(200);
    const events = await auditRows(t, AUDIT_EVENTS.usersExported);
    expect(events[events.length - 1]!.details).toEqual({
      q: 'talent',
      role: ['platform_admin', 'none'],
      status: 'active',
      org: ['HireHub', null],
      never: true,
      sort: 'name',
      dir: 'asc',
    });
  });

  it("refuses a bad filter or order with the list's own 400, exporting and recording nothing", async () => {
    const orgs = Array.from({ length: 21 }, (_, i) => `org=Org+${i}`).join('&');
    for (const query of [
      'role=admin',
      'role=user,user',
      'role=user&role=none',
      'status=gone',
      'status=active&status=inactive',
      `${orgs}`,
      'org=HireHub&org=HireHub',
      'org=a%0Ab',
      'never=false',
      'never=true&never=true',
      'sort=age',
      'dir=up',
    ]) {
      const before = await writableState(t);
      const res = await exportCsv(`?${query}`);
      expect(res.status, `${query}: ${res.text}`).toBe(400);
      expect(res.headers.get('content-type'), query).not.toMatch(/text\/csv/);
      const list = await t.call('GET', `/api/admin/users?${query}`, { token });
      expect(list.status, query).toBe(400);
      expect(res.json?.error?.message, query).toBe(list.json?.error?.message);
      expect(await writableState(t), query).toBe(before);
    }
  });

  it('refuses bad parameters and callers who are not administrators, writing nothing', async () => {
    for (const [query, tok, status] of [
      ['?limit=5', token, 400],
      ['?cursor=abc', token, 400],
      [`?q=${'x'.repeat(101)}`, token, 400],
      ['?q=a%0Ab', token, 400],
      ['', null, 401],
    ] as const) {
      const before = await writableState(t);
      const res = await exportCsv(query, tok);
      expect(res.status, `${query}: ${res.text}`).toBe(status);
      expect(res.json?.error?.message).toEqual(expect.any(String));
      expect(await writableState(t)).toBe(before);
    }
  });
});

describe('a users export of several batches', () => {
  let big: TestContext;
  let bigToken: string;
  beforeAll(async () => {
    big = await createTestContext();
    bigToken = big.demoToken();
    // Two and a half batches of users beside the seeded ones; the export of 100,000 is measured
    // by `npm run bench:export`. The search indexes only slow the load, and an export without a
    // search walks the created_at index.
    await big.database.exec(`
      DROP INDEX platform_users_search_trgm_idx;
      DROP INDEX platform_users_search_pieces_idx;
      INSERT INTO platform_users (email, full_name, organization, department, created_at)
      SELECT 'bulk' || g || '@export.example', 'Export User ' || g, 'Export Org ' || g % 50,
             'Department ' || g % 7, timestamptz '2026-01-01 00:00:00+00' - g * interval '1 second'
        FROM generate_series(1, ${(USER_EXPORT_BATCH * 5) / 2}) AS g;
      INSERT INTO platform_role_assignments (user_id, role, granted_at)
      SELECT id, 'user', created_at FROM platform_users WHERE email LIKE '%@export.example';`);
  });
  afterAll(() => big.close());

  /** The export's response body as the client reads it, chunk by chunk. */
  async function exportReader() {
    const res = await big.app.request('/api/admin/users/export', {
      headers: { authorization: `Bearer ${bigToken}` },
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    return async (): Promise<string | null> => {
      const { done, value } = await reader.read();
      return done ? null : decoder.decode(value);
    };
  }

  it('streams every user, newest first, in chunks of at most one batch of whole rows', async () => {
    const ids = (
      await big.database.query<{ id: string }>(
        'SELECT id FROM platform_users ORDER BY created_at DESC, id DESC',
      )
    ).map((r) => r.id);
    expect(ids.length).toBeGreaterThan(2 * USER_EXPORT_BATCH);
    const next = await exportReader();
    const chunks: string[] = [];
    for (let chunk = await next(); chunk !== null; chunk = await next()) chunks.push(chunk);

    // The header alone first, then the rows a batch at a time: never the whole export at once.
    expect(parseCsv(chunks[0]!)).toEqual([[...USER_EXPORT_COLUMNS]]);
    expect(chunks.length).toBeGreaterThanOrEqual(1 + Math.ceil(ids.length / USER_EXPORT_BATCH));
    for (const chunk of chunks) {
      expect(chunk.endsWith('\r\n')).toBe(true);
      expect(parseCsv(chunk).length).toBeLessThanOrEqual(USER_EXPORT_BATCH);
    }
    const [header, ...rows] = parseCsv(chunks.join(''));
    expect(header).toEqual([...USER_EXPORT_COLUMNS]);
    expect(rows.map((r) => r[0])).toEqual(ids);
    expect(rows.every((r) => r.length === USER_EXPORT_COLUMNS.length)).toBe(true);
    const bulk = rows.find((r) => r[1] === 'bulk7@export.example');
    expect(bulk?.slice(2, 7)).toEqual([
      'Export User 7',
      'Export Org 7',
      'Department 0',
      'true',
      'user',
    ]);
  });

  it('reads the users a batch at a time as the client takes them', async () => {
    const next = await exportReader();
    expect(parseCsv((await next())!)).toEqual([[...USER_EXPORT_COLUMNS]]);
    expect(parseCsv((await next())!)).toHaveLength(USER_EXPORT_BATCH);
    // Joins after the client took the first batch, at the far end of the order: only an export
    // that reads its rows as they are taken, rather than all of them up front, can hold it.
    await big.database.query(
      `INSERT INTO platform_users (email, full_name, created_at)
       VALUES ('late@export.example', 'Late Joiner', timestamptz '2000-01-01 00:00:00+00')`,
    );
    try {
      let rest = '';
      for (let chunk = await next(); chunk !== null; chunk = await next()) rest += chunk;
      expect(parseCsv(rest).at(-1)?.[1]).toBe('late@export.example');
    } finally {
      await big.database.query(`DELETE FROM platform_users WHERE email = 'late@export.example'`);
    }
  });
});

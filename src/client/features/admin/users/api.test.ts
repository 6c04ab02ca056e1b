import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminUser, jsonResponse } from '@/test/admin-users';
import { fetchAllMatching } from './api';
import { DEFAULT_LIST, type UsersListState } from './list-params';

afterEach(() => vi.unstubAllGlobals());

const VIEW: UsersListState = {
  ...DEFAULT_LIST,
  q: 'acme',
  roles: ['platform_admin', 'none'],
  orgs: ['Acme', null],
  never: true,
  sort: 'name',
  dir: 'desc',
};

/** A server of `total` users, pages of the requested size, cursor = the next offset. */
function stubPages(total: number) {
  const sent: URL[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    const u = new URL(url, 'http://localhost');
    sent.push(u);
    const from = Number(u.searchParams.get('cursor') ?? 0);
    const limit = Number(u.searchParams.get('limit'));
    const to = Math.min(total, from + limit);
    return jsonResponse(200, {
      users: Array.from({ length: to - from }, (_, i) => adminUser(from + i + 1)),
      next_cursor: to < total ? String(to) : null,
      total: from === 0 ? Math.min(total, 1000) : null,
      total_exact: total <= 1000,
    });
  });
  return sent;
}

describe('select all matching', () => {
  it('gathers every page with the search, the filters and the order on screen', async () => {
    const sent = stubPages(250);
    const users = await fetchAllMatching(VIEW);
    expect(users).toHaveLength(250);
    expect(new Set(users.map((u) => u.id)).size).toBe(250);
    expect(sent).toHaveLength(3);
    for (const [i, url] of sent.entries()) {
      expect(url.pathname).toBe('/api/admin/users');
      expect(url.searchParams.get('q')).toBe('acme');
      expect(url.searchParams.get('role')).toBe('platform_admin,none');
      expect(url.searchParams.getAll('org')).toEqual(['Acme', '']);
      expect(url.searchParams.get('never')).toBe('true');
      expect(url.searchParams.get('sort')).toBe('name');
      expect(url.searchParams.get('dir')).toBe('desc');
      expect(url.searchParams.get('limit')).toBe('100');
      expect(url.searchParams.get('cursor')).toBe(i === 0 ? null : String(i * 100));
    }
  });

  it('stops at the most it may select', async () => {
    const sent = stubPages(5000);
    const users = await fetchAllMatching(VIEW, 250);
    expect(users).toHaveLength(250);
    expect(sent).toHaveLength(3);
  });
});

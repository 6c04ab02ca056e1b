import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LIST,
  filterKey,
  filterOf,
  filterQuery,
  listQuery,
  MAX_ORG_FILTERS,
  parseListParams,
  writeListParams,
  type UsersListState,
} from './list-params';

const parse = (search: string) => parseListParams(new URLSearchParams(search));
/** The address's query as a person reads it (spaces and commas decoded). */
const write = (state: Partial<UsersListState>, prev = '') =>
  decodeURIComponent(
    writeListParams(new URLSearchParams(prev), { ...DEFAULT_LIST, ...state })
      .toString()
      .replaceAll('+', ' '),
  );

describe('the Users view in the address', () => {
  it('is the default view when the address says nothing, and writes nothing for it', () => {
    expect(parse('')).toEqual(DEFAULT_LIST);
    expect(write({})).toBe('');
    expect(write({}, 'tab=users')).toBe('tab=users');
  });

  it('reads every filter, the order and the search', () => {
    expect(
      parse(
        'q=ada&role=super_admin,none&status=inactive&org=Acme&org=&never=true&sort=name&dir=desc',
      ),
    ).toEqual({
      q: 'ada',
      roles: ['super_admin', 'none'],
      status: ['inactive'],
      orgs: ['Acme', null],
      never: true,
      sort: 'name',
      dir: 'desc',
    });
  });

  it('writes the filters in the API’s own names, keeping the other parameters', () => {
    expect(
      write(
        {
          q: 'ada',
          roles: ['none', 'user'],
          status: ['active'],
          orgs: [null, 'Acme & Co'],
          never: true,
          sort: 'last_login',
          dir: 'asc',
        },
        'tab=users&q=old',
      ),
    ).toBe(
      'tab=users&q=ada&role=user,none&status=active&org=&org=Acme & Co&never=true&sort=last_login&dir=asc',
    );
  });

  it('leaves out the direction when it is the order’s default', () => {
    expect(write({ sort: 'name', dir: 'asc' })).toBe('sort=name');
    expect(write({ sort: 'name', dir: 'desc' })).toBe('sort=name&dir=desc');
    expect(write({ sort: 'last_login', dir: 'desc' })).toBe('sort=last_login');
    expect(write({ sort: 'newest', dir: 'asc' })).toBe('dir=asc');
    expect(parse('sort=email')).toMatchObject({ sort: 'email', dir: 'asc' });
    expect(parse('sort=last_login')).toMatchObject({ sort: 'last_login', dir: 'desc' });
  });

  it('survives a round trip for any view', () => {
    const views: UsersListState[] = [
      DEFAULT_LIST,
      { ...DEFAULT_LIST, orgs: [null] },
      { ...DEFAULT_LIST, status: ['active', 'inactive'], sort: 'organization', dir: 'desc' },
      {
        q: 'x y',
        roles: ['platform_admin'],
        status: [],
        orgs: ['A,B', 'C'],
        never: true,
        sort: 'email',
        dir: 'asc',
      },
    ];
    for (const view of views) {
      expect(parseListParams(writeListParams(new URLSearchParams(), view))).toEqual(view);
    }
  });

  it('drops what it does not know, repeated values and organizations past the limit', () => {
    const many = Array.from({ length: MAX_ORG_FILTERS + 5 }, (_, i) => `org=O${i}`).join('&');
    const view = parse(
      `role=user,admin,user,,none&status=asleep&sort=salary&dir=up&never=yes&org=A&org=A&org=%20&${many}`,
    );
    expect(view.roles).toEqual(['user', 'none']);
    expect(view.status).toEqual([]);
    expect(view.sort).toBe('newest');
    expect(view.dir).toBe('desc');
    expect(view.never).toBe(false);
    expect(view.orgs.slice(0, 3)).toEqual(['A', null, 'O0']);
    expect(view.orgs).toHaveLength(MAX_ORG_FILTERS);
  });
});

describe('the API query of a view', () => {
  it('sends each filter once, the organizations repeated, "no organization" as an empty value', () => {
    const view: UsersListState = {
      q: 'ada',
      roles: ['user', 'none'],
      status: ['inactive'],
      orgs: ['Acme', null],
      never: true,
      sort: 'email',
      dir: 'desc',
    };
    expect(listQuery(view)).toEqual({
      q: 'ada',
      role: 'user,none',
      status: 'inactive',
      org: ['Acme', ''],
      never: 'true',
      sort: 'email',
      dir: 'desc',
    });
  });

  it('leaves out defaults, and the status when both are chosen', () => {
    expect(listQuery(DEFAULT_LIST)).toEqual({
      q: undefined,
      role: undefined,
      status: undefined,
      org: undefined,
      never: undefined,
      sort: undefined,
      dir: undefined,
    });
    expect(filterQuery({ ...DEFAULT_LIST, status: ['active', 'inactive'] }).status).toBeUndefined();
    expect(listQuery({ ...DEFAULT_LIST, sort: 'name', dir: 'asc' })).toMatchObject({
      sort: 'name',
      dir: undefined,
    });
  });

  it('keys the facets and the selection by the filter alone, not by the order', () => {
    const a = {
      ...DEFAULT_LIST,
      roles: ['user' as const],
      sort: 'name' as const,
      dir: 'asc' as const,
    };
    const b = { ...a, sort: 'email' as const, dir: 'desc' as const };
    expect(filterKey(filterOf(a))).toBe(filterKey(filterOf(b)));
    expect(filterKey(a)).not.toBe(filterKey({ ...a, orgs: [null] }));
    expect(filterKey(a)).not.toBe(filterKey({ ...a, q: 'x' }));
  });
});

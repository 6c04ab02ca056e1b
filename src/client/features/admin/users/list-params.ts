import {
  DEFAULT_SORT_DIRECTION,
  FILTER_LIMITS,
  ROLE_FILTER_VALUES,
  USER_SORTS,
  USER_STATUSES,
  type RoleFilterValue,
  type SortDirection,
  type UserSort,
  type UserStatus,
} from '@shared/schemas/user-list';

/**
 * The Users tab's view in the address (docs/product/admin-console.md#users-filters-ui):
 * search, filters, sort and direction. The parameter names and values are the
 * users API's own, so the address reads like the request it makes. Defaults are
 * left out; unknown or repeated values are dropped, never an error.
 */

export const ROLE_FILTERS = ROLE_FILTER_VALUES;
export type RoleFilter = RoleFilterValue;
export const STATUS_FILTERS = USER_STATUSES;
export type StatusFilter = UserStatus;
export { USER_SORTS, type UserSort };
export type SortDir = SortDirection;

/** At most this many organizations in one filter (the API refuses more). */
export const MAX_ORG_FILTERS = FILTER_LIMITS.organizations;

/** What narrows the list: the search and the filters (not the order). */
export type UsersFilter = {
  q: string;
  roles: readonly RoleFilter[];
  /** Both statuses selected asks the API for neither: every user. */
  status: readonly StatusFilter[];
  /** Exact organization names; null is "no organization". */
  orgs: readonly (string | null)[];
  never: boolean;
};

export type UsersListState = UsersFilter & { sort: UserSort; dir: SortDir };

export const DEFAULT_LIST: UsersListState = {
  q: '',
  roles: [],
  status: [],
  orgs: [],
  never: false,
  sort: 'newest',
  dir: 'desc',
};

/** Newest and last sign-in latest first; names, emails and organizations A to Z. */
export const defaultDir = (sort: UserSort): SortDir => DEFAULT_SORT_DIRECTION[sort];

const isOneOf = <T extends string>(list: readonly T[], v: string): v is T =>
  (list as readonly string[]).includes(v);

/** Known values of a comma list, in canonical order, each once. */
function commaList<T extends string>(raw: string | null, known: readonly T[]): T[] {
  const given = new Set((raw ?? '').split(',').map((v) => v.trim()));
  return known.filter((k) => given.has(k));
}

/** The list's view from the address. */
export function parseListParams(params: URLSearchParams): UsersListState {
  const sortRaw = params.get('sort') ?? '';
  const sort = isOneOf(USER_SORTS, sortRaw) ? sortRaw : DEFAULT_LIST.sort;
  const dirRaw = params.get('dir') ?? '';
  const dir = dirRaw === 'asc' || dirRaw === 'desc' ? dirRaw : defaultDir(sort);
  const orgs: (string | null)[] = [];
  for (const raw of params.getAll('org')) {
    const org = raw.trim() === '' ? null : raw.trim();
    if (!orgs.includes(org) && orgs.length < MAX_ORG_FILTERS) orgs.push(org);
  }
  return {
    q: (params.get('q') ?? '').trim(),
    roles: commaList(params.get('role'), ROLE_FILTERS),
    status: commaList(params.get('status'), STATUS_FILTERS),
    orgs,
    never: params.get('never') === 'true',
    sort,
    dir,
  };
}

const LIST_KEYS = ['q', 'role', 'status', 'org', 'never', 'sort', 'dir'] as const;

/**
 * The address for this view: `prev`'s other parameters (the tab) kept, the
 * list's written in a fixed order, defaults left out.
 */
export function writeListParams(prev: URLSearchParams, state: UsersListState): URLSearchParams {
  const next = new URLSearchParams(prev);
  for (const key of LIST_KEYS) next.delete(key);
  if (state.q.trim()) next.set('q', state.q);
  if (state.roles.length)
    next.set('role', commaList(state.roles.join(','), ROLE_FILTERS).join(','));
  if (state.status.length) {
    next.set('status', commaList(state.status.join(','), STATUS_FILTERS).join(','));
  }
  for (const org of state.orgs) next.append('org', org ?? '');
  if (state.never) next.set('never', 'true');
  if (state.sort !== DEFAULT_LIST.sort) next.set('sort', state.sort);
  if (state.dir !== defaultDir(state.sort)) next.set('dir', state.dir);
  return next;
}

/** The filter part of a view: what the facet counts and the selection depend on. */
export const filterOf = ({ q, roles, status, orgs, never }: UsersFilter): UsersFilter => ({
  q,
  roles,
  status,
  orgs,
  never,
});

/** How many filters are set (the search and the order excluded). */
export const activeFilterCount = (f: UsersFilter) =>
  f.roles.length + f.status.length + f.orgs.length + (f.never ? 1 : 0);

/**
 * The users API's query for this filter: `role` and `status` as comma lists,
 * `org` repeated (an empty value for "no organization"), `never=true`.
 */
export function filterQuery(f: UsersFilter) {
  return {
    q: f.q || undefined,
    role: f.roles.length ? f.roles.join(',') : undefined,
    // The API takes one status; both is every user.
    status: f.status.length === 1 ? f.status[0] : undefined,
    org: f.orgs.length ? f.orgs.map((o) => o ?? '') : undefined,
    never: f.never ? ('true' as const) : undefined,
  };
}

/** The list query: the filter plus the order (the default direction left out). */
export function listQuery(state: UsersListState) {
  return {
    ...filterQuery(state),
    sort: state.sort === DEFAULT_LIST.sort ? undefined : state.sort,
    dir: state.dir === defaultDir(state.sort) ? undefined : state.dir,
  };
}

/** One key per distinct filter, for the query cache and the selection. */
export const filterKey = (f: UsersFilter) =>
  JSON.stringify([f.q, [...f.roles], [...f.status], [...f.orgs], f.never]);

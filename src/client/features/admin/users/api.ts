import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import {
  BULK_MAX_USERS,
  USER_LIMITS,
  type AdminUser,
  type BulkAction,
  type BulkResult,
  type RoleChanges,
  type UserList,
  type UserUpdate,
} from '@shared/schemas/users';
import { api, apiResponse } from '@/lib/api';
import { saveDownload } from '../shared/download';
import { adminKeys } from '../shared/query-keys';
import { filterQuery, listQuery, type UsersFilter, type UsersListState } from './list-params';

/** Server state of the admin console's Users tab (docs/product/architecture.md#api-operations). */

const USERS_PAGE_SIZE = 25;

/**
 * One view's pages (search, filters and order, docs/product/admin-console.md#users-filters-ui);
 * each page brings the cursor of the next, valid for that order only, so a new
 * order starts again from the first page.
 */
export const usersQuery = (view: UsersListState) =>
  infiniteQueryOptions({
    queryKey: adminKeys.users.list(listKeyOf(view)),
    queryFn: ({ pageParam, signal }) =>
      api('GET', '/api/admin/users', {
        query: { ...listQuery(view), cursor: pageParam, limit: USERS_PAGE_SIZE },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    // While a new search loads, the last results stay on screen instead of skeletons.
    placeholderData: keepPreviousData,
  });

/** A view as a plain, canonical object: equal views share one cache entry. */
const listKeyOf = (view: UsersListState) => ({
  ...filterKeyOf(view),
  sort: view.sort,
  dir: view.dir,
});
const filterKeyOf = (f: UsersFilter) => ({
  q: f.q,
  roles: [...f.roles],
  status: [...f.status],
  orgs: [...f.orgs],
  never: f.never,
});

/**
 * The facet counts of a search and filter: each option counted with the other
 * facets' filters applied. While new counts load, the last ones stay (dimmed by
 * the caller) so the numbers do not flash.
 */
export const userFacetsQuery = (filter: UsersFilter) =>
  queryOptions({
    queryKey: adminKeys.users.facets(filterKeyOf(filter)),
    queryFn: ({ signal }) =>
      api('GET', '/api/admin/users/facets', { query: filterQuery(filter), signal }),
    placeholderData: keepPreviousData,
  });

/** The most users "Select all matching" gathers (ten requests of the largest page). */
export const SELECT_ALL_MAX = 1_000;

/**
 * Every user of a view, page after page in the view's own order, up to `max`
 * (docs/product/admin-console.md#users-filters-ui): "Select all matching"
 * selects what the search and filters match, not what happens to be loaded.
 */
export async function fetchAllMatching(
  view: UsersListState,
  max = SELECT_ALL_MAX,
  signal?: AbortSignal,
): Promise<AdminUser[]> {
  const users: AdminUser[] = [];
  let cursor: string | null = null;
  do {
    const page: UserList = await api('GET', '/api/admin/users', {
      query: { ...listQuery(view), cursor, limit: USER_LIMITS.pageSizeMax },
      signal,
    });
    users.push(...page.users);
    cursor = page.next_cursor;
  } while (cursor && users.length < max);
  return users.slice(0, max);
}

/**
 * Downloads exactly the view on screen, its search, filters and order, as CSV
 * (docs/product/admin-console.md#users-export); the server names the file.
 */
async function downloadUsersCsv(view: UsersListState): Promise<string> {
  const res = await apiResponse('GET', '/api/admin/users/export', { query: listQuery(view) });
  return saveDownload(res, `users-${new Date().toISOString().slice(0, 10)}.csv`);
}

/** Exports a view of the list; the export is on the audit trail, so the trail's cached views are out of date. */
export function useExportUsersCsv() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: downloadUsersCsv,
    onSuccess: () => void qc.invalidateQueries({ queryKey: adminKeys.auditTrail.all }),
  });
}

export const userRolesQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.users.roles(id),
    queryFn: ({ signal }) => api('GET', '/api/admin/users/{id}/roles', { params: { id }, signal }),
    // Roles may have changed in another console since the dialog was last opened.
    staleTime: 0,
  });

const isUserPages = (data: unknown): data is InfiniteData<UserList> =>
  !!data && typeof data === 'object' && 'pages' in data;

/** Puts a changed user into every cached page at once, so the table shows it without a reload. */
function patchCachedUser(qc: QueryClient, id: string, patch: (user: AdminUser) => AdminUser) {
  qc.setQueriesData({ queryKey: adminKeys.users.all }, (data: unknown) => {
    if (!isUserPages(data)) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        users: page.users.map((u) => (u.id === id ? patch(u) : u)),
      })),
    };
  });
}

export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, update }: { id: string; update: UserUpdate }) =>
      api('PATCH', '/api/admin/users/{id}', { params: { id }, body: update }),
    onSuccess: async (user) => {
      patchCachedUser(qc, user.id, () => user);
      // A changed name may move the user in or out of a search: refresh in the background.
      await qc.invalidateQueries({ queryKey: adminKeys.users.all });
    },
    // A failed request may still have been applied (the answer lost on the way back): read again.
    onError: () => void qc.invalidateQueries({ queryKey: adminKeys.users.all }),
  });
}

export function useChangeRoles() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: RoleChanges }) =>
      api('PUT', '/api/admin/users/{id}/roles', { params: { id }, body: { changes } }),
    onSuccess: async (result) => {
      qc.setQueryData(adminKeys.users.roles(result.user_id), result);
      patchCachedUser(qc, result.user_id, (u) => ({ ...u, roles: result.roles }));
      await qc.invalidateQueries({ queryKey: adminKeys.users.all });
    },
    onError: () => void qc.invalidateQueries({ queryKey: adminKeys.users.all }),
  });
}

/** A bulk change's answers merged; `failure` when a later batch of 100 could not be sent. */
export type BulkOutcome = BulkResult & { failure: { message: string; notSent: number } | null };

/**
 * docs/product/admin-console.md#bulk-changes: the selection goes 100 users per
 * request, one after the other; each batch is applied on its own.
 */
export function useBulkChange() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids, action }: { ids: string[]; action: BulkAction }) => {
      const outcome: BulkOutcome = { applied: [], unchanged: [], refused: [], failure: null };
      for (let i = 0; i < ids.length; i += BULK_MAX_USERS) {
        try {
          const batch = await api('POST', '/api/admin/users/bulk', {
            body: { user_ids: ids.slice(i, i + BULK_MAX_USERS), action },
          });
          outcome.applied.push(...batch.applied);
          outcome.unchanged.push(...batch.unchanged);
          outcome.refused.push(...batch.refused);
        } catch (error) {
          // Nothing was applied yet: a plain failure. Otherwise say what was and was not sent.
          if (i === 0) throw error;
          outcome.failure = {
            message: error instanceof Error ? error.message : String(error),
            notSent: ids.length - i,
          };
          break;
        }
      }
      return outcome;
    },
    // Applied or not, partly or wholly (an answer may be lost on the way back): read again.
    onSettled: () => qc.invalidateQueries({ queryKey: adminKeys.users.all }),
  });
}

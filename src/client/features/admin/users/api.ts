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
  type AdminUser,
  type BulkAction,
  type BulkResult,
  type RoleChanges,
  type UserList,
  type UserUpdate,
} from '@shared/schemas/users';
import { api } from '@/lib/api';
import { adminKeys } from '../shared/query-keys';

/** Server state of the admin console's Users tab (docs/product/architecture.md#api-operations). */

export const USERS_PAGE_SIZE = 25;

/** One search's pages, newest users first; each page brings the cursor of the next. */
export const usersQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: adminKeys.users.list(q),
    queryFn: ({ pageParam, signal }) =>
      api('GET', '/api/admin/users', {
        query: { q, cursor: pageParam, limit: USERS_PAGE_SIZE },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    // While a new search loads, the last results stay on screen instead of skeletons.
    placeholderData: keepPreviousData,
  });

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

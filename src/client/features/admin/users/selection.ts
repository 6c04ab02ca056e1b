import { useCallback, useState } from 'react';
import type { AdminUser } from '@shared/schemas/users';

/** The selected users, by id; each kept whole so that a result can name them. */
export type Selection = ReadonlyMap<string, AdminUser>;

const NONE: Selection = new Map();

/** The header checkbox's state for the rows on screen. */
export function headerState(selection: Selection, rows: readonly AdminUser[]) {
  const on = rows.filter((u) => selection.has(u.id)).length;
  if (on === 0 || rows.length === 0) return false;
  return on === rows.length ? true : 'indeterminate';
}

const withUser = (selection: Selection, user: AdminUser, on: boolean): Selection => {
  const next = new Map(selection);
  if (on) next.set(user.id, user);
  else next.delete(user.id);
  return next;
};

/** Every row on screen selected, or (when all already were) none of them. */
const withRows = (selection: Selection, rows: readonly AdminUser[]): Selection => {
  const next = new Map(selection);
  const allOn = headerState(selection, rows) === true;
  for (const u of rows) {
    if (allOn) next.delete(u.id);
    else next.set(u.id, u);
  }
  return next;
};

/**
 * docs/product/admin-console.md#bulk-changes: the selection survives Load more
 * and a new order (it is kept by id, not by page) and clears when the search or
 * a filter changes: `scope` names them (list-params.ts `filterKey`).
 */
export function useUserSelection(scope: string) {
  const [state, setState] = useState<{ scope: string; users: Selection }>({
    scope,
    users: NONE,
  });
  const selection = state.scope === scope ? state.users : NONE;
  const update = useCallback(
    (change: (current: Selection) => Selection) =>
      setState((prev) => ({
        scope,
        users: change(prev.scope === scope ? prev.users : NONE),
      })),
    [scope],
  );
  return {
    selection,
    toggle: useCallback(
      (user: AdminUser, on: boolean) => update((s) => withUser(s, user, on)),
      [update],
    ),
    toggleRows: useCallback(
      (rows: readonly AdminUser[]) => update((s) => withRows(s, rows)),
      [update],
    ),
    /**
     * Selects these users, all of them. Bound to the scope it was made in: users
     * gathered for a search or filter that has changed since are not selected.
     */
    selectAll: useCallback(
      (users: readonly AdminUser[]) => update(() => new Map(users.map((u) => [u.id, u]))),
      [update],
    ),
    clear: useCallback(() => update(() => NONE), [update]),
  };
}

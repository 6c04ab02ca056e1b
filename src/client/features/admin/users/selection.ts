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

export const withUser = (selection: Selection, user: AdminUser, on: boolean): Selection => {
  const next = new Map(selection);
  if (on) next.set(user.id, user);
  else next.delete(user.id);
  return next;
};

/** Every row on screen selected, or (when all already were) none of them. */
export const withRows = (selection: Selection, rows: readonly AdminUser[]): Selection => {
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
 * (it is kept by id, not by page) and clears on a new search.
 */
export function useUserSelection(search: string) {
  const [state, setState] = useState<{ search: string; users: Selection }>({
    search,
    users: NONE,
  });
  const selection = state.search === search ? state.users : NONE;
  const update = useCallback(
    (change: (current: Selection) => Selection) =>
      setState((prev) => ({
        search,
        users: change(prev.search === search ? prev.users : NONE),
      })),
    [search],
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
    clear: useCallback(() => update(() => NONE), [update]),
  };
}

import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { z } from 'zod';

/**
 * How an administrator likes the Users table: which optional columns show and
 * how dense the rows are (docs/product/admin-console.md#users-view). Kept in
 * this browser's localStorage under a key per signed-in user.
 */

/** Columns the administrator may hide; User, the selection box and Actions always show. */
export const OPTIONAL_COLUMNS = ['Organization', 'Roles', 'Status', 'Last Login'] as const;
export type OptionalColumn = (typeof OPTIONAL_COLUMNS)[number];
export type Density = 'comfortable' | 'compact';

export type UsersView = { hidden: readonly OptionalColumn[]; density: Density };

export const DEFAULT_VIEW: UsersView = { hidden: [], density: 'comfortable' };

const KEY_PREFIX = 'ted.admin.users.view.';

/** The storage key of one administrator's view. */
export const viewKey = (userId: string) => `${KEY_PREFIX}${userId}`;

const Stored = z.object({
  v: z.literal(1),
  hidden: z.array(z.string()).max(20),
  density: z.enum(['comfortable', 'compact']).catch('comfortable'),
});

/**
 * The view kept in storage, or the defaults when there is none or it cannot be
 * read: bad JSON, another shape or version. Unknown column names are dropped.
 */
export function parseView(raw: string | null | undefined): UsersView {
  if (!raw) return DEFAULT_VIEW;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return DEFAULT_VIEW;
  }
  const parsed = Stored.safeParse(json);
  if (!parsed.success) return DEFAULT_VIEW;
  const hidden = OPTIONAL_COLUMNS.filter((c) => parsed.data.hidden.includes(c));
  return { hidden, density: parsed.data.density };
}

export function serializeView(view: UsersView): string {
  return JSON.stringify({ v: 1, hidden: view.hidden, density: view.density });
}

const listeners = new Set<() => void>();
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** This page's copy, so a choice still applies when storage is unavailable. */
const memory = new Map<string, string>();

function readRaw(key: string): string | null {
  try {
    const stored = localStorage.getItem(key);
    if (stored !== null) return stored;
  } catch {
    /* storage disabled by the browser's privacy settings */
  }
  return memory.get(key) ?? null;
}

/** The signed-in administrator's view of the Users table and a setter that keeps it. */
export function useUsersView(userId: string | null | undefined) {
  const key = viewKey(userId ?? '');
  const raw = useSyncExternalStore(
    subscribe,
    () => readRaw(key),
    () => null,
  );
  const view = useMemo(() => parseView(raw), [raw]);
  const setView = useCallback(
    (next: UsersView) => {
      const value = serializeView(next);
      memory.set(key, value);
      try {
        if (userId) localStorage.setItem(key, value);
      } catch {
        /* storage unavailable: the choice lasts for this page only */
      }
      listeners.forEach((l) => l());
    },
    [key, userId],
  );
  return [view, setView] as const;
}

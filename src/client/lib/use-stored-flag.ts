import { useCallback, useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();

function read(key: string): boolean {
  try {
    return localStorage.getItem(key) === 'true';
  } catch {
    return false; // Storage disabled by the browser's privacy settings.
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * A yes/no preference kept in localStorage. A pre-rendered page starts from
 * `false`, as its HTML was rendered, and takes the stored value once hydrated.
 */
export function useStoredFlag(key: string): [boolean, (next: boolean) => void] {
  const value = useSyncExternalStore(
    subscribe,
    () => read(key),
    () => false,
  );
  const set = useCallback(
    (next: boolean) => {
      try {
        localStorage.setItem(key, String(next));
      } catch {
        /* storage unavailable: the choice lasts for this page only */
      }
      listeners.forEach((l) => l());
    },
    [key],
  );
  return [value, set];
}

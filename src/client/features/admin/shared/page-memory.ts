import { useSyncExternalStore } from 'react';

/**
 * A value kept in this page's memory for demo mode's simulated flows (invitations, audit sinks):
 * read with `use()` in components, replaced with `set()`; gone when the page reloads.
 */
export function pageMemory<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  const get = () => value;
  return {
    get,
    set(next: T) {
      value = next;
      for (const listener of listeners) listener();
    },
    use: () => useSyncExternalStore(subscribe, get, get),
  };
}

/** 32 random bytes in base64url: shaped like a real token or secret, and valid nowhere. */
export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

import type { AuthSession } from './session-store';

/** docs/product/sign-in.md#session-events: auth session events (MFA is not part of this product). */
export type AuthEvent = 'SIGNED_IN' | 'TOKEN_REFRESHED' | 'SIGNED_OUT';
type Listener = (event: AuthEvent, session: AuthSession | null) => void;

const listeners = new Set<Listener>();

/** Follows sign-in, token refresh and sign-out; returns the unsubscribe function. */
export function onAuthStateChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitAuthEvent(event: AuthEvent, session: AuthSession | null): void {
  for (const listener of listeners) listener(event, session);
}

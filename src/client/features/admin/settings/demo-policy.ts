import { useSyncExternalStore } from 'react';
import type { SecondFactorPolicy } from '@shared/mfa-constants';

/**
 * The policy of demo mode (docs/product/admin-console.md#second-factor-settings): the server
 * keeps none there (its policy operations answer 409 `demo_mode`), so the card shows the same
 * flow on a value kept in this page's memory, back to Not required on reload.
 */
let policy: SecondFactorPolicy = 'not_required';
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setDemoPolicy(next: SecondFactorPolicy): void {
  policy = next;
  for (const listener of listeners) listener();
}

export function useDemoPolicy(): SecondFactorPolicy {
  return useSyncExternalStore(
    subscribe,
    () => policy,
    () => policy,
  );
}

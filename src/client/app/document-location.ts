import { useSyncExternalStore } from 'react';
import type { AppLocation } from '@/lib/navigation';

let address: AppLocation | null = null;

/** The page's address, as the same object while it does not change. */
function currentAddress(): AppLocation {
  const { pathname, search, hash } = window.location;
  if (
    !address ||
    pathname !== address.pathname ||
    search !== address.search ||
    hash !== address.hash
  ) {
    address = { pathname, search, hash };
  }
  return address;
}

function subscribeToAddress(onChange: () => void) {
  window.addEventListener('popstate', onChange);
  window.addEventListener('hashchange', onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener('hashchange', onChange);
  };
}

/**
 * The address of a page that runs without the router: the one it was
 * pre-rendered at while it hydrates (its markup must match), then the real one
 * (its query string, which the pre-render never saw).
 */
export function useDocumentLocation(preRenderedAt: AppLocation): AppLocation {
  return useSyncExternalStore(subscribeToAddress, currentAddress, () => preRenderedAt);
}

import {
  createContext,
  use,
  type AnchorHTMLAttributes,
  type ComponentType,
  type ReactNode,
  type Ref,
  useSyncExternalStore,
} from 'react';

/**
 * How the shared layout and the landing page move between pages. In the app
 * the router provides it (client-side navigation); the pre-rendered landing
 * page runs without the router, to load as little JavaScript as it can, and
 * its links are ordinary links (docs/product/quality.md#landing-budget).
 */
export type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
};

export type AppLocation = { pathname: string; search: string; hash: string };

export type Navigation = {
  location: AppLocation;
  Link: ComponentType<AppLinkProps>;
  navigate: (to: string, options?: { replace?: boolean }) => void;
};

function DocumentLink({ to, replace: _replace, ...props }: AppLinkProps) {
  return <a href={to} {...props} />;
}

/** Whole-page navigation: what a page without the router does. */
export function documentNavigation(location: AppLocation): Navigation {
  return {
    location,
    Link: DocumentLink,
    navigate: (to, options) =>
      options?.replace ? window.location.replace(to) : window.location.assign(to),
  };
}

const NavigationContext = createContext<Navigation | null>(null);

export function NavigationProvider({
  value,
  children,
}: {
  value: Navigation;
  children: ReactNode;
}) {
  return <NavigationContext value={value}>{children}</NavigationContext>;
}

export function useNavigation(): Navigation {
  const value = use(NavigationContext);
  if (!value) throw new Error('useNavigation must be used inside a NavigationProvider');
  return value;
}

/** A link that navigates the way the current page does (router or whole page). */
export function AppLink(props: AppLinkProps) {
  const { Link } = useNavigation();
  return <Link {...props} />;
}

/** True when `to` is the current page or a page under it, as the router's NavLink decides. */
export function isCurrentPath(pathname: string, to: string): boolean {
  if (to === '/') return pathname === '/';
  return pathname === to || pathname.startsWith(`${to}/`);
}

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
  return useSyncExternalStore(
    subscribeToAddress,
    // The same object while the address is the pre-rendered one: nothing renders again after
    // hydration only because the address became another object with the same values.
    () => {
      const current = currentAddress();
      return current.pathname === preRenderedAt.pathname &&
        current.search === preRenderedAt.search &&
        current.hash === preRenderedAt.hash
        ? preRenderedAt
        : current;
    },
    () => preRenderedAt,
  );
}

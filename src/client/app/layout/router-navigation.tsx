import { useMemo, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { NavigationProvider, type AppLinkProps, type Navigation } from '@/lib/navigation';

function RouterLink({ to, ...props }: AppLinkProps) {
  return <Link to={to} {...props} />;
}

/** The app's navigation: client-side, through the router. */
export function RouterNavigation({ children }: { children: ReactNode }) {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const value = useMemo<Navigation>(
    () => ({
      location: { pathname, search, hash },
      Link: RouterLink,
      navigate: (to, options) => void navigate(to, { replace: options?.replace }),
    }),
    [pathname, search, hash, navigate],
  );
  return <NavigationProvider value={value}>{children}</NavigationProvider>;
}

import { useMemo, useState, type ReactNode } from 'react';
import { createAppAuthenticator } from '@/lib/auth/app-authenticator';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { carryToastsToNextPage } from '@/lib/carried-toasts';
import {
  documentNavigation,
  NavigationProvider,
  useDocumentLocation,
  type AppLocation,
} from '@/lib/navigation';
import { LazyToaster } from './lazy-toaster';

/** The address the page was pre-rendered at. */
const PRE_RENDERED_AT: AppLocation = { pathname: '/auth', search: '', hash: '' };

/**
 * The sign-in portal (`children`: features/auth/auth-page.tsx, which the
 * router loads for `/auth` too) as its own small app: pre-rendered at build
 * time and hydrated without the router, the query library or the app's layout,
 * none of which a sign-in form needs. Where the sign-in leads is a whole page
 * load, and the toast that says how it went goes with it.
 */
export function AuthApp({ children }: { children: ReactNode }) {
  // Hydrate as rendered, then take the real address (?redirect=, the sign-on request).
  const location = useDocumentLocation(PRE_RENDERED_AT);
  const navigation = useMemo(() => {
    const whole = documentNavigation(location);
    return {
      ...whole,
      navigate: (to: string, options?: { replace?: boolean }) => {
        carryToastsToNextPage();
        whole.navigate(to, options);
      },
    };
  }, [location]);
  const [authenticator] = useState(createAppAuthenticator);
  return (
    <NavigationProvider value={navigation}>
      <AuthProvider authenticator={authenticator}>
        {children}
        <LazyToaster />
      </AuthProvider>
    </NavigationProvider>
  );
}

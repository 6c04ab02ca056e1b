import { useMemo, useState, type ReactNode } from 'react';
import { createAppAuthenticator } from '@/lib/auth/app-authenticator';
import { AuthProvider, useAuth } from '@/lib/auth/auth-provider';
import {
  documentNavigation,
  NavigationProvider,
  useDocumentLocation,
  type AppLocation,
} from '@/lib/navigation';
import { PersonaProvider } from '@/lib/persona';
import { CommandPaletteProvider, PaletteButton } from './command-palette/palette-launcher';
import { AppFrame } from './layout/app-frame';
import { LazyToaster } from './lazy-toaster';

const loadPalette = () => import('./command-palette/landing-palette');
const searchButton = (variant: 'wide' | 'icon') => <PaletteButton variant={variant} />;

/** The address the page was pre-rendered at. */
const PRE_RENDERED_AT: AppLocation = { pathname: '/', search: '', hash: '' };

/**
 * Toasts appear only after a sign-out or in the setup panel: the toaster loads
 * for those, and stays once loaded (a sign-out's toast follows the user's going).
 */
function ToasterWhenNeeded({ setup }: { setup: boolean }) {
  const { user } = useAuth();
  const [needed, setNeeded] = useState(false);
  if (!needed && (user || setup)) setNeeded(true);
  return needed ? <LazyToaster /> : null;
}

/**
 * The landing page (`children`: features/landing/landing-page.tsx, which the
 * router loads lazily for `/` too) as its own small app
 * (docs/product/quality.md#landing-budget): pre-rendered to HTML at build time and hydrated
 * without the router, the query library or the console's code, which the
 * other pages load. Its links load those pages.
 */
export function LandingApp({ children }: { children: ReactNode }) {
  // Hydrate as rendered, then take the real address (?setup=true shows the setup panel).
  const location = useDocumentLocation(PRE_RENDERED_AT);
  const navigation = useMemo(() => documentNavigation(location), [location]);
  const [authenticator] = useState(createAppAuthenticator);
  const setup = new URLSearchParams(location.search).get('setup') === 'true';
  return (
    <NavigationProvider value={navigation}>
      <AuthProvider authenticator={authenticator}>
        <PersonaProvider>
          {/* Search as on every page; its code loads on first use (docs/product/public-site.md#command-palette). */}
          <CommandPaletteProvider load={loadPalette}>
            <AppFrame search={searchButton}>{children}</AppFrame>
          </CommandPaletteProvider>
          <ToasterWhenNeeded setup={setup} />
        </PersonaProvider>
      </AuthProvider>
    </NavigationProvider>
  );
}

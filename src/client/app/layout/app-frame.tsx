import type { ReactNode } from 'react';
import { AppLink, useNavigation } from '@/lib/navigation';
import { ShellControlsContext } from '@/lib/shell-controls';
import { useStoredFlag } from '@/lib/use-stored-flag';
import { AccountMenu } from './account-menu';
import { DemoBanner } from './demo-banner';
import { EcosystemBar } from './ecosystem-bar';
import { MobileNav } from './mobile-nav';
import { PersonaSwitcher } from './persona-switcher';
import { Sidebar } from './sidebar';

const shellControls = { menu: <MobileNav />, account: <AccountMenu /> };

const COLLAPSED_KEY = 'ted.sidebar.collapsed';

/**
 * The shared layout of every page but the auth and not-found pages
 * (docs/product/public-site.md#layout), around the page. The app and the
 * pre-rendered landing page both use it.
 */
export function AppFrame({
  children,
  search,
}: {
  children: ReactNode;
  /** The search button (the command palette), drawn wide or as an icon. */
  search?: (variant: 'wide' | 'icon') => ReactNode;
}) {
  const [collapsed, setCollapsed] = useStoredFlag(COLLAPSED_KEY);
  // The landing page's own top bar is its phone header too: one header, not two.
  const landing = useNavigation().location.pathname === '/';
  return (
    <ShellControlsContext value={landing ? shellControls : null}>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow"
        >
          Skip to content
        </a>
        <header>
          <EcosystemBar />
          <DemoBanner />
          {landing ? null : (
            <div className="flex h-14 items-center gap-2 border-b border-slate-200 bg-white px-4 md:hidden">
              <MobileNav />
              <AppLink to="/" className="font-semibold text-slate-900">
                Talent Ecosystem
              </AppLink>
              <div className="ml-auto flex items-center gap-1">
                {search?.('icon')}
                <AccountMenu />
              </div>
            </div>
          )}
        </header>
        <div className="flex flex-1">
          <Sidebar
            collapsed={collapsed}
            onToggle={() => setCollapsed(!collapsed)}
            search={search}
          />
          <div className="flex min-w-0 flex-1 flex-col">
            {/* On a phone the bottom bar's height is kept free below the page. */}
            <main
              id="main"
              tabIndex={-1}
              className="min-w-0 flex-1 pb-20 focus:outline-none md:pb-8"
            >
              {children}
            </main>
          </div>
        </div>
        <aside
          aria-label="Persona"
          className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 px-3 py-2 shadow-[0_-2px_8px_rgb(15_23_42/0.06)] backdrop-blur md:hidden"
        >
          <PersonaSwitcher placement="bar" />
        </aside>
      </div>
    </ShellControlsContext>
  );
}

import type { ReactNode } from 'react';
import { AppLink } from '@/lib/navigation';
import { useStoredFlag } from '@/lib/use-stored-flag';
import { AccountMenu } from './account-menu';
import { DemoBanner } from './demo-banner';
import { EcosystemBar } from './ecosystem-bar';
import { MobileNav } from './mobile-nav';
import { PersonaSwitcher } from './persona-switcher';
import { Sidebar } from './sidebar';

const COLLAPSED_KEY = 'ted.sidebar.collapsed';

/**
 * The shared layout of every page but the auth and not-found pages (SPEC.md
 * §2), around the page. The app and the pre-rendered landing page both use it.
 */
export function AppFrame({ children }: { children: ReactNode }) {
  const [collapsed, setCollapsed] = useStoredFlag(COLLAPSED_KEY);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <EcosystemBar />
      <DemoBanner />
      <div className="flex flex-1">
        <Sidebar collapsed={collapsed} onToggle={() => setCollapsed(!collapsed)} />
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="flex h-14 items-center gap-2 border-b border-slate-200 bg-white px-4 md:hidden">
            <MobileNav />
            <AppLink to="/" className="font-semibold text-slate-900">
              Talent Ecosystem
            </AppLink>
            <div className="ml-auto">
              <AccountMenu />
            </div>
          </header>
          <main id="main" tabIndex={-1} className="min-w-0 flex-1 pb-24 focus:outline-none">
            {children}
          </main>
        </div>
      </div>
      <PersonaSwitcher />
    </div>
  );
}

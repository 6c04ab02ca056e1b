import { useState } from 'react';
import { Link, Outlet, ScrollRestoration } from 'react-router';
import { AccountMenu } from './account-menu';
import { DemoBanner } from './demo-banner';
import { EcosystemBar } from './ecosystem-bar';
import { MobileNav } from './mobile-nav';
import { PersonaSwitcher } from './persona-switcher';
import { Sidebar } from './sidebar';

const COLLAPSED_KEY = 'ted.sidebar.collapsed';

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
}

/** The shared layout of every page but the auth and not-found pages (SPEC.md §2). */
export function AppLayout() {
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const toggle = () =>
    setCollapsed((c) => {
      try {
        localStorage.setItem(COLLAPSED_KEY, String(!c));
      } catch {
        /* storage unavailable */
      }
      return !c;
    });
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
        <Sidebar collapsed={collapsed} onToggle={toggle} />
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="flex h-14 items-center gap-2 border-b border-slate-200 bg-white px-4 md:hidden">
            <MobileNav />
            <Link to="/" className="font-semibold text-slate-900">
              Talent Ecosystem
            </Link>
            <div className="ml-auto">
              <AccountMenu />
            </div>
          </header>
          <main id="main" tabIndex={-1} className="min-w-0 flex-1 pb-24 focus:outline-none">
            <Outlet />
          </main>
        </div>
      </div>
      <PersonaSwitcher />
      <ScrollRestoration />
    </div>
  );
}

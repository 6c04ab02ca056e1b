import { HomeIcon, LayoutDashboardIcon, LogInIcon } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';
import { useAuth } from '@/lib/auth/auth-provider';
import { loadAppPalette } from './command-palette/app-palette';
import { CommandPaletteProvider, PaletteButton } from './command-palette/palette-launcher';
import { RouterNavigation } from './layout/router-navigation';

/**
 * The not-found page (docs/product/public-site.md#not-found): without the sidebar, but under the
 * product's name, with the ways on a lost visitor looks for: home, the dashboards, sign-in and
 * the search of every screen.
 */
export default function NotFoundPage() {
  const { user } = useAuth();
  return (
    <RouterNavigation>
      <CommandPaletteProvider load={loadAppPalette}>
        <div className="flex min-h-dvh flex-col bg-slate-100">
          <title>Page not found · Talent Ecosystem Demo</title>
          <header className="border-b border-slate-200 bg-white">
            <div className="mx-auto flex h-14 max-w-3xl items-center px-4">
              <Link
                to="/"
                className="flex items-center gap-2 rounded-md font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                <HomeIcon className="size-4 text-indigo-600" aria-hidden />
                Talent Ecosystem
              </Link>
            </div>
          </header>
          <main className="flex flex-1 items-center justify-center px-4 py-12">
            <div className="flex w-full max-w-md flex-col items-center text-center">
              <h1 className="mb-4 text-4xl font-bold">404</h1>
              <p className="mb-2 text-xl text-slate-700">Oops! Page not found</p>
              <p className="mb-6 text-sm text-slate-600">
                The address may be mistyped, or the page has moved. Search for a screen, or go on
                from one of these.
              </p>
              <PaletteButton variant="wide" className="mb-4 max-w-xs" />
              <nav aria-label="Ways on" className="flex flex-wrap justify-center gap-2">
                <Link to="/" className={buttonVariants()}>
                  <HomeIcon aria-hidden />
                  Return to Home
                </Link>
                <Link to="/demo" className={buttonVariants({ variant: 'outline' })}>
                  <LayoutDashboardIcon aria-hidden />
                  Dashboards
                </Link>
                {user ? null : (
                  <Link to="/auth" className={buttonVariants({ variant: 'outline' })}>
                    <LogInIcon aria-hidden />
                    Sign in
                  </Link>
                )}
              </nav>
            </div>
          </main>
        </div>
      </CommandPaletteProvider>
    </RouterNavigation>
  );
}

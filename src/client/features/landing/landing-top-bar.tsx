import { LogInIcon, NetworkIcon } from 'lucide-react';
import { AppLink } from '@/lib/navigation';
import { clsx } from 'clsx';
import { buttonVariants } from '@/components/ui/button-variants';
import { useShellControls } from '@/lib/shell-controls';

const SECTIONS = [
  { href: '#platforms', label: 'Platforms' },
  { href: '#why', label: 'Why us' },
  { href: '#features', label: 'Features' },
];

/**
 * docs/product/public-site.md#landing: the landing page's top bar with the title and Demo Admin Login.
 * It sticks to the top of the content column, below the ecosystem bar and the
 * demo banner and beside the sidebar, so it never covers them; the sections it
 * links to keep a scroll margin of its height so their headings stay in view.
 */
export function LandingTopBar() {
  const shell = useShellControls();
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-4 sm:gap-3 sm:px-6 lg:px-8">
        {/* On a phone this is the page's only header: it opens the navigation too. */}
        {shell?.menu}
        <AppLink
          to="/"
          className="flex min-w-0 items-center gap-2 rounded-md font-semibold text-slate-900"
        >
          <span
            aria-hidden
            className="hidden size-8 shrink-0 items-center justify-center rounded-lg bg-indigo-600 text-white min-[400px]:flex"
          >
            <NetworkIcon className="size-4" />
          </span>
          <span className="truncate text-sm sm:text-base">Talent Ecosystem Demo</span>
        </AppLink>
        <nav aria-label="On this page" className="ml-6 hidden lg:block">
          <ul className="flex gap-1 text-sm font-medium text-slate-700">
            {SECTIONS.map((s) => (
              <li key={s.href}>
                <a
                  href={s.href}
                  className="rounded-md px-3 py-2 transition-colors duration-150 hover:bg-slate-100 hover:text-slate-900"
                >
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <AppLink to="/auth" className={clsx(buttonVariants({ size: 'sm' }), 'ml-auto')}>
          <LogInIcon aria-hidden />
          Demo Admin Login
        </AppLink>
        {shell?.account ? <div className="md:hidden">{shell.account}</div> : null}
      </div>
    </header>
  );
}

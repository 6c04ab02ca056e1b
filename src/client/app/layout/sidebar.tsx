import { ChevronsLeftIcon, ChevronsRightIcon, HomeIcon } from 'lucide-react';
import { AppLink, isCurrentPath, useNavigation } from '@/lib/navigation';
import { clsx } from 'clsx';
import { useSyncExternalStore, type ReactNode } from 'react';
import type { ScreenSlug } from '@shared/routes';
import { sessionStore } from '@/lib/auth/session-store';
import { finalTodoEntry, screens } from '../screens';
import { AccountMenu } from './account-menu';
import { PersonaSwitcher } from './persona-switcher';

export type SidebarEntry = {
  to: string;
  label: string;
  icon: (typeof screens)[number]['icon'];
  /** The screen's slug; none for the Final To-Do page. */
  slug?: ScreenSlug;
};

const signedOut = () => null;

/**
 * The twelve entries. Each screen links to its public twin under /demo and
 * whenever nobody is signed in (a protected route would only send them to
 * sign in); a signed-in user elsewhere gets the protected screens.
 */
export function useSidebarEntries(): SidebarEntry[] {
  const { pathname } = useNavigation().location;
  // Pre-rendered pages are drawn signed out; the kept session shows once the app takes over.
  const session = useSyncExternalStore(sessionStore.subscribe, sessionStore.get, signedOut);
  const demo = !session || pathname === '/demo' || pathname.startsWith('/demo/');
  return [
    ...screens.map((s) => ({
      slug: s.slug,
      to: demo ? `/demo/${s.slug}` : `/${s.slug}`,
      label: s.label,
      icon: s.icon,
    })),
    { to: finalTodoEntry.path, label: finalTodoEntry.label, icon: finalTodoEntry.icon },
  ];
}

export function SidebarNav({
  collapsed = false,
  onNavigate,
}: {
  collapsed?: boolean;
  onNavigate?: () => void;
}) {
  const entries = useSidebarEntries();
  const { pathname } = useNavigation().location;
  return (
    <ul className="flex flex-col gap-0.5">
      {entries.map(({ to, label, icon: Icon }) => {
        const current = isCurrentPath(pathname, to);
        return (
          <li key={label}>
            <AppLink
              to={to}
              onClick={onNavigate}
              title={collapsed ? label : undefined}
              aria-current={current ? 'page' : undefined}
              className={clsx(
                'flex items-center gap-3 rounded-md py-2 text-sm font-medium transition-colors duration-150 focus-visible:outline-2 focus-visible:outline-indigo-600',
                current
                  ? 'bg-indigo-50 text-indigo-800'
                  : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                collapsed ? 'justify-center px-2' : 'px-3',
              )}
            >
              <Icon className="size-4 shrink-0" aria-hidden />
              <span className={clsx(collapsed && 'sr-only')}>{label}</span>
            </AppLink>
          </li>
        );
      })}
    </ul>
  );
}

/** The desktop sidebar; collapses to icons. The phone layout uses a drawer instead. */
export function Sidebar({
  collapsed,
  onToggle,
  search,
}: {
  collapsed: boolean;
  onToggle: () => void;
  search?: ((variant: 'wide' | 'icon') => ReactNode) | undefined;
}) {
  return (
    <aside
      className={clsx(
        'sticky top-0 hidden h-dvh shrink-0 flex-col border-r border-slate-200 bg-white transition-[width] duration-200 md:flex',
        collapsed ? 'w-16' : 'w-64',
      )}
    >
      <div
        className={clsx(
          'flex h-14 items-center gap-2 border-b border-slate-200 px-3',
          collapsed && 'justify-center',
        )}
      >
        <AppLink
          to="/"
          className={clsx(
            'flex min-w-0 items-center gap-2 rounded-md font-semibold text-slate-900',
            collapsed && 'sr-only',
          )}
        >
          <HomeIcon className="size-4 shrink-0 text-indigo-600" aria-hidden />
          <span className="truncate">Talent Ecosystem</span>
        </AppLink>
        <button
          type="button"
          onClick={onToggle}
          aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          aria-expanded={!collapsed}
          className="ml-auto rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {collapsed ? (
            <ChevronsRightIcon className="size-4" />
          ) : (
            <ChevronsLeftIcon className="size-4" />
          )}
        </button>
      </div>
      <AccountMenu placement="sidebar" collapsed={collapsed} />
      {search ? (
        <div className={clsx('px-2 pt-2', collapsed && 'flex justify-center')}>
          {search(collapsed ? 'icon' : 'wide')}
        </div>
      ) : null}
      <nav aria-label="Main" className="flex-1 overflow-y-auto p-2">
        <SidebarNav collapsed={collapsed} />
      </nav>
      <div
        className={clsx(
          // In view from the first paint, while the bars above still push the sidebar down.
          'sticky bottom-0 border-t border-slate-200 bg-white p-2',
          collapsed && 'flex justify-center',
        )}
      >
        <PersonaSwitcher placement={collapsed ? 'collapsed' : 'sidebar'} />
      </div>
    </aside>
  );
}

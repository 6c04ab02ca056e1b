import { ChevronsUpDownIcon, LogInIcon, LogOutIcon, ShieldIcon } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useCallback, useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { buttonVariants } from '@/components/ui/button';
import { AUTH_MESSAGES } from '@/features/auth/auth-messages';
import { useAuth } from '@/lib/auth/auth-provider';
import { isProtectedPath, signInPath } from '@/lib/auth/redirect';
import { usePublicConfig } from '@/lib/public-config';
import type { SessionUser } from '@/lib/auth/session-store';
import { cn } from '@/lib/utils';

type Placement = 'sidebar' | 'header';

function initials(user: SessionUser): string {
  const words = user.user_metadata.full_name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length ? words.slice(0, 2).map((w) => w[0]) : [user.email.trim()[0] ?? '?'];
  return letters.join('').toUpperCase();
}

function Avatar({ user }: { user: SessionUser }) {
  return (
    <span
      aria-hidden
      className="flex size-8 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-xs font-semibold text-white"
    >
      {initials(user)}
    </span>
  );
}

/**
 * Signing out of a protected page first leaves it for the landing page and
 * only ends the session once that page is on screen: were the session gone
 * first, the page's guard would send the user to /auth instead.
 */
function useSignOut() {
  const { signOut } = useAuth();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const leaving = useRef(false);
  const production = usePublicConfig().data?.demoMode === false;

  const finish = useCallback(async () => {
    const { error } = await signOut();
    if (error) {
      toast.error(production ? 'Sign-out failed' : AUTH_MESSAGES.errorToast, {
        description: error.message,
      });
    } else toast.success(production ? 'Signed out' : AUTH_MESSAGES.signOutSuccess);
  }, [signOut, production]);

  useEffect(() => {
    if (!leaving.current || isProtectedPath(pathname)) return;
    leaving.current = false;
    void finish();
  }, [pathname, finish]);

  return () => {
    if (!isProtectedPath(pathname)) return void finish();
    leaving.current = true;
    void navigate('/', { replace: true });
  };
}

/**
 * The signed-in user and the sign-out control: in the desktop sidebar (under
 * its title, where the persona switcher never covers it) and in the phone header.
 * Signed out, a way to sign in that comes back to the current page.
 */
export function AccountMenu({
  placement = 'header',
  collapsed = false,
}: {
  placement?: Placement;
  collapsed?: boolean;
}) {
  const { user } = useAuth();
  const { pathname, search, hash } = useLocation();
  const onSignOut = useSignOut();
  const wide = placement === 'sidebar' && !collapsed;

  let content;
  if (!user) {
    // The landing page has its own Demo Admin Login button in view.
    if (pathname === '/') return null;
    content = (
      <Link
        to={signInPath(pathname + search + hash)}
        aria-label={wide ? undefined : 'Sign in'}
        title={wide ? undefined : 'Sign in'}
        className={cn(
          buttonVariants({ variant: 'outline', size: wide ? 'default' : 'icon' }),
          wide && 'w-full',
        )}
      >
        <LogInIcon aria-hidden />
        {wide ? 'Sign in' : null}
      </Link>
    );
  } else {
    const name = user.user_metadata.full_name || user.email;
    content = (
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          aria-label={`Account: ${name}`}
          className={cn(
            'flex items-center gap-2 rounded-md text-left transition-colors duration-150 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 data-[state=open]:bg-slate-100',
            wide ? 'w-full px-2 py-1.5' : 'p-1',
          )}
        >
          <Avatar user={user} />
          {wide ? (
            <>
              <span className="grid min-w-0 flex-1 leading-tight">
                <span className="truncate text-sm font-medium text-slate-900">{name}</span>
                <span className="truncate text-xs text-slate-600">{user.email}</span>
              </span>
              <ChevronsUpDownIcon className="size-4 shrink-0 text-slate-500" aria-hidden />
            </>
          ) : null}
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align={placement === 'sidebar' ? 'start' : 'end'}
            side={placement === 'sidebar' && collapsed ? 'right' : 'bottom'}
            sideOffset={6}
            className="z-50 w-72 max-w-[calc(100vw-1rem)] rounded-lg border border-slate-200 bg-white p-1 text-slate-900 shadow-lg"
          >
            <DropdownMenu.Label className="flex items-center gap-2 px-2 py-2">
              <Avatar user={user} />
              <span className="grid min-w-0 leading-tight">
                <span className="text-sm font-medium break-words">{name}</span>
                <span className="text-xs break-all text-slate-600">{user.email}</span>
              </span>
            </DropdownMenu.Label>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to="/admin">
                <ShieldIcon aria-hidden />
                Admin Dashboard
              </Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item className={itemClass} onSelect={() => void onSignOut()}>
              <LogOutIcon aria-hidden />
              Sign out
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    );
  }

  if (placement === 'header') return content;
  return (
    <div className={cn('border-b border-slate-200 p-2', collapsed && 'flex justify-center')}>
      {content}
    </div>
  );
}

const itemClass =
  'flex cursor-default items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none select-none data-[highlighted]:bg-slate-100 [&_svg]:size-4 [&_svg]:text-slate-600';

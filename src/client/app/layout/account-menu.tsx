import { LogInIcon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import { useAuth } from '@/lib/auth/auth-provider';
import { signInPath } from '@/lib/auth/redirect';
import { AppLink, useNavigation } from '@/lib/navigation';
import { clsx } from 'clsx';
import { AccountBadge, accountTriggerClass } from './account-badge';

// The menu (a Radix dropdown) loads only for a signed-in visitor.
const SignedInMenu = lazy(() => import('./signed-in-menu'));

type Placement = 'sidebar' | 'header';

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
  const { pathname, search, hash } = useNavigation().location;
  const wide = placement === 'sidebar' && !collapsed;

  let content;
  if (!user) {
    // The landing page's top bar has its own Demo Admin Login button; its sidebar signs in as
    // every other page's does.
    if (pathname === '/' && placement === 'header') return null;
    content = (
      <AppLink
        to={signInPath(pathname + search + hash)}
        aria-label={wide ? undefined : 'Sign in'}
        title={wide ? undefined : 'Sign in'}
        className={clsx(
          buttonVariants({ variant: 'outline', size: wide ? 'default' : 'icon' }),
          wide && 'w-full',
        )}
      >
        <LogInIcon aria-hidden />
        {wide ? 'Sign in' : null}
      </AppLink>
    );
  } else {
    content = (
      <Suspense
        fallback={
          // The same button, inert for the moment its menu takes to load: nothing moves.
          <span className={accountTriggerClass(wide)}>
            <AccountBadge user={user} wide={wide} />
          </span>
        }
      >
        <SignedInMenu user={user} placement={placement} collapsed={collapsed} />
      </Suspense>
    );
  }

  if (placement === 'header') return content;
  return (
    <div className={clsx('border-b border-slate-200 p-2', collapsed && 'flex justify-center')}>
      {content}
    </div>
  );
}

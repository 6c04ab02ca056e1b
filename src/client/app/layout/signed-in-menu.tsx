import {
  CheckIcon,
  LinkIcon,
  LogOutIcon,
  MonitorIcon,
  MoonIcon,
  ShieldCheckIcon,
  ShieldIcon,
  SunIcon,
} from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useCallback, useEffect } from 'react';
import { toast } from 'sonner';
import { CONNECTED_APPS_PATH, SECURITY_PATH } from '@shared/routes';
import { AUTH_MESSAGES } from '@/features/auth/auth-messages';
import { useAuth } from '@/lib/auth/auth-provider';
import { isProtectedPath } from '@/lib/auth/redirect';
import type { SessionUser } from '@/lib/auth/session-store';
import { AppLink, useNavigation } from '@/lib/navigation';
import { usePublicConfig } from '@/lib/public-config';
import { setThemeChoice, useThemeChoice, type ThemeChoice } from '@/lib/theme';
import { AccountBadge, accountName, accountTriggerClass, Avatar } from './account-badge';

/**
 * A sign-out waiting for the protected page to be left. Shared by every menu:
 * the menu clicked may not be on the next page (the landing page draws its own
 * phone header), so whichever menu is there ends the session.
 */
let leaving = false;

/**
 * Signing out of a protected page first leaves it for the landing page and
 * only ends the session once that page is on screen: were the session gone
 * first, the page's guard would send the user to /auth instead.
 */
function useSignOut() {
  const { signOut } = useAuth();
  const { location, navigate } = useNavigation();
  const { pathname } = location;
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
    if (!leaving || isProtectedPath(pathname)) return;
    leaving = false;
    void finish();
  }, [pathname, finish]);

  return () => {
    if (!isProtectedPath(pathname)) return void finish();
    leaving = true;
    navigate('/', { replace: true });
  };
}

const itemClass =
  'flex cursor-default items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none select-none data-[highlighted]:bg-slate-100 [&_svg]:size-4 [&_svg]:text-slate-600';

const THEME_CHOICES: { value: ThemeChoice; label: string; icon: typeof SunIcon }[] = [
  { value: 'system', label: 'System', icon: MonitorIcon },
  { value: 'light', label: 'Light', icon: SunIcon },
  { value: 'dark', label: 'Dark', icon: MoonIcon },
];

const isThemeChoice = (value: string): value is ThemeChoice =>
  THEME_CHOICES.some((c) => c.value === value);

/** docs/product/public-site.md#dark-mode: the theme, as radio items of the menu. */
function ThemeItems() {
  const choice = useThemeChoice();
  return (
    <DropdownMenu.RadioGroup
      aria-labelledby="account-menu-theme"
      value={choice}
      onValueChange={(value) => {
        if (isThemeChoice(value)) setThemeChoice(value);
      }}
    >
      <DropdownMenu.Label
        id="account-menu-theme"
        className="px-2 pt-1.5 pb-1 text-xs font-semibold text-slate-600"
      >
        Theme
      </DropdownMenu.Label>
      {THEME_CHOICES.map(({ value, label, icon: Icon }) => (
        <DropdownMenu.RadioItem key={value} value={value} className={itemClass}>
          <Icon aria-hidden />
          <span className="flex-1">{label}</span>
          <DropdownMenu.ItemIndicator>
            <CheckIcon aria-hidden />
          </DropdownMenu.ItemIndicator>
        </DropdownMenu.RadioItem>
      ))}
    </DropdownMenu.RadioGroup>
  );
}

/**
 * The signed-in user's menu: who is signed in, the admin console, two-step sign-in (and, in
 * production mode, the applications the person allowed), the theme, and sign-out.
 */
export default function SignedInMenu({
  user,
  placement,
  collapsed,
}: {
  user: SessionUser;
  placement: 'sidebar' | 'header';
  collapsed: boolean;
}) {
  const onSignOut = useSignOut();
  const production = usePublicConfig().data?.demoMode === false;
  const wide = placement === 'sidebar' && !collapsed;
  const name = accountName(user);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger aria-label={`Account: ${name}`} className={accountTriggerClass(wide)}>
        <AccountBadge user={user} wide={wide} />
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
            <AppLink to="/admin">
              <ShieldIcon aria-hidden />
              Admin Dashboard
            </AppLink>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <AppLink to={SECURITY_PATH}>
              <ShieldCheckIcon aria-hidden />
              Two-step sign-in
            </AppLink>
          </DropdownMenu.Item>
          {production ? (
            <DropdownMenu.Item asChild className={itemClass}>
              <AppLink to={CONNECTED_APPS_PATH}>
                <LinkIcon aria-hidden />
                Connected applications
              </AppLink>
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <ThemeItems />
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item className={itemClass} onSelect={() => void onSignOut()}>
            <LogOutIcon aria-hidden />
            Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

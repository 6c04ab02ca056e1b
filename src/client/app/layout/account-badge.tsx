import { ChevronsUpDownIcon } from 'lucide-react';
import type { SessionUser } from '@/lib/auth/session-store';
import { clsx } from 'clsx';

function initials(user: SessionUser): string {
  const words = user.user_metadata.full_name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length ? words.slice(0, 2).map((w) => w[0]) : [user.email.trim()[0] ?? '?'];
  return letters.join('').toUpperCase();
}

export function Avatar({ user }: { user: SessionUser }) {
  return (
    <span
      aria-hidden
      className="flex size-8 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-xs font-semibold text-white"
    >
      {initials(user)}
    </span>
  );
}

export const accountName = (user: SessionUser) => user.user_metadata.full_name || user.email;

export const accountTriggerClass = (wide: boolean) =>
  clsx(
    'flex items-center gap-2 rounded-md text-left transition-colors duration-150 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 data-[state=open]:bg-slate-100',
    wide ? 'w-full px-2 py-1.5' : 'p-1',
  );

/** What the account button shows: the avatar and, in the wide sidebar, name and email. */
export function AccountBadge({ user, wide }: { user: SessionUser; wide: boolean }) {
  return (
    <>
      <Avatar user={user} />
      {wide ? (
        <>
          <span className="grid min-w-0 flex-1 leading-tight">
            <span className="truncate text-sm font-medium text-slate-900">{accountName(user)}</span>
            <span className="truncate text-xs text-slate-600">{user.email}</span>
          </span>
          <ChevronsUpDownIcon className="size-4 shrink-0 text-slate-500" aria-hidden />
        </>
      ) : null}
    </>
  );
}

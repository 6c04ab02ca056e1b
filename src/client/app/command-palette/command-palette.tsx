import { useQuery } from '@tanstack/react-query';
import { Command } from 'cmdk';
import { ArrowRightIcon, UserIcon } from 'lucide-react';
import { useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { PERSONAS, type Persona } from '@shared/constants';
import type { AdminUser } from '@shared/schemas/users';
import { PERSONA_LOOKS } from '../layout/persona-switcher';
import { useSidebarEntries } from '../layout/sidebar';
import { FINAL_TODO_TABS, screenTabs, tabPath } from '../screen-tabs';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { adminKeys } from '@/features/admin/shared/query-keys';
import { EditUserDialog } from '@/features/admin/users/edit-user-dialog';
import { displayName } from '@/features/admin/users/format';
import { api } from '@/lib/api';
import { useAuth } from '@/lib/auth/auth-provider';
import { isAdmin, meQuery } from '@/lib/auth/me-query';
import { useNavigation } from '@/lib/navigation';
import { usePersona } from '@/lib/persona';
import { usePublicConfig } from '@/lib/public-config';

/** Users found by name or email, at most this many (docs/product/public-site.md#command-palette). */
export const PALETTE_USER_LIMIT = 8;
/** A user search starts at this many characters. */
const USER_SEARCH_MIN = 2;

/** Whether the signed-in account may use the console (the demo administrator may). */
function useConsoleAccess(): boolean {
  const { user } = useAuth();
  const config = usePublicConfig();
  const production = config.data?.demoMode === false;
  const me = useQuery({ ...meQuery, enabled: !!user && production });
  if (!user || config.isPending) return false;
  return production ? !!me.data && isAdmin(me.data.user.roles) : true;
}

function useUserLookup(term: string, enabled: boolean) {
  const q = term.trim();
  return useQuery({
    queryKey: adminKeys.users.lookup(q),
    queryFn: ({ signal }) =>
      api('GET', '/api/admin/users', { query: { q, limit: PALETTE_USER_LIMIT }, signal }),
    enabled: enabled && q.length >= USER_SEARCH_MIN,
    staleTime: 10_000,
  });
}

type Destination = { key: string; label: string; to: string; group: 'screen' | 'tab' };

function useDestinations(persona: Persona): Destination[] {
  return useSidebarEntries().flatMap((entry) => {
    const tabs = entry.slug ? screenTabs(entry.slug, persona) : FINAL_TODO_TABS;
    return [
      { key: entry.to, label: entry.label, to: entry.to, group: 'screen' as const },
      ...tabs.map((tab) => ({
        key: `${entry.to}#${tab.value}`,
        label: `${entry.label} › ${tab.label}`,
        to: tabPath(entry.to, tabs, tab.value),
        group: 'tab' as const,
      })),
    ];
  });
}

/**
 * Words, not scattered letters: an item matches when every word typed begins a word of its
 * label ("sec aud" finds "Security Audit"), or the text appears inside it; users found by the
 * server always match (the server searched their name, email and organization).
 */
export function paletteFilter(value: string, search: string, keywords: string[] = []): number {
  if (value.startsWith('user ')) return 1;
  const text = keywords.join(' ').toLowerCase();
  const typed = search.trim().toLowerCase();
  if (!typed) return 1;
  const words = text.split(/[\s›·,/&-]+/).filter(Boolean);
  const parts = typed.split(/\s+/);
  if (parts.every((part) => words.some((word) => word.startsWith(part)))) return 1;
  return text.includes(typed) ? 0.5 : 0;
}

const itemClass =
  'flex min-w-0 cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm text-slate-800 data-[selected=true]:bg-indigo-50 data-[selected=true]:text-indigo-900';
const groupClass =
  'px-1 py-1 [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-slate-500';

/**
 * The command palette (docs/product/public-site.md#command-palette): jump to any screen or tab,
 * view as another persona, and, for an administrator, find a user by name or email and open
 * their Edit dialog. Every item is reached with the arrows and chosen with Enter.
 */
export default function CommandPalette({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  // The router's navigation in the app, whole-page loads on the landing page.
  const { navigate } = useNavigation();
  const { persona, setPersona } = usePersona();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const admin = useConsoleAccess();
  const destinations = useDestinations(persona);
  const term = useDeferredValue(search);
  const users = useUserLookup(term, open && admin);
  const [announcement, setAnnouncement] = useState('');

  // A closed palette opens again empty.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (!open) setSearch('');
  }

  // Screen readers hear how many results the typing left, once it settles.
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => {
      const shown = document.querySelectorAll('[cmdk-item]').length;
      setAnnouncement(
        shown === 0 ? 'No results' : `${shown} result${shown === 1 ? '' : 's'} available`,
      );
    }, 400);
    return () => clearTimeout(timer);
  }, [open, term, users.data]);

  const run = (action: () => void) => {
    onOpenChange(false);
    action();
  };

  const userGroup = admin && term.trim().length >= USER_SEARCH_MIN;
  let userStatus: ReactNode = null;
  if (userGroup && users.isPending) userStatus = 'Searching users…';
  else if (userGroup && users.isError)
    userStatus = `Users could not be searched: ${users.error.message}`;

  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent className="top-[15%] max-w-xl translate-y-0 gap-0 overflow-hidden p-0 sm:top-[20%]">
          <DialogTitle className="sr-only">Command palette</DialogTitle>
          <DialogDescription className="sr-only">
            Type to find a screen, a tab{admin ? ', a persona or a user' : ' or a persona'}; use the
            arrow keys and Enter to choose.
          </DialogDescription>
          <Command label="Command palette" loop filter={paletteFilter} className="flex flex-col">
            <div className="border-b border-slate-200 px-3">
              <Command.Input
                value={search}
                onValueChange={setSearch}
                placeholder={admin ? 'Search screens, tabs and users…' : 'Search screens and tabs…'}
                className="h-12 w-full bg-transparent pr-8 text-base outline-none placeholder:text-slate-400 sm:text-sm"
              />
            </div>
            <Command.List className="max-h-[min(24rem,60dvh)] overflow-y-auto overscroll-contain p-1">
              <Command.Empty className="px-3 py-6 text-center text-sm text-slate-600">
                {admin ? 'No screen, tab or user' : 'No screen or tab'} matches “{search}”.
              </Command.Empty>
              {userGroup ? (
                <Command.Group heading="Users" className={groupClass}>
                  {userStatus ? (
                    <Command.Loading>
                      <p className="px-2 py-2 text-sm text-slate-600">{userStatus}</p>
                    </Command.Loading>
                  ) : null}
                  {users.data?.users.map((user) => (
                    <Command.Item
                      key={user.id}
                      value={`user ${user.id}`}
                      keywords={[user.email, user.full_name ?? '']}
                      onSelect={() => run(() => setEditing(user))}
                      className={itemClass}
                    >
                      <UserIcon className="size-4 shrink-0 text-slate-500" aria-hidden />
                      <span className="flex min-w-0 flex-1 flex-col">
                        <span className="truncate">{displayName(user)}</span>
                        <span className="truncate text-xs text-slate-600">{user.email}</span>
                      </span>
                      <span className="text-xs text-slate-600">Edit</span>
                    </Command.Item>
                  ))}
                </Command.Group>
              ) : null}
              {(['screen', 'tab'] as const).map((group) => (
                <Command.Group
                  key={group}
                  heading={group === 'screen' ? 'Screens' : 'Tabs'}
                  className={groupClass}
                >
                  {destinations
                    .filter((d) => d.group === group)
                    .map((d) => (
                      <Command.Item
                        key={d.key}
                        value={d.key}
                        keywords={[d.label]}
                        onSelect={() => run(() => navigate(d.to))}
                        className={itemClass}
                      >
                        <ArrowRightIcon className="size-4 shrink-0 text-slate-500" aria-hidden />
                        {d.label}
                      </Command.Item>
                    ))}
                </Command.Group>
              ))}
              <Command.Group heading="View as" className={groupClass}>
                {PERSONAS.map((p) => {
                  const { label, icon: Icon } = PERSONA_LOOKS[p];
                  return (
                    <Command.Item
                      key={p}
                      value={`persona ${p}`}
                      keywords={[label, 'persona', 'view as']}
                      onSelect={() => run(() => setPersona(p))}
                      className={itemClass}
                    >
                      <Icon className="size-4 shrink-0 text-slate-500" aria-hidden />
                      View as {label}
                      {p === persona ? (
                        <span className="ml-auto text-xs text-slate-600">Current</span>
                      ) : null}
                    </Command.Item>
                  );
                })}
              </Command.Group>
            </Command.List>
          </Command>
          <p role="status" aria-live="polite" className="sr-only">
            {announcement}
          </p>
        </DialogContent>
      </Dialog>
      {editing ? (
        <EditUserDialog
          user={editing}
          open
          onOpenChange={(next) => {
            if (!next) setEditing(null);
          }}
        />
      ) : null}
    </>
  );
}

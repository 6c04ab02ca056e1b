import { useInfiniteQuery } from '@tanstack/react-query';
import { SearchIcon, UsersIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { USER_LIMITS } from '@shared/schemas/users';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { usersQuery } from './api';
import { isSignedOut } from '../shared/use-load-error-toast';
import { SignInRequired, type SignInTopic } from '@/components/sign-in-required';
import { formatUserCount } from './format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { UsersTable } from './users-table';
import { BulkBar, BulkResult, BULK_POLICY, SelectLoaded, type BulkReport } from './bulk-actions';
import { headerState, useUserSelection } from './selection';
import { useAuth } from '@/lib/auth/auth-provider';
import { useUsersView } from './view-prefs';
import { ViewMenu } from './view-menu';
import { formatCount } from '@/lib/number-format';

const SEARCH_DEBOUNCE_MS = 300;

/** What the Users tab holds, for a visitor who is not signed in. */
export const USERS_TOPIC: SignInTopic = {
  what: 'platform users',
  description:
    'Every account of the ecosystem with its organization, roles and last sign-in, to edit and to give roles.',
};

/**
 * The searchable table of platform users with edit and role dialogs
 * (docs/product/admin-console.md#users); the search is kept in ?q=.
 */
export function UsersCard() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const [text, setText] = useState(params.get('q') ?? '');
  const settled = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);

  // The search lives in the address (?q=), so it survives a reload and can be shared.
  useEffect(() => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (settled.trim()) next.set('q', settled);
        else next.delete('q');
        return next.toString() === prev.toString() ? prev : next;
      },
      { replace: true },
    );
  }, [settled, setParams]);

  const users = useInfiniteQuery(usersQuery(q));
  const { selection, toggle, toggleRows, clear } = useUserSelection(q);
  const [report, setReport] = useState<BulkReport | null>(null);
  const { user } = useAuth();
  const [view, setView] = useUsersView(user?.id);
  const pages = users.data?.pages;
  const first = pages?.[0];
  const rows = pages?.flatMap((p) => p.users);
  // While a new search loads, the previous results stay on screen (dimmed) but not their count.
  const searching = users.isPlaceholderData;
  const count =
    first?.total != null && !searching ? formatUserCount(first.total, first.total_exact) : null;

  const loadMore = async () => {
    const result = await users.fetchNextPage();
    if (result.isFetchNextPageError) {
      toast.error('Failed to load users', { description: result.error?.message });
    }
  };

  // The server no longer knows the session (expired or ended elsewhere).
  if (!rows && isSignedOut(users.error)) return <SignInRequired {...USERS_TOPIC} />;

  return (
    <Card>
      <CardHeader className="gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle>
            <span className="inline-flex items-center gap-2">
              <UsersIcon className="size-5 text-indigo-700" aria-hidden />
              Platform users
            </span>
          </CardTitle>
          <CardDescription aria-live="polite" className="wrap-anywhere">
            {count ? (
              <>
                {count}
                {q ? ` matching “${q}”` : ''}
                {first && !first.total_exact
                  ? ` (counted up to ${formatCount(USER_LIMITS.countCap)})`
                  : ''}
              </>
            ) : searching ? (
              'Searching…'
            ) : (
              'Counting users…'
            )}
          </CardDescription>
        </div>
        <div className="flex w-full items-center gap-2 sm:max-w-md">
          <div className="relative min-w-0 flex-1">
            <SearchIcon
              className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-500"
              aria-hidden
            />
            <Input
              type="search"
              aria-label="Search users"
              placeholder="Search by email, name or organization"
              className="pl-8"
              value={text}
              maxLength={100}
              onChange={(e) => setText(e.target.value)}
            />
          </div>
          <ViewMenu view={view} onChange={setView} />
        </div>
      </CardHeader>
      <CardContent>
        {users.isError && !rows ? (
          <ErrorState
            title="Error"
            message="Failed to load admin data securely"
            onRetry={() => void users.refetch()}
          >
            <p className="text-sm wrap-anywhere text-rose-900">
              Failed to load users: {users.error.message}
            </p>
          </ErrorState>
        ) : rows && rows.length === 0 && !searching ? (
          <EmptyState
            title="No users found"
            description={
              q
                ? `No email, name or organization contains “${q}”.`
                : 'There are no platform users yet.'
            }
          />
        ) : (
          <div
            aria-busy={users.isFetching}
            className={cn('grid gap-4 transition-opacity', searching && 'opacity-60')}
          >
            {!rows ? <span className="sr-only">Loading users…</span> : null}
            {report ? <BulkResult report={report} onDismiss={() => setReport(null)} /> : null}
            <p className="-mb-2 text-xs text-slate-600">
              Select users to change several at once. {BULK_POLICY}
            </p>
            <SelectLoaded
              state={headerState(selection, rows ?? [])}
              disabled={!rows?.length}
              onToggle={() => rows && toggleRows(rows)}
            />
            {selection.size > 0 ? (
              <BulkBar
                selection={selection}
                onClear={clear}
                onDone={(done) => {
                  setReport(done);
                  clear();
                }}
              />
            ) : null}
            <UsersTable
              users={rows}
              caption={`Platform users${q ? ` matching ${q}` : ''}`}
              selection={selection}
              onToggle={toggle}
              onToggleRows={toggleRows}
              view={view}
            />
            {rows && first?.total != null && !searching ? (
              <div className="flex flex-col items-center gap-2 sm:flex-row sm:justify-between">
                <p className="text-sm text-slate-600">
                  Showing {formatCount(rows.length)} of{' '}
                  {formatUserCount(first.total, first.total_exact)}
                </p>
                {users.hasNextPage ? (
                  <Button
                    variant="outline"
                    onClick={() => void loadMore()}
                    disabled={users.isFetchingNextPage}
                  >
                    {users.isFetchingNextPage ? 'Loading more…' : 'Load more users'}
                  </Button>
                ) : null}
              </div>
            ) : null}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

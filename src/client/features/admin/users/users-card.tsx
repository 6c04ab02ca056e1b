import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { UsersIcon } from 'lucide-react';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { USER_LIMITS } from '@shared/schemas/users';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { fetchAllMatching, SELECT_ALL_MAX, userFacetsQuery, usersQuery } from './api';
import { isSignedOut, LoadError, LOAD_ERRORS } from '../shared/load-failure';
import { SignInRequired, type SignInTopic } from '@/components/sign-in-required';
import { formatUserCount } from './format';
import { useSearchInAddress } from './use-search-in-address';
import { UsersTable } from './users-table';
import { BulkBar, BULK_POLICY } from './bulk-actions';
import { BulkResult, needsReport, type BulkReport } from './bulk-result';
import { SelectAllMatching, SelectLoaded } from './select-all';
import {
  activeFilterCount,
  defaultDir,
  filterKey,
  filterOf,
  parseListParams,
  writeListParams,
  type UserSort,
  type UsersListState,
} from './list-params';
import { dirLabel, SORT_LABELS, UsersToolbar } from './users-toolbar';
import { headerState, useUserSelection } from './selection';
import { useAuth } from '@/lib/auth/auth-provider';
import { useUsersView } from './view-prefs';
import { ViewMenu } from './view-menu';
import { ExportUsersButton } from './export-button';
import { formatCount } from '@/lib/number-format';

const SEARCH_DEBOUNCE_MS = 300;

/** What the Users tab holds, for a visitor who is not signed in. */
export const USERS_TOPIC: SignInTopic = {
  what: 'platform users',
  description:
    'Every account of the ecosystem with its organization, roles and last sign-in, to edit and to give roles.',
};

/**
 * The searchable, filterable and sortable table of platform users with edit
 * and role dialogs (docs/product/admin-console.md#users); the view is kept in
 * the address (docs/product/admin-console.md#users-filters-ui). One toolbar
 * above the table ends with `inviteButton`; the bulk bar floats at the table's
 * foot (docs/product/admin-console.md#users-layout).
 */
export function UsersCard({
  inviteButton,
  after,
}: {
  inviteButton?: ReactNode;
  /** What follows the card on the tab; left out while the list cannot be read, whose error stands alone. */
  after?: ReactNode;
} = {}) {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => parseListParams(params), [params]);
  const q = view.q;
  const { text, onType } = useSearchInAddress(params, setParams, SEARCH_DEBOUNCE_MS);

  /** A filter or order change: a new history entry, so Back undoes it. */
  const change = useCallback(
    (next: Partial<UsersListState>) =>
      setParams((prev) => writeListParams(prev, { ...parseListParams(prev), ...next }), {
        preventScrollReset: true,
      }),
    [setParams],
  );
  const onSort = (sort: UserSort) =>
    change(
      sort === view.sort
        ? { dir: view.dir === 'asc' ? 'desc' : 'asc' }
        : { sort, dir: defaultDir(sort) },
    );

  const filter = filterOf(view);
  const filtered = activeFilterCount(filter) > 0;
  const users = useInfiniteQuery(usersQuery(view));
  const facets = useQuery(userFacetsQuery(filter));
  const { selection, toggle, toggleRows, selectAll, clear } = useUserSelection(filterKey(filter));
  const [gathering, setGathering] = useState(false);
  const [report, setReport] = useState<BulkReport | null>(null);
  const { user } = useAuth();
  const [prefs, setPrefs] = useUsersView(user?.id);
  const pages = users.data?.pages;
  const first = pages?.[0];
  const rows = pages?.flatMap((p) => p.users);
  // While a new view loads, the previous results stay on screen (dimmed) but not their count.
  const searching = users.isPlaceholderData;
  const count =
    first?.total != null && !searching ? formatUserCount(first.total, first.total_exact) : null;
  const clearFilters = () => change({ roles: [], status: [], orgs: [], never: false });

  const loadMore = async () => {
    const result = await users.fetchNextPage();
    if (result.isFetchNextPageError) {
      toast.error('Failed to load users', { description: result.error?.message });
    }
  };

  const selectAllMatching = async () => {
    setGathering(true);
    try {
      selectAll(await fetchAllMatching(view));
    } catch (error) {
      toast.error('Failed to select users', {
        description: error instanceof Error ? error.message : String(error),
      });
    } finally {
      setGathering(false);
    }
  };
  const everyLoadedSelected = !!rows?.length && headerState(selection, rows) === true;

  // The server no longer knows the session (expired or ended elsewhere).
  if (!rows && isSignedOut(users.error)) return <SignInRequired {...USERS_TOPIC} />;
  // docs/product/admin-console.md#load-errors: the list's error is the tab's one state.
  const failed = users.isError && !rows;

  return (
    <>
      <Card>
        <CardHeader>
          <div className="grid gap-1.5">
            <CardTitle>
              <span className="inline-flex items-center gap-2">
                <UsersIcon className="size-5 text-indigo-700" aria-hidden />
                Platform users
              </span>
            </CardTitle>
            <CardDescription aria-live="polite" className="wrap-anywhere">
              {failed ? null : count ? (
                <>
                  {count}
                  {q ? ` matching “${q}”` : ''}
                  {filtered ? (q ? ' and the filters' : ' matching the filters') : ''}
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
        </CardHeader>
        <CardContent className="grid gap-4">
          <UsersToolbar
            view={view}
            text={text}
            onText={onType}
            onChange={change}
            facets={facets}
            viewMenu={<ViewMenu view={prefs} onChange={setPrefs} />}
            exportButton={<ExportUsersButton view={view} />}
            inviteButton={inviteButton}
          />
          {failed ? (
            <LoadError message={LOAD_ERRORS.admin} failed={[users]}>
              <p className="text-sm wrap-anywhere text-rose-900">
                Failed to load users: {users.error.message}
              </p>
            </LoadError>
          ) : rows && rows.length === 0 && !searching ? (
            <EmptyState
              title="No users found"
              description={
                filtered
                  ? `No user matches ${q ? `“${q}” and ` : ''}these filters.`
                  : q
                    ? `No email, name or organization contains “${q}”.`
                    : 'There are no platform users yet.'
              }
              action={
                filtered ? (
                  <Button variant="outline" onClick={clearFilters}>
                    Clear filters
                  </Button>
                ) : null
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
              <UsersTable
                users={rows}
                caption={`Platform users${q ? ` matching ${q}` : ''}, sorted by ${SORT_LABELS[view.sort].toLowerCase()}, ${dirLabel(view.sort, view.dir).toLowerCase()}`}
                selection={selection}
                onToggle={toggle}
                onToggleRows={toggleRows}
                view={prefs}
                sorting={{ sort: view.sort, dir: view.dir, onSort, onOrder: change }}
              />
              {selection.size > 0 ? (
                <BulkBar
                  selection={selection}
                  onClear={clear}
                  onDone={(done) => {
                    setReport(needsReport(done) ? done : null);
                    clear();
                  }}
                >
                  {everyLoadedSelected && users.hasNextPage && first?.total != null ? (
                    <SelectAllMatching
                      loaded={rows.length}
                      selected={selection.size}
                      total={first.total}
                      exact={first.total_exact}
                      max={SELECT_ALL_MAX}
                      busy={gathering}
                      onSelectAll={() => void selectAllMatching()}
                    />
                  ) : null}
                </BulkBar>
              ) : null}
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
      {failed ? null : after}
    </>
  );
}

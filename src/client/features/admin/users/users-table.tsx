import { ArrowDownIcon, ArrowUpIcon, ArrowUpDownIcon } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import type { AdminUser } from '@shared/schemas/users';
import { StatusBadge } from '@/components/status-badge';
import { Badge } from '@/components/ui/badge';
import { Checkbox } from '@/components/ui/checkbox';
import { Skeleton } from '@/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { EditUserDialog } from './edit-user-dialog';
import { displayName, lastLoginParts, ROLE_LABELS } from './format';
import { ManageRolesDialog } from './manage-roles-dialog';
import { Truncated } from '@/components/cell-text';
import type { SortDir, UserSort } from './list-params';
import { headerState, type Selection } from './selection';
import { DEFAULT_VIEW, type OptionalColumn, type UsersView } from './view-prefs';

const COLUMNS = ['User', 'Organization', 'Roles', 'Status', 'Last Login', 'Actions'] as const;
type Column = (typeof COLUMNS)[number];

/** The columns this view shows, in table order. */
const shownColumns = (view: UsersView) =>
  COLUMNS.filter((c) => !view.hidden.includes(c as OptionalColumn));

/** The orders a column's header offers; the User column sorts by name or by email. */
const SORTABLE: Partial<Record<Column, readonly UserSort[]>> = {
  User: ['name', 'email'],
  Organization: ['organization'],
  'Last Login': ['last_login'],
};
const HEADER_TEXT: Record<UserSort, string> = {
  newest: 'Newest',
  name: 'Name',
  email: 'Email',
  organization: 'Organization',
  last_login: 'Last Login',
};

/** The list's order and how to change it (docs/product/admin-console.md#users-filters-ui). */
export type TableSorting = {
  sort: UserSort;
  dir: SortDir;
  /** The header of `sort` was pressed: the caller flips or switches the order. */
  onSort: (sort: UserSort) => void;
};

/**
 * A column header's sort button: the column's name and an arrow (both ways
 * faint while another order applies). The header cell carries aria-sort and
 * the caption names the order, which tells Name from Email in the User column.
 */
function SortButton({
  sort,
  sorting,
  children,
}: {
  sort: UserSort;
  sorting: TableSorting;
  children: string;
}) {
  const active = sorting.sort === sort;
  const Icon = !active ? ArrowUpDownIcon : sorting.dir === 'asc' ? ArrowUpIcon : ArrowDownIcon;
  return (
    <button
      type="button"
      onClick={() => sorting.onSort(sort)}
      className={cn(
        '-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 tracking-wide uppercase hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600',
        active && 'text-slate-900',
      )}
    >
      {children}
      <Icon aria-hidden className={cn('size-3.5', !active && 'text-slate-400')} />
    </button>
  );
}

/** What the table needs to show and change the selection (docs/product/admin-console.md#bulk-changes). */
export type TableSelection = {
  selection: Selection;
  onToggle: (user: AdminUser, on: boolean) => void;
  onToggleRows: (rows: readonly AdminUser[]) => void;
};

/** The Users table (docs/product/admin-console.md#users, docs/product/admin-console.md#user-display); `users` undefined while the first page loads. */
export function UsersTable({
  users,
  caption,
  selection,
  onToggle,
  onToggleRows,
  view = DEFAULT_VIEW,
  sorting,
}: {
  users: AdminUser[] | undefined;
  caption: string;
  /** Sortable headers; without it the headers are plain text. */
  sorting?: TableSorting;
  /** Hidden columns and row density (docs/product/admin-console.md#users-view). */
  view?: UsersView;
} & TableSelection) {
  const header = headerState(selection, users ?? []);
  const columns = shownColumns(view);
  return (
    <Table
      data-density={view.density}
      className={cn(view.density === 'compact' && 'sm:[&_td]:py-1 sm:[&_th]:h-8')}
    >
      <TableCaption className="sr-only">{caption}</TableCaption>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead className="w-px pr-0">
            {/* Below sm the header is hidden and the card's own "select all" stands in. */}
            <Checkbox
              aria-label="Select all loaded users"
              className="max-sm:invisible"
              checked={header}
              disabled={!users?.length}
              onCheckedChange={() => users && onToggleRows(users)}
            />
          </TableHead>
          {columns.map((c) => {
            const sorts = SORTABLE[c];
            if (!sorting || !sorts) {
              return (
                <TableHead key={c} className={c === 'Actions' ? 'text-right' : undefined}>
                  {c}
                </TableHead>
              );
            }
            const active = sorts.includes(sorting.sort);
            return (
              <TableHead
                key={c}
                aria-sort={
                  active ? (sorting.dir === 'asc' ? 'ascending' : 'descending') : undefined
                }
              >
                <span className="inline-flex items-center gap-1">
                  {sorts.map((sort, i) => (
                    <Fragment key={sort}>
                      {i > 0 ? (
                        <span aria-hidden className="text-slate-400">
                          /
                        </span>
                      ) : null}
                      <SortButton sort={sort} sorting={sorting}>
                        {HEADER_TEXT[sort]}
                      </SortButton>
                    </Fragment>
                  ))}
                </span>
              </TableHead>
            );
          })}
        </TableRow>
      </TableHeader>
      <TableBody>
        {users ? (
          users.map((u) => (
            <UserRow
              key={u.id}
              user={u}
              columns={columns}
              selected={selection.has(u.id)}
              onSelect={(on) => onToggle(u, on)}
            />
          ))
        ) : (
          <SkeletonRows columns={columns} />
        )}
      </TableBody>
    </Table>
  );
}

const notSpecified = <span className="text-slate-500">Not specified</span>;

/** Date and time on one line when the table has room, on two when it has not. */
function LastLogin({ iso }: { iso: string | null }) {
  const { date, time } = lastLoginParts(iso);
  if (!time) return date;
  return (
    <>
      <span className="whitespace-nowrap">{date},</span>{' '}
      <span className="whitespace-nowrap">{time}</span>
    </>
  );
}

function UserRow({
  user,
  columns,
  selected,
  onSelect,
}: {
  user: AdminUser;
  columns: readonly Column[];
  selected: boolean;
  onSelect: (on: boolean) => void;
}) {
  const shows = (c: Column) => columns.includes(c);
  return (
    <TableRow
      data-state={selected ? 'selected' : undefined}
      className="data-[state=selected]:bg-indigo-50/60"
    >
      <TableCell className="w-px pr-0">
        <Checkbox
          aria-label={`Select ${user.full_name ?? user.email}`}
          checked={selected}
          onCheckedChange={(on) => onSelect(on === true)}
        />
      </TableCell>
      <TableCell data-label="User" className="max-w-72 min-w-48">
        <div
          className={cn(
            'wrap-anywhere',
            user.full_name ? 'font-medium text-slate-900' : 'text-slate-600 italic',
          )}
        >
          {displayName(user)}
        </div>
        <Truncated value={user.email} className="max-w-full text-xs text-slate-600" />
      </TableCell>
      {shows('Organization') ? (
        <TableCell className="max-w-72 min-w-40">
          <div className="wrap-anywhere">{user.organization ?? notSpecified}</div>
          <div className="text-xs wrap-anywhere text-slate-600">
            {user.department ?? 'Not specified'}
          </div>
        </TableCell>
      ) : null}
      {shows('Roles') ? (
        <TableCell className="min-w-36">
          {user.roles.length ? (
            <div className="flex flex-wrap gap-1">
              {user.roles.map((r) => (
                <Badge key={r} tone={r === 'user' ? 'neutral' : 'brand'}>
                  {ROLE_LABELS[r]}
                </Badge>
              ))}
            </div>
          ) : (
            <span className="text-slate-500">No roles</span>
          )}
        </TableCell>
      ) : null}
      {shows('Status') ? (
        <TableCell>
          <StatusBadge status={user.is_active ? 'active' : 'inactive'} />
        </TableCell>
      ) : null}
      {shows('Last Login') ? (
        <TableCell className="text-slate-700">
          <LastLogin iso={user.last_login_at} />
        </TableCell>
      ) : null}
      <TableCell>
        <div className="flex justify-end gap-2">
          <EditUserDialog user={user} />
          <ManageRolesDialog user={user} />
        </div>
      </TableCell>
    </TableRow>
  );
}

const SKELETON: Record<Column, ReactNode> = {
  User: (
    <>
      <Skeleton className="mb-1.5 h-4 w-36" />
      <Skeleton className="h-3 w-48" />
    </>
  ),
  Organization: <Skeleton className="h-4 w-28" />,
  Roles: <Skeleton className="h-5 w-24 rounded-full" />,
  Status: <Skeleton className="h-5 w-16 rounded-full" />,
  'Last Login': <Skeleton className="h-4 w-32" />,
  Actions: <Skeleton className="ml-auto h-8 w-36" />,
};

function SkeletonRows({ columns }: { columns: readonly Column[] }) {
  return Array.from({ length: 5 }, (_, i) => (
    <TableRow key={i} aria-hidden>
      <TableCell className="w-px pr-0">
        <Skeleton className="size-4" />
      </TableCell>
      {columns.map((c) => (
        <TableCell key={c}>{SKELETON[c]}</TableCell>
      ))}
    </TableRow>
  ));
}

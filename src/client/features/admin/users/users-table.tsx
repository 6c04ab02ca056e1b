import {
  ArrowDownIcon,
  ArrowUpIcon,
  ArrowUpDownIcon,
  EllipsisIcon,
  KeyRoundIcon,
  PencilIcon,
} from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import type { AdminUser } from '@shared/schemas/users';
import { StatusBadge } from '@/components/status-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
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
import { displayName, lastLoginText, ROLE_LABELS } from './format';
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
const SORTABLE: Partial<Record<Column, UserSort>> = {
  Organization: 'organization',
  'Last Login': 'last_login',
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
  /** An order chosen whole, from the User column's menu. */
  onOrder: (order: { sort: UserSort; dir: SortDir }) => void;
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

const USER_ORDERS = [
  { sort: 'name', dir: 'asc', label: 'Name, A to Z' },
  { sort: 'name', dir: 'desc', label: 'Name, Z to A' },
  { sort: 'email', dir: 'asc', label: 'Email, A to Z' },
  { sort: 'email', dir: 'desc', label: 'Email, Z to A' },
] as const satisfies readonly { sort: UserSort; dir: SortDir; label: string }[];

/**
 * The User column's header: it reads "User" and opens a menu that sorts by name or by email,
 * either way (docs/product/admin-console.md#users-filters-ui). Its arrow shows the order while
 * the list is sorted by either; the header cell carries aria-sort.
 */
function UserSortMenu({ sorting }: { sorting: TableSorting }) {
  const active = sorting.sort === 'name' || sorting.sort === 'email';
  const Icon = !active ? ArrowUpDownIcon : sorting.dir === 'asc' ? ArrowUpIcon : ArrowDownIcon;
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        aria-label={
          active
            ? `User, sorted by ${HEADER_TEXT[sorting.sort].toLowerCase()}: sort by name or by email`
            : 'User: sort by name or by email'
        }
        className={cn(
          '-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 tracking-wide uppercase hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600',
          active && 'text-slate-900',
        )}
      >
        User
        <Icon aria-hidden className={cn('size-3.5', !active && 'text-slate-400')} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        <DropdownMenuLabel>Sort by</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={active ? `${sorting.sort}:${sorting.dir}` : ''}
          onValueChange={(v) => {
            const order = USER_ORDERS.find((o) => `${o.sort}:${o.dir}` === v);
            if (order) sorting.onOrder({ sort: order.sort, dir: order.dir });
          }}
        >
          {USER_ORDERS.map((o) => (
            <DropdownMenuRadioItem key={`${o.sort}:${o.dir}`} value={`${o.sort}:${o.dir}`}>
              {o.label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
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
            {/* Below sm the header is hidden and the card's own "select all" stands in; the
                header still names its column for screen readers. */}
            <Checkbox
              aria-label="Select all loaded users"
              className="max-sm:invisible"
              checked={header}
              disabled={!users?.length}
              onCheckedChange={() => users && onToggleRows(users)}
            />
            <span className="hidden max-sm:inline">Select</span>
          </TableHead>
          {columns.map((c) => {
            const ariaSort = (active: boolean) =>
              sorting && active
                ? sorting.dir === 'asc'
                  ? ('ascending' as const)
                  : ('descending' as const)
                : undefined;
            if (sorting && c === 'User') {
              return (
                <TableHead
                  key={c}
                  aria-sort={ariaSort(sorting.sort === 'name' || sorting.sort === 'email')}
                >
                  <UserSortMenu sorting={sorting} />
                </TableHead>
              );
            }
            const sort = SORTABLE[c];
            if (!sorting || !sort) {
              return (
                <TableHead key={c} className={c === 'Actions' ? 'text-right' : undefined}>
                  {c === 'Actions' ? <span className="sr-only">Actions</span> : c}
                </TableHead>
              );
            }
            return (
              <TableHead key={c} aria-sort={ariaSort(sorting.sort === sort)}>
                <SortButton sort={sort} sorting={sorting}>
                  {HEADER_TEXT[sort]}
                </SortButton>
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

const notSpecified = <span className="text-slate-600">Not specified</span>;

/**
 * The last login on one line, relative ("3 days ago"), with the exact local date and time as
 * its tooltip and for screen readers (docs/product/admin-console.md#users-layout).
 */
function LastLogin({ iso }: { iso: string | null }) {
  const { text, exact } = lastLoginText(iso);
  if (!exact) return text;
  return (
    <time dateTime={iso ?? undefined} title={exact} className="whitespace-nowrap">
      {text}
      <span className="sr-only"> ({exact})</span>
    </time>
  );
}

type RowDialog = 'edit' | 'roles';

/**
 * A row's actions behind one "⋯" button: Edit and Manage roles. Each dialog opens once the
 * menu has closed and handed the focus back to the button; a dialog without a trigger of its
 * own gives the focus back to nothing, so on closing it is put back on the button here.
 */
function RowActions({ user }: { user: AdminUser }) {
  const [open, setOpenState] = useState<RowDialog | null>(null);
  const next = useRef<RowDialog | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const name = displayName(user);
  const setOpen = (dialog: RowDialog | null) => {
    setOpenState(dialog);
    if (!dialog) setTimeout(() => trigger.current?.focus());
  };
  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button
            ref={trigger}
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={`Actions for ${name}`}
            title="Actions"
          >
            <EllipsisIcon aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent
          align="end"
          onCloseAutoFocus={(e) => {
            if (!next.current) return;
            e.preventDefault();
            trigger.current?.focus();
            setOpen(next.current);
            next.current = null;
          }}
        >
          <DropdownMenuItem onSelect={() => (next.current = 'edit')}>
            <PencilIcon aria-hidden />
            Edit user
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => (next.current = 'roles')}>
            <KeyRoundIcon aria-hidden />
            Manage roles
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <EditUserDialog
        user={user}
        open={open === 'edit'}
        onOpenChange={(o) => setOpen(o ? 'edit' : null)}
      />
      <ManageRolesDialog
        user={user}
        open={open === 'roles'}
        onOpenChange={(o) => setOpen(o ? 'roles' : null)}
      />
    </>
  );
}

/**
 * Below sm a row is one compact card, not a card of label/value lines: the checkbox, the name
 * over the email and the organization, the status and the "⋯" menu, so that a phone shows several users
 * at once (docs/product/admin-console.md#users-layout). The other cells stay in the row for
 * screen readers but are not drawn.
 */
const PHONE_ROW =
  'max-sm:grid! max-sm:grid-cols-[auto_minmax(0,1fr)_auto_auto] max-sm:items-center max-sm:gap-x-2 max-sm:py-2!';
const PHONE_CELL = 'max-sm:p-0! max-sm:before:hidden!';
/** Not drawn on a phone, yet still a cell of the row for screen readers. */
const PHONE_HIDDEN = 'max-sm:sr-only!';

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
      className={cn('data-[state=selected]:bg-indigo-50/60', PHONE_ROW)}
    >
      <TableCell data-label="" className={cn('w-px pr-0', PHONE_CELL)}>
        <Checkbox
          aria-label={`Select ${user.full_name ?? user.email}`}
          checked={selected}
          onCheckedChange={(on) => onSelect(on === true)}
        />
      </TableCell>
      <TableCell data-label="User" className={cn('max-w-72 min-w-48', PHONE_CELL)}>
        <div
          className={cn(
            'wrap-anywhere max-sm:truncate',
            user.full_name ? 'font-medium text-slate-900' : 'text-slate-700 italic',
          )}
        >
          {displayName(user)}
        </div>
        <Truncated value={user.email} className="max-w-full text-xs text-slate-700" />
        {/* On a phone the organization goes under the email (an email fills the line by itself);
            the Organization cell says it to screen readers, in every layout. */}
        <span
          aria-hidden
          className="hidden truncate text-xs text-slate-700 max-sm:block"
          data-slot="phone-organization"
        >
          {user.organization ?? 'Not specified'}
        </span>
      </TableCell>
      {shows('Organization') ? (
        <TableCell className={cn('max-w-72 min-w-40', PHONE_HIDDEN)}>
          <div className="wrap-anywhere">{user.organization ?? notSpecified}</div>
          <div className="text-xs wrap-anywhere text-slate-700">
            {user.department ?? 'Not specified'}
          </div>
        </TableCell>
      ) : null}
      {shows('Roles') ? (
        <TableCell className={cn('min-w-36', PHONE_HIDDEN)}>
          {user.roles.length ? (
            <div className="flex flex-wrap gap-1">
              {user.roles.map((r) => (
                <Badge key={r} tone={r === 'user' ? 'neutral' : 'brand'}>
                  {ROLE_LABELS[r]}
                </Badge>
              ))}
            </div>
          ) : (
            <span className="text-slate-700">No roles</span>
          )}
        </TableCell>
      ) : null}
      {shows('Status') ? (
        <TableCell className={PHONE_CELL}>
          <StatusBadge status={user.is_active ? 'active' : 'inactive'} />
        </TableCell>
      ) : null}
      {shows('Last Login') ? (
        <TableCell className={cn('text-slate-700', PHONE_HIDDEN)}>
          <LastLogin iso={user.last_login_at} />
        </TableCell>
      ) : null}
      <TableCell className={cn('w-px text-right', PHONE_CELL)}>
        <RowActions user={user} />
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
  Actions: <Skeleton className="ml-auto size-8" />,
};

/** Placeholder rows laid out as the rows they stand for, on a phone too. */
function SkeletonRows({ columns }: { columns: readonly Column[] }) {
  const phone = (c: Column) =>
    c === 'User' || c === 'Status' || c === 'Actions' ? PHONE_CELL : PHONE_HIDDEN;
  return Array.from({ length: 5 }, (_, i) => (
    <TableRow key={i} aria-hidden className={PHONE_ROW}>
      <TableCell data-label="" className={cn('w-px pr-0', PHONE_CELL)}>
        <Skeleton className="size-4" />
      </TableCell>
      {columns.map((c) => (
        <TableCell key={c} className={phone(c)}>
          {SKELETON[c]}
        </TableCell>
      ))}
    </TableRow>
  ));
}

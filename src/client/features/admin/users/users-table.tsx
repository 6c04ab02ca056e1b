import type { AdminUser } from '@shared/schemas/users';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Table,
  TableBody,
  TableCaption,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { headerState, type Selection } from './selection';
import { shownColumns } from './users-columns';
import { SkeletonRows, UserRow } from './user-row';
import {
  HEADER_TEXT,
  SORTABLE,
  SortButton,
  UserSortMenu,
  type TableSorting,
} from './users-sort-headers';
import { DEFAULT_VIEW, type UsersView } from './view-prefs';

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

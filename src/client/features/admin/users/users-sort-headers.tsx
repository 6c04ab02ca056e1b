import { ArrowDownIcon, ArrowUpIcon, ArrowUpDownIcon } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/utils';
import type { SortDir, UserSort } from './list-params';
import type { Column } from './users-columns';

/** The orders a column's header offers; the User column sorts by name or by email. */
export const SORTABLE: Partial<Record<Column, UserSort>> = {
  Organization: 'organization',
  'Last Login': 'last_login',
};
export const HEADER_TEXT: Record<UserSort, string> = {
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
export function SortButton({
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
export function UserSortMenu({ sorting }: { sorting: TableSorting }) {
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

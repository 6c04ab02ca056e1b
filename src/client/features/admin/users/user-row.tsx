import type { ReactNode } from 'react';
import type { AdminUser } from '@shared/schemas/users';
import { StatusBadge } from '@/components/status-badge';
import { Badge } from '@/components/ui/badge';
import { Checkbox } from '@/components/ui/checkbox';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { Truncated } from '@/components/cell-text';
import { displayName, lastLoginText, ROLE_LABELS } from './format';
import type { Column } from './users-columns';
import { RowActions } from './user-row-actions';

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

/**
 * Below sm a row is one compact card, not a card of label/value lines: the checkbox, the name
 * over the email and the organization, the status and the "⋯" menu, so that a phone shows several users
 * at once (docs/product/admin-console.md#users-layout). The other cells stay in the row for
 * screen readers but are not drawn.
 */
const PHONE_ROW =
  'max-sm:grid! max-sm:grid-cols-[auto_minmax(0,1fr)_auto_auto] max-sm:items-center max-sm:gap-x-2 max-sm:py-2! max-[360px]:grid-cols-[auto_minmax(0,1fr)_auto] max-[360px]:gap-y-1';
const PHONE_CELL = 'max-sm:p-0! max-sm:before:hidden!';
/**
 * Below 360 px the status would leave the name a third of the line: it goes under the name, and
 * the "⋯" menu stays at the right of the first line.
 */
const NARROW_STATUS =
  'max-[360px]:col-start-2 max-[360px]:row-start-2 max-[360px]:justify-self-start';
const NARROW_ACTIONS = 'max-[360px]:col-start-3 max-[360px]:row-start-1';
/** Not drawn on a phone, yet still a cell of the row for screen readers. */
const PHONE_HIDDEN = 'max-sm:sr-only!';

/** One user's row of the Users table. */
export function UserRow({
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
        <TableCell className={cn(PHONE_CELL, NARROW_STATUS)}>
          <StatusBadge status={user.is_active ? 'active' : 'inactive'} />
        </TableCell>
      ) : null}
      {shows('Last Login') ? (
        <TableCell className={cn('text-slate-700', PHONE_HIDDEN)}>
          <LastLogin iso={user.last_login_at} />
        </TableCell>
      ) : null}
      <TableCell className={cn('w-px text-right', PHONE_CELL, NARROW_ACTIONS)}>
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
export function SkeletonRows({ columns }: { columns: readonly Column[] }) {
  const phone = (c: Column) =>
    c === 'Status'
      ? cn(PHONE_CELL, NARROW_STATUS)
      : c === 'Actions'
        ? cn(PHONE_CELL, NARROW_ACTIONS)
        : c === 'User'
          ? PHONE_CELL
          : PHONE_HIDDEN;
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

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
import { headerState, type Selection } from './selection';

const COLUMNS = ['User', 'Organization', 'Roles', 'Status', 'Last Login', 'Actions'] as const;

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
}: {
  users: AdminUser[] | undefined;
  caption: string;
} & TableSelection) {
  const header = headerState(selection, users ?? []);
  return (
    <Table>
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
          {COLUMNS.map((c) => (
            <TableHead key={c} className={c === 'Actions' ? 'text-right' : undefined}>
              {c}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {users ? (
          users.map((u) => (
            <UserRow
              key={u.id}
              user={u}
              selected={selection.has(u.id)}
              onSelect={(on) => onToggle(u, on)}
            />
          ))
        ) : (
          <SkeletonRows />
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
  selected,
  onSelect,
}: {
  user: AdminUser;
  selected: boolean;
  onSelect: (on: boolean) => void;
}) {
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
      <TableCell className="max-w-72 min-w-48">
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
      <TableCell className="max-w-72 min-w-40">
        <div className="wrap-anywhere">{user.organization ?? notSpecified}</div>
        <div className="text-xs wrap-anywhere text-slate-600">
          {user.department ?? 'Not specified'}
        </div>
      </TableCell>
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
      <TableCell>
        <StatusBadge status={user.is_active ? 'active' : 'inactive'} />
      </TableCell>
      <TableCell className="text-slate-700">
        <LastLogin iso={user.last_login_at} />
      </TableCell>
      <TableCell>
        <div className="flex justify-end gap-2">
          <EditUserDialog user={user} />
          <ManageRolesDialog user={user} />
        </div>
      </TableCell>
    </TableRow>
  );
}

function SkeletonRows() {
  return Array.from({ length: 5 }, (_, i) => (
    <TableRow key={i} aria-hidden>
      <TableCell className="w-px pr-0">
        <Skeleton className="size-4" />
      </TableCell>
      <TableCell>
        <Skeleton className="mb-1.5 h-4 w-36" />
        <Skeleton className="h-3 w-48" />
      </TableCell>
      <TableCell>
        <Skeleton className="h-4 w-28" />
      </TableCell>
      <TableCell>
        <Skeleton className="h-5 w-24 rounded-full" />
      </TableCell>
      <TableCell>
        <Skeleton className="h-5 w-16 rounded-full" />
      </TableCell>
      <TableCell>
        <Skeleton className="h-4 w-32" />
      </TableCell>
      <TableCell>
        <Skeleton className="ml-auto h-8 w-36" />
      </TableCell>
    </TableRow>
  ));
}

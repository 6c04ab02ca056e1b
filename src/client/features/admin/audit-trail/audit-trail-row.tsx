import { StatusBadge } from '@/components/status-badge';
import { Badge } from '@/components/ui/badge';
import { TableCell, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { formatDateTime } from '../shared/format';
import { actorOf, eventTarget, rowLabel, shortTime } from './audit-details';
import { describeGroup, isGroup, type TrailRow } from './audit-groups';

/**
 * Below sm an event is one compact row, not a card of label/value lines: what happened over
 * the actor · the time, and the severity beside them, so that a phone shows several events at
 * once (docs/product/audit-trail.md#audit-detail). The other cells stay in the row for screen
 * readers but are not drawn.
 */
const PHONE_ROW =
  'max-sm:grid! max-sm:grid-cols-[minmax(0,1fr)_auto] max-sm:items-center max-sm:gap-x-3 max-sm:py-2!';
const PHONE_CELL = 'max-sm:p-0! max-sm:before:hidden!';
/** Not drawn on a phone, yet still a cell of the row for screen readers. */
const PHONE_HIDDEN = 'max-sm:sr-only!';

/**
 * One row of the audit trail: the time, what happened (a button that opens the event in full;
 * a click elsewhere on the row opens it too), the actor, the target and the severity. A row
 * the live stream brought is marked New.
 */
export function AuditTrailRow({
  row,
  isNew,
  onOpen,
}: {
  row: TrailRow;
  isNew: boolean;
  /** The row's button was pressed: it is where the focus returns when the event closes. */
  onOpen: (opener: HTMLElement) => void;
}) {
  const e = row.event;
  return (
    <TableRow
      data-seq={e.seq}
      data-new={isNew || undefined}
      className={cn('cursor-pointer', isNew && 'bg-sky-50/70', PHONE_ROW)}
      onClick={(click) => {
        // The row's button hears its own click; a click elsewhere on the row opens it too.
        if (click.target instanceof HTMLElement && click.target.closest('button')) return;
        click.currentTarget.querySelector<HTMLButtonElement>('button')?.click();
      }}
    >
      <TableCell className={cn('whitespace-nowrap text-slate-700', PHONE_HIDDEN)}>
        <time dateTime={e.recorded_at}>{formatDateTime(e.recorded_at)}</time>
      </TableCell>
      <TableCell className={cn('max-sm:min-w-0', PHONE_CELL)}>
        <span className="flex min-w-0 items-center gap-2">
          <button
            type="button"
            className="truncate rounded-sm text-left font-medium text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 max-sm:whitespace-normal"
            aria-haspopup="dialog"
            onClick={(click) => onOpen(click.currentTarget)}
          >
            {isGroup(row) ? describeGroup(row) : rowLabel(e)}
          </button>
          {isNew ? <Badge tone="info">New</Badge> : null}
        </span>
        {/* On a phone the actor and the time go under what happened; their own
          cells say them to screen readers, in every layout. */}
        <span
          aria-hidden
          className="hidden truncate text-xs text-slate-700 max-sm:block"
          data-slot="phone-meta"
        >
          {actorOf(e)} · {shortTime(e.recorded_at)}
        </span>
      </TableCell>
      <TableCell className={cn('text-sm text-slate-700', PHONE_HIDDEN)}>
        <span className="block max-w-44 truncate 2xl:max-w-xs">{actorOf(e)}</span>
      </TableCell>
      <TableCell className={cn('text-sm text-slate-700', PHONE_HIDDEN)}>
        <span className="block max-w-44 truncate 2xl:max-w-xs">{eventTarget(e)}</span>
      </TableCell>
      <TableCell className={PHONE_CELL}>
        <StatusBadge status={e.severity} />
      </TableCell>
    </TableRow>
  );
}

import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { DownloadIcon, PauseIcon, PlayIcon } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  ANONYMOUS_ACTOR,
  type AuditEventRow,
  type AuditListResponse,
} from '@shared/schemas/audit-trail';
import { ApiError } from '@/lib/api';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { StatusBadge } from '@/components/status-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { formatDateTime } from '../shared/format';
import { LOAD_ERRORS } from '../shared/load-failure';
import { TableSkeleton } from '@/components/table-skeleton';
import { auditTrailQuery, useExportAuditCsv } from './api';
import { actorOf, eventTarget, rowLabel, shortTime } from './audit-details';
import { AuditEventSheet } from './audit-event-sheet';
import { describeGroup, groupStartups, isGroup } from './audit-groups';
import { cn } from '@/lib/utils';
import { adminKeys } from '../shared/query-keys';
import { AuditFilters } from './audit-filters';
import { isEmptyRange, isFiltered, useAuditFilter } from './use-audit-filter';
import { useLiveAudit } from './use-live-audit';
import { useCountsRefresh } from './use-live-counts';
import { LiveStatus } from './live-status';

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

/** The list's cached pages with `events` (oldest first) added at the top, each once. */
function withNewEvents(
  data: InfiniteData<AuditListResponse, number | undefined> | undefined,
  events: AuditEventRow[],
): InfiniteData<AuditListResponse, number | undefined> | undefined {
  const first = data?.pages[0];
  if (!data || !first) return data;
  const known = new Set(data.pages.flatMap((p) => p.events.map((e) => e.seq)));
  const fresh = events.filter((e) => !known.has(e.seq)).reverse();
  if (fresh.length === 0) return data;
  const types = new Set([...first.event_types, ...fresh.map((e) => e.event_type)]);
  return {
    ...data,
    pages: [
      { ...first, events: [...fresh, ...first.events], event_types: [...types].sort() },
      ...data.pages.slice(1),
    ],
  };
}

/**
 * The listed events (newest first) with the stream's events that are newer than all of them on
 * top. The stream's events go into the list's cache as they arrive, but a read of the list
 * answered before one of them was recorded and landing after it replaces the cache without it;
 * the stream does not send it again.
 */
function withArrived(
  listed: AuditEventRow[],
  arrived: ReadonlyMap<number, AuditEventRow>,
): AuditEventRow[] {
  const newest = listed[0]?.seq ?? 0;
  const missing = [...arrived.values()].filter((e) => e.seq > newest);
  if (missing.length === 0) return listed;
  return [...missing.sort((a, b) => b.seq - a.seq), ...listed];
}

/**
 * The recent audit trail, filtered by type, severity, actor, source and time (kept in the address), exportable as CSV
 * (docs/product/audit-trail.md#audit-export), with new events arriving live at the top
 * (docs/product/audit-trail.md#live-trail). `onNewest` hears the seq of the newest event it shows.
 */
export function AuditTrailCard({ onNewest }: { onNewest?: (seq: number) => void } = {}) {
  const [filter, setFilter, clearFilter] = useAuditFilter();
  const exporter = useExportAuditCsv();
  const exporting = exporter.isPending;
  const queryClient = useQueryClient();
  // A range that ends before it starts is not asked for: the server would refuse it.
  const emptyRange = isEmptyRange(filter);
  const query = useInfiniteQuery({ ...auditTrailQuery(filter), enabled: !emptyRange });
  const unknownActor = query.error instanceof ApiError && query.error.code === 'unknown_actor';
  const types = query.data?.pages[0]?.event_types ?? [];

  const filterKey = JSON.stringify(filter);
  const [paused, setPaused] = useState(false);
  // The events the stream brought for this filter, by seq.
  const [fresh, setFresh] = useState<{ key: string; events: ReadonlyMap<number, AuditEventRow> }>({
    key: filterKey,
    events: new Map(),
  });
  const arrivedEvents = fresh.key === filterKey ? fresh.events : new Map<number, AuditEventRow>();
  const newSeqs = new Set(arrivedEvents.keys());
  const events = withArrived(query.data?.pages.flatMap((p) => p.events) ?? [], arrivedEvents);
  const rows = groupStartups(events);
  const newest = events[0]?.seq;
  useEffect(() => {
    if (newest !== undefined) onNewest?.(newest);
  }, [newest, onNewest]);
  const [announcement, setAnnouncement] = useState('');
  // The event read in full in the side panel, and the button that opened it (focus returns there).
  const [openSeq, setOpenSeq] = useState<number | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  // The row the reader is looking at and where it was, while new rows go in above it.
  const anchor = useRef<{ seq: string; top: number; until: number } | null>(null);
  const refreshCounts = useCountsRefresh();

  const live = useLiveAudit({
    filter,
    after: query.isSuccess ? (query.data.pages[0]?.events[0]?.seq ?? 0) : undefined,
    paused,
    onEvents: (arrived) => {
      const reading = readingRow(tableRef.current);
      anchor.current = reading && { ...reading, until: arrived[arrived.length - 1]!.seq };
      queryClient.setQueryData(
        adminKeys.auditTrail.events(filter),
        (data: InfiniteData<AuditListResponse, number | undefined> | undefined) =>
          withNewEvents(data, arrived),
      );
      setFresh((prev) => {
        const known = new Map(prev.key === filterKey ? prev.events : []);
        for (const e of arrived) known.set(e.seq, e);
        return { key: filterKey, events: known };
      });
      setAnnouncement(arrived.length === 1 ? '1 new event' : `${arrived.length} new events`);
      refreshCounts();
    },
  });

  useLayoutEffect(() => {
    const kept = anchor.current;
    // The list's cache tells its readers a moment later than the batch arrives: wait for the
    // render that shows the new rows.
    if (!kept || !events.some((e) => e.seq === kept.until)) return;
    anchor.current = null;
    const row = tableRef.current?.querySelector<HTMLElement>(`tr[data-seq="${kept.seq}"]`);
    if (!row) return;
    // Rows went in above the one being read: scroll by what they added (a browser that
    // anchors scrolling itself has already done so, and the difference is then zero).
    const moved = row.getBoundingClientRect().top - kept.top;
    if (moved !== 0) window.scrollBy(0, moved);
  });

  const exportCsv = async () => {
    try {
      const file = await exporter.mutateAsync(filter);
      toast.success('Audit Trail Exported', { description: `Saved as ${file}.` });
    } catch (err) {
      toast.error('Export Failed', {
        description: err instanceof Error ? err.message : 'The audit trail could not be exported',
      });
    }
  };

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 flex-1 basis-64 gap-1.5">
          <CardTitle>Recent Audit Trail</CardTitle>
          <CardDescription>
            Newest first; new events appear at the top as they are recorded. The export contains the
            filtered events.
          </CardDescription>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {emptyRange || unknownActor ? null : (
            <LiveStatus state={live.state} problem={live.problem} />
          )}
          <Button
            variant="outline"
            size="sm"
            onClick={() => setPaused((p) => !p)}
            aria-pressed={paused}
          >
            {paused ? <PlayIcon aria-hidden /> : <PauseIcon aria-hidden />}
            {paused ? 'Resume' : 'Pause'}
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => void exportCsv()}
            disabled={exporting || emptyRange || unknownActor}
          >
            <DownloadIcon aria-hidden />
            {exporting ? 'Exporting…' : 'Export CSV'}
          </Button>
        </div>
        <p className="sr-only" aria-live="polite" aria-atomic="true">
          {announcement}
        </p>
      </CardHeader>
      <CardContent className="grid gap-4">
        <AuditFilters filter={filter} types={types} onChange={setFilter} onClear={clearFilter} />
        {emptyRange ? (
          <EmptyState
            title="No time in this range"
            description="Choose a “To” after “From”, or clear one of them."
          />
        ) : unknownActor ? (
          <EmptyState
            title="No such user"
            description={`No account has the email ${filter.actor ?? ''}. Enter an account's exact email, or "${ANONYMOUS_ACTOR}" for events with no user.`}
          />
        ) : query.isPending ? (
          <TableSkeleton label="Loading the audit trail" rows={5} />
        ) : query.isError ? (
          <ErrorState message={LOAD_ERRORS.securityAudit} onRetry={() => void query.refetch()} />
        ) : events.length === 0 ? (
          <EmptyState
            title="No audit events"
            description={
              isFiltered(filter)
                ? 'No event matches these filters.'
                : 'Credential requests, grants and reviews are recorded here.'
            }
          />
        ) : (
          <>
            <Table aria-label="Audit events" ref={tableRef}>
              <TableHeader>
                <TableRow>
                  <TableHead>Time</TableHead>
                  <TableHead>Event</TableHead>
                  <TableHead>Actor</TableHead>
                  <TableHead>Target</TableHead>
                  <TableHead>Severity</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((row) => {
                  const e = row.event;
                  const isNew = newSeqs.has(e.seq);
                  return (
                    <TableRow
                      key={e.seq}
                      data-seq={e.seq}
                      data-new={isNew || undefined}
                      className={cn('cursor-pointer', isNew && 'bg-sky-50/70', PHONE_ROW)}
                      onClick={(click) => {
                        // The row's button hears its own click; a click elsewhere on the row opens it too.
                        if (click.target instanceof HTMLElement && click.target.closest('button'))
                          return;
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
                            onClick={(click) => {
                              opener.current = click.currentTarget;
                              setOpenSeq(e.seq);
                            }}
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
                        <span className="block max-w-44 truncate">{actorOf(e)}</span>
                      </TableCell>
                      <TableCell className={cn('text-sm text-slate-700', PHONE_HIDDEN)}>
                        <span className="block max-w-44 truncate 2xl:max-w-xs">
                          {eventTarget(e)}
                        </span>
                      </TableCell>
                      <TableCell className={PHONE_CELL}>
                        <StatusBadge status={e.severity} />
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
            <AuditEventSheet
              row={rows.find((r) => r.event.seq === openSeq) ?? null}
              onClose={() => setOpenSeq(null)}
              returnFocus={opener}
            />
            {query.hasNextPage ? (
              <div>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => void query.fetchNextPage()}
                  disabled={query.isFetchingNextPage}
                >
                  {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** The first row of the list still in view, when the reader has scrolled past the list's top. */
function readingRow(table: HTMLTableElement | null): { seq: string; top: number } | null {
  if (!table || table.getBoundingClientRect().top >= 0) return null;
  for (const row of table.querySelectorAll<HTMLElement>('tbody tr[data-seq]')) {
    const top = row.getBoundingClientRect().top;
    if (top >= 0) return { seq: row.dataset.seq!, top };
  }
  return null;
}

import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { DownloadIcon, FileCheckIcon, PauseIcon, PlayIcon } from 'lucide-react';
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
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { LOAD_ERRORS } from '../shared/load-failure';
import { TableSkeleton } from '@/components/table-skeleton';
import { auditTrailQuery, useDownloadAuditManifest, useExportAuditCsv } from './api';
import { AuditEventSheet } from './audit-event-sheet';
import { groupStartups } from './audit-groups';
import { AuditTrailRow } from './audit-trail-row';
import { readingRow, withArrived, withNewEvents } from './arrived-events';
import { adminKeys } from '../shared/query-keys';
import { AuditFilters } from './audit-filters';
import { isEmptyRange, isFiltered, useAuditFilter } from './use-audit-filter';
import { useLiveAudit } from './use-live-audit';
import { useCountsRefresh } from './use-live-counts';
import { LiveStatus } from './live-status';

/**
 * The recent audit trail, filtered by type, severity, actor, source and time (kept in the address), exportable as CSV
 * (docs/product/audit-trail.md#audit-export), with new events arriving live at the top
 * (docs/product/audit-trail.md#live-trail). `onNewest` hears the seq of the newest event it shows.
 */
export function AuditTrailCard({ onNewest }: { onNewest?: (seq: number) => void } = {}) {
  const [filter, setFilter, clearFilter] = useAuditFilter();
  const exporter = useExportAuditCsv();
  const exporting = exporter.isPending;
  const manifest = useDownloadAuditManifest();
  /** The last export's manifest, offered beside the export until the next one. */
  const [exportId, setExportId] = useState<string | null>(null);
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
      setExportId(null);
      const { file, exportId: id } = await exporter.mutateAsync(filter);
      setExportId(id);
      toast.success('Audit Trail Exported', {
        description: `Saved as ${file}. Its signed manifest proves the file unaltered.`,
      });
    } catch (err) {
      toast.error('Export Failed', {
        description: err instanceof Error ? err.message : 'The audit trail could not be exported',
      });
    }
  };

  const saveManifest = async (id: string) => {
    try {
      const file = await manifest.mutateAsync(id);
      toast.success('Manifest Downloaded', {
        description: `Saved as ${file}. Check the export with npm run audit:verify-export.`,
      });
    } catch (err) {
      toast.error('Manifest Not Downloaded', {
        description: err instanceof Error ? err.message : 'The manifest could not be downloaded',
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
          {exportId ? (
            <Button
              variant="outline"
              size="sm"
              onClick={() => void saveManifest(exportId)}
              disabled={manifest.isPending}
            >
              <FileCheckIcon aria-hidden />
              {manifest.isPending ? 'Downloading…' : 'Download manifest'}
            </Button>
          ) : null}
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
                {rows.map((row) => (
                  <AuditTrailRow
                    key={row.event.seq}
                    row={row}
                    isNew={newSeqs.has(row.event.seq)}
                    onOpen={(button) => {
                      opener.current = button;
                      setOpenSeq(row.event.seq);
                    }}
                  />
                ))}
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

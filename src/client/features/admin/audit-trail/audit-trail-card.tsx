import { useInfiniteQuery } from '@tanstack/react-query';
import { DownloadIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { SEVERITIES, type Severity } from '@shared/constants';
import type { AuditFilter } from '@shared/schemas/audit-trail';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { StatusBadge } from '@/components/status-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { formatDateTime } from '../shared/format';
import { LOAD_ERROR, useLoadErrorToast } from '../shared/use-load-error-toast';
import { TableSkeleton } from '@/components/table-skeleton';
import { auditTrailQuery, useExportAuditCsv } from './api';
import { describeDetails, summarizeDetails } from './audit-details';
import { describeGroup, groupStartups, isGroup } from './audit-groups';
import { Truncated } from '@/components/cell-text';

const ALL = 'all';

/** The recent audit trail, filtered by type and severity, exportable as CSV (docs/product/audit-trail.md#audit-export). */
export function AuditTrailCard() {
  const [filter, setFilter] = useState<AuditFilter>({});
  const exporter = useExportAuditCsv();
  const exporting = exporter.isPending;
  const query = useInfiniteQuery(auditTrailQuery(filter));
  const events = query.data?.pages.flatMap((p) => p.events) ?? [];
  const rows = groupStartups(events);
  const types = query.data?.pages[0]?.event_types ?? [];
  useLoadErrorToast([query.error]);

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
        <div className="grid gap-1.5">
          <CardTitle>Recent Audit Trail</CardTitle>
          <CardDescription>Newest first. The export contains the filtered events.</CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={() => void exportCsv()} disabled={exporting}>
          <DownloadIcon aria-hidden />
          {exporting ? 'Exporting…' : 'Export CSV'}
        </Button>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
          <div className="grid gap-2">
            <Label htmlFor="audit-type">Event type</Label>
            <Select
              value={filter.type ?? ALL}
              onValueChange={(v) => setFilter((f) => ({ ...f, type: v === ALL ? undefined : v }))}
            >
              <SelectTrigger id="audit-type">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>All types</SelectItem>
                {types.map((t) => (
                  <SelectItem key={t} value={t}>
                    {t}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="audit-severity">Severity</Label>
            <Select
              value={filter.severity ?? ALL}
              onValueChange={(v) =>
                setFilter((f) => ({ ...f, severity: v === ALL ? undefined : (v as Severity) }))
              }
            >
              <SelectTrigger id="audit-severity">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>All severities</SelectItem>
                {SEVERITIES.map((s) => (
                  <SelectItem key={s} value={s}>
                    {s}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        </div>
        {query.isPending ? (
          <TableSkeleton label="Loading the audit trail" rows={5} />
        ) : query.isError ? (
          <ErrorState message={LOAD_ERROR.description} onRetry={() => void query.refetch()} />
        ) : events.length === 0 ? (
          <EmptyState
            title="No audit events"
            description={
              filter.type || filter.severity
                ? 'No event matches these filters.'
                : 'Credential requests, grants and reviews are recorded here.'
            }
          />
        ) : (
          <>
            <Table aria-label="Audit events">
              <TableHeader>
                <TableRow>
                  <TableHead>#</TableHead>
                  <TableHead>Time</TableHead>
                  <TableHead>Event</TableHead>
                  <TableHead>Severity</TableHead>
                  <TableHead>Actor</TableHead>
                  <TableHead>Details</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((row) => {
                  const e = row.event;
                  return (
                    <TableRow key={e.seq}>
                      <TableCell className="text-slate-600">{e.seq}</TableCell>
                      <TableCell className="whitespace-nowrap">
                        {formatDateTime(e.recorded_at)}
                      </TableCell>
                      <TableCell>
                        <code className="font-mono text-xs whitespace-nowrap text-slate-800">
                          {e.event_type}
                        </code>
                        {e.reported_by === 'browser' ? (
                          <Badge
                            tone="neutral"
                            className="mt-1 block w-fit"
                            title={
                              e.claimed_at
                                ? `Reported by a browser; it claimed ${formatDateTime(e.claimed_at)}`
                                : 'Reported by a browser'
                            }
                          >
                            Reported by browser
                          </Badge>
                        ) : null}
                      </TableCell>
                      <TableCell>
                        <StatusBadge status={e.severity} />
                      </TableCell>
                      <TableCell className="text-sm text-slate-700">
                        <Truncated
                          value={e.user_email ?? (e.user_id ? 'Removed account' : 'System')}
                          className="max-w-64"
                        />
                      </TableCell>
                      <TableCell
                        className="max-w-md min-w-64 text-xs wrap-anywhere text-slate-700"
                        title={describeDetails(e.details)}
                      >
                        {isGroup(row) ? (
                          <span className="font-medium text-slate-900">{describeGroup(row)}</span>
                        ) : (
                          summarizeDetails(e.details)
                        )}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
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

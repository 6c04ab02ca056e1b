import type { UseQueryResult } from '@tanstack/react-query';
import type { SessionInfo } from '@shared/schemas/admin-security';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { StatusBadge } from '@/components/status-badge';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { formatDateTime } from '../credentials/format';
import { LOAD_ERROR } from '../credentials/use-load-error-toast';
import { TableSkeleton } from '../credentials/table-skeleton';

/** SPEC.md §2 Security, §9: up to 5 of the caller's sessions. */
export function SessionsCard({ query }: { query: UseQueryResult<SessionInfo[]> }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your Sessions</CardTitle>
        <CardDescription>
          Your most recent sessions, newest first (at most 5). Tokens are stored only as hashes.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <TableSkeleton label="Loading sessions" rows={2} />
        ) : query.isError ? (
          <ErrorState message={LOAD_ERROR.description} onRetry={() => void query.refetch()} />
        ) : query.data.length === 0 ? (
          <EmptyState title="No sessions" description="Your sign-ins will be listed here." />
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Status</TableHead>
                <TableHead>Created</TableHead>
                <TableHead>Token hash</TableHead>
                <TableHead>IP address</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {query.data.map((s) => (
                <TableRow key={s.id}>
                  <TableCell>
                    <div className="flex flex-wrap items-center gap-1.5">
                      <StatusBadge status={s.is_active ? 'active' : 'expired'} />
                      {s.current ? <Badge tone="brand">This session</Badge> : null}
                    </div>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    {formatDateTime(s.created_at)}
                  </TableCell>
                  <TableCell>
                    <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800">
                      {s.session_token_hash}…
                    </code>
                  </TableCell>
                  <TableCell>{s.ip_address ?? 'Unknown'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

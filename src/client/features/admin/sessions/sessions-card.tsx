import { LogOutIcon } from 'lucide-react';
import { useState } from 'react';
import type { SessionInfo } from '@shared/schemas/admin-security';
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
import { LOAD_ERROR } from '../shared/use-load-error-toast';
import { TableSkeleton } from '../shared/table-skeleton';
import { EndSessionsDialog, type EndSessionsTarget } from './end-sessions-dialog';

/**
 * docs/product/admin-console.md#sessions: up to 5 of the caller's sessions, the current one
 * marked; any other can be ended, or all of them at once.
 */
export function SessionsCard({
  sessions,
  isPending,
  error,
  onRetry,
}: {
  /** Undefined until the first answer. */
  sessions: SessionInfo[] | undefined;
  isPending: boolean;
  error: Error | null;
  onRetry: () => void;
}) {
  const [target, setTarget] = useState<EndSessionsTarget | null>(null);
  const others = sessions?.some((s) => !s.current && s.is_active) ?? false;
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>Your Sessions</CardTitle>
          <CardDescription>
            Your most recent sessions, newest first (at most 5). Tokens are stored only as hashes.
          </CardDescription>
        </div>
        <Button
          variant="outline"
          size="sm"
          disabled={!others}
          onClick={() => setTarget({ kind: 'others' })}
        >
          <LogOutIcon aria-hidden />
          Sign Out Other Sessions
        </Button>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <TableSkeleton label="Loading sessions" rows={2} />
        ) : error || !sessions ? (
          <ErrorState message={LOAD_ERROR.description} onRetry={onRetry} />
        ) : sessions.length === 0 ? (
          <EmptyState title="No sessions" description="Your sign-ins will be listed here." />
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Status</TableHead>
                <TableHead>Created</TableHead>
                <TableHead>Token hash</TableHead>
                <TableHead>IP address</TableHead>
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {sessions.map((s) => (
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
                  <TableCell className="text-right">
                    {s.is_active && !s.current ? (
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`End the session created ${formatDateTime(s.created_at)}`}
                        onClick={() => setTarget({ kind: 'one', session: s })}
                      >
                        End
                      </Button>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      <EndSessionsDialog target={target} onClose={() => setTarget(null)} />
    </Card>
  );
}

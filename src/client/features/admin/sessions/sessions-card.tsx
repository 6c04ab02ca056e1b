import { LogOutIcon } from 'lucide-react';
import { useState } from 'react';
import type { SessionInfo } from '@shared/schemas/admin-security';
import type { RecordColumn } from '@/components/record-table';
import { StatusBadge } from '@/components/status-badge';
import { TableCard } from '@/components/table-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '../shared/format';
import { loadState } from '../shared/load-state';
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
  const columns: RecordColumn<SessionInfo>[] = [
    {
      header: 'Status',
      cell: (s) => (
        <div className="flex flex-wrap items-center gap-1.5">
          <StatusBadge status={s.is_active ? 'active' : 'expired'} />
          {s.current ? <Badge tone="brand">This session</Badge> : null}
        </div>
      ),
    },
    {
      header: 'Created',
      className: 'whitespace-nowrap',
      cell: (s) => formatDateTime(s.created_at),
    },
    {
      header: 'Token hash',
      cell: (s) => (
        <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800">
          {s.session_token_hash}…
        </code>
      ),
    },
    { header: 'IP address', cell: (s) => s.ip_address ?? 'Unknown' },
    {
      header: 'Actions',
      hideHeader: true,
      align: 'right',
      cell: (s) =>
        s.is_active && !s.current ? (
          <Button
            variant="ghost"
            size="sm"
            aria-label={`End the session created ${formatDateTime(s.created_at)}`}
            onClick={() => setTarget({ kind: 'one', session: s })}
          >
            End
          </Button>
        ) : null,
    },
  ];
  return (
    <TableCard
      title="Your Sessions"
      description="Your most recent sessions, newest first (at most 5). Tokens are stored only as hashes."
      actions={
        <Button
          variant="outline"
          size="sm"
          disabled={!others}
          onClick={() => setTarget({ kind: 'others' })}
        >
          <LogOutIcon aria-hidden />
          Sign Out Other Sessions
        </Button>
      }
      {...loadState(sessions, { isPending, error, onRetry, loading: 'Loading sessions' })}
      columns={columns}
      skeletonRows={2}
      empty={{ title: 'No sessions', description: 'Your sign-ins will be listed here.' }}
    >
      <EndSessionsDialog target={target} onClose={() => setTarget(null)} />
    </TableCard>
  );
}

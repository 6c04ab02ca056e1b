import { useQuery } from '@tanstack/react-query';
import { ShieldCheckIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { CredentialGrant } from '@shared/schemas/admin-security';
import { CREDENTIAL_TYPE_LABELS, CREDENTIAL_TYPE_NOUNS } from '@shared/schemas/credentials';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { Button } from '@/components/ui/button';
import { DestructiveConfirmDialog } from '@/components/ui/destructive-confirm-dialog';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatTime } from '../shared/format';
import { LOAD_ERRORS } from '../shared/load-failure';
import { activeGrantsQuery, useRefreshGrants, useRevokeGrant } from './api';
import { describeCountdown, formatCountdown, useTimeLeft } from './countdown';

function ActiveGrant({ grant, clockOffsetMs }: { grant: CredentialGrant; clockOffsetMs: number }) {
  const left = useTimeLeft(grant.expires_at, clockOffsetMs);
  const refreshGrants = useRefreshGrants();
  const revoke = useRevokeGrant();
  const label = `${grant.app_name} ${CREDENTIAL_TYPE_NOUNS[grant.credential_type]}`;
  const expiredTick = left <= 0 ? Math.floor(-left / 1000) : -1;

  // At zero the server is asked again; it drops the grant and records its expiry.
  useEffect(() => {
    if (expiredTick >= 0) void refreshGrants();
  }, [expiredTick, refreshGrants]);

  const [asking, setAsking] = useState(false);
  const revokeButton = useRef<HTMLButtonElement>(null);
  const onRevoke = async () => {
    setAsking(false);
    try {
      await revoke.mutateAsync(grant.id);
      toast.success('Access Revoked', { description: `Access to the ${label} has ended.` });
    } catch (err) {
      toast.error('Revoke Failed', {
        description: err instanceof Error ? err.message : 'The access could not be revoked',
      });
    }
  };

  return (
    <li className="rounded-lg border border-emerald-200 bg-emerald-50/60 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium text-slate-900">{grant.app_name}</p>
          <p className="text-sm text-slate-700">
            {CREDENTIAL_TYPE_LABELS[grant.credential_type]} · {grant.time_limit_minutes} minutes
          </p>
          <p className="text-xs text-slate-600">Expires at {formatTime(grant.expires_at)}</p>
        </div>
        <div className="text-right">
          <p
            role="timer"
            aria-label={`${label}: ${describeCountdown(left)}`}
            className="font-mono text-2xl font-semibold text-emerald-900 tabular-nums"
          >
            {formatCountdown(left)}
          </p>
          <p className="text-xs text-slate-600" aria-hidden>
            remaining
          </p>
        </div>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="mt-3"
        disabled={revoke.isPending}
        ref={revokeButton}
        onClick={() => setAsking(true)}
        aria-label={`Revoke access to the ${label}`}
      >
        {revoke.isPending ? 'Revoking…' : 'Revoke'}
      </Button>
      {/* Ending access cannot be undone (a new request starts a new grant): it asks first. */}
      <DestructiveConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Revoke this access?"
        description={`Your access to the ${label} ends at once, before its time runs out. To use it again you need a new request.`}
        confirmLabel="Revoke Access"
        onConfirm={() => void onRevoke()}
        returnFocus={revokeButton}
      />
    </li>
  );
}

/** docs/product/admin-console.md#security-audit-tab: the active grant(s) with a live countdown and an early revoke. */
export function ActiveGrantsCard() {
  const query = useQuery(activeGrantsQuery);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Active Credential Access</CardTitle>
        <CardDescription>Time left by the server&apos;s clock.</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <div role="status" aria-label="Loading active access">
            <Skeleton className="h-24 w-full" />
          </div>
        ) : query.isError ? (
          <ErrorState message={LOAD_ERRORS.securityAudit} onRetry={() => void query.refetch()} />
        ) : query.data.grants.length === 0 ? (
          <EmptyState
            icon={<ShieldCheckIcon />}
            title="No active credential access"
            description="Granted access appears here with its remaining time."
          />
        ) : (
          <ul className="grid gap-3" aria-label="Active credential access">
            {query.data.grants.map((g) => (
              <ActiveGrant key={g.id} grant={g} clockOffsetMs={query.data.clockOffsetMs} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

import { useQuery } from '@tanstack/react-query';
import { LinkIcon, RefreshCwIcon } from 'lucide-react';
import { ErrorState } from '@/components/error-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '../credentials/format';
import { LOAD_ERROR } from '../credentials/use-load-error-toast';
import { chainVerificationQuery } from './api';

/** Walks the audit hash chain on the server and names the first broken link. */
export function ChainVerificationCard() {
  const query = useQuery(chainVerificationQuery);
  const result = query.data;
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>Audit Chain Verification</CardTitle>
          <CardDescription>
            Every event carries the hash of the one before: an edited or deleted event breaks the
            chain.
          </CardDescription>
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void query.refetch()}
          disabled={query.isFetching}
        >
          <RefreshCwIcon aria-hidden />
          {query.isFetching ? 'Verifying…' : 'Verify again'}
        </Button>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <div role="status" aria-label="Verifying the audit chain">
            <Skeleton className="h-10 w-full" />
          </div>
        ) : query.isError ? (
          <ErrorState message={LOAD_ERROR.description} onRetry={() => void query.refetch()} />
        ) : result?.ok ? (
          <div role="status" className="flex flex-wrap items-center gap-3">
            <Badge tone="success">
              <LinkIcon className="size-3" aria-hidden /> Chain intact
            </Badge>
            <span className="text-sm text-slate-700">
              {result.checked === 0
                ? 'No events recorded yet'
                : `${result.checked} ${result.checked === 1 ? 'event' : 'events'} verified`}{' '}
              · checked {formatDateTime(result.verified_at)}
            </span>
          </div>
        ) : result ? (
          <div role="alert" className="grid gap-1 rounded-md border border-rose-200 bg-rose-50 p-3">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone="danger">Chain broken</Badge>
              <span className="text-sm font-medium text-rose-900">
                {result.broken_at_seq !== null
                  ? `First broken link: event #${result.broken_at_seq}${result.broken_event_type ? ` (${result.broken_event_type})` : ''}`
                  : 'First broken link: after the last stored event'}
              </span>
            </div>
            <p className="text-sm text-rose-900">
              {result.reason}. {result.checked} {result.checked === 1 ? 'event' : 'events'} verified
              before it.
            </p>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

import { useQuery } from '@tanstack/react-query';
import { LinkIcon, RefreshCwIcon } from 'lucide-react';
import { useId } from 'react';
import { ErrorState } from '@/components/error-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { CHAIN_CHECK_NAMES } from '@shared/schemas/audit-trail';
import { formatDateTime } from '../shared/format';
import { LOAD_ERRORS } from '../shared/load-failure';
import { chainVerificationQuery } from './api';

/**
 * Walks the keyed audit chain and its signed head on the server; names the check that failed.
 * `newestSeq`, the newest event shown elsewhere on the page, tells it that its check is behind.
 */
export function ChainVerificationCard({ newestSeq }: { newestSeq?: number } = {}) {
  const query = useQuery(chainVerificationQuery);
  const result = query.data;
  const behind =
    result?.ok === true &&
    result.head_seq !== null &&
    newestSeq !== undefined &&
    newestSeq > result.head_seq;
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 flex-1 basis-64 gap-1.5">
          <CardTitle id={titleId}>Audit Chain Verification</CardTitle>
          <CardDescription>
            Every event carries a keyed hash of the one before, and the chain's end is signed: an
            edited, deleted or cut-off event breaks the chain.
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
          <ErrorState message={LOAD_ERRORS.securityAudit} onRetry={() => void query.refetch()} />
        ) : result?.ok ? (
          <div className="grid gap-2">
            <div role="status" className="flex flex-wrap items-center gap-3">
              <Badge tone="success">
                <LinkIcon className="size-3" aria-hidden /> Chain intact
              </Badge>
              <span className="text-sm text-slate-700">
                {result.checked === 0
                  ? behind
                    ? 'No events were recorded'
                    : 'No events recorded yet'
                  : `${result.checked} ${result.checked === 1 ? 'event' : 'events'} verified`}{' '}
                · checked {formatDateTime(result.verified_at)}
              </span>
            </div>
            {behind ? (
              <p className="text-sm text-slate-600">
                Events recorded since this check are not verified yet: verify again to include them.
              </p>
            ) : null}
          </div>
        ) : result ? (
          <div role="alert" className="grid gap-1 rounded-md border border-rose-200 bg-rose-50 p-3">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone="danger">Chain broken</Badge>
              <span className="text-sm font-medium text-rose-900">
                {result.broken_at_seq !== null
                  ? `First broken link: event #${result.broken_at_seq}${result.broken_event_type ? ` (${result.broken_event_type})` : ''}`
                  : 'Broken at the chain head'}
              </span>
            </div>
            {result.failed_check ? (
              <p className="text-sm font-medium text-rose-900">
                Failed check: {CHAIN_CHECK_NAMES[result.failed_check]}
              </p>
            ) : null}
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

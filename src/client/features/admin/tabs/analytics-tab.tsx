import { useQuery } from '@tanstack/react-query';
import { KeyRoundIcon, LogInIcon, ShieldXIcon, UserCogIcon } from 'lucide-react';
import { useState } from 'react';
import type { AdminAnalytics } from '@shared/schemas/admin-insights';
import { TrendChart } from '@/components/charts/trend-chart';
import { ErrorState } from '@/components/error-state';
import { StatGrid, StatTile } from '@/components/stat-tile';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { RequireSignIn } from '@/components/sign-in-required';
import { analyticsQuery, lastDays } from '../insights/api';
import { formatCount } from '../shared/format';

const PERIODS = [7, 14, 30, 90] as const;
type Period = (typeof PERIODS)[number];

/** "2026-06-08" → "Jun 8", the way the charts label a day. */
const shortDay = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** Sign-ins, role changes and credential requests per day, from the audit trail. */
export function AnalyticsTab() {
  // Signed out, no query exists at all: nothing is fetched, cached or kept alive.
  return (
    <RequireSignIn
      what="console analytics"
      description="Sign-ins, role changes and credential requests per day, counted from the audit trail."
    >
      <LiveAnalytics />
    </RequireSignIn>
  );
}

function LiveAnalytics() {
  const [period, setPeriod] = useState<Period>(14);
  const { from, to } = lastDays(period);
  const query = useQuery(analyticsQuery(from, to));
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          From the audit trail and the credential requests, per day (UTC), {shortDay(from)} to{' '}
          {shortDay(to)}.
        </p>
        <div role="group" aria-label="Period" className="inline-flex rounded-md shadow-xs">
          {PERIODS.map((p, i) => (
            <Button
              key={p}
              size="sm"
              variant={p === period ? 'default' : 'outline'}
              aria-pressed={p === period}
              className={
                i === 0
                  ? 'rounded-r-none'
                  : i === PERIODS.length - 1
                    ? 'rounded-l-none'
                    : 'rounded-none'
              }
              onClick={() => setPeriod(p)}
            >
              {p} days
            </Button>
          ))}
        </div>
      </div>
      {query.isError ? (
        <ErrorState
          title="Error"
          message="Failed to load the console analytics"
          onRetry={() => void query.refetch()}
        />
      ) : query.data ? (
        <AnalyticsFigures data={query.data} />
      ) : (
        <div className="space-y-6" aria-busy="true">
          <StatGrid>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-28" />
            ))}
          </StatGrid>
          <Skeleton className="h-80" />
        </div>
      )}
    </div>
  );
}

function AnalyticsFigures({ data }: { data: AdminAnalytics }) {
  const rows = data.days.map((d) => ({ ...d, day: shortDay(d.date) }));
  const days = data.days.length;
  const quiet = Object.values(data.totals).every((n) => n === 0);
  return (
    <>
      {quiet ? (
        <p
          role="status"
          className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-3 text-sm text-slate-600"
        >
          Nothing recorded in these {days} days yet. Sign-ins to server accounts, role changes and
          credential requests appear here as they happen.
        </p>
      ) : null}
      <StatGrid className="grid-cols-2">
        <StatTile
          label="Sign-ins"
          value={formatCount(data.totals.sign_ins)}
          hint={`successful, last ${days} days`}
          icon={<LogInIcon />}
        />
        <StatTile
          label="Failed sign-ins"
          value={formatCount(data.totals.failed_sign_ins)}
          hint="refused by the server"
          icon={<ShieldXIcon />}
        />
        <StatTile
          label="Role changes"
          value={formatCount(data.totals.role_changes)}
          hint="saved from the Users tab"
          icon={<UserCogIcon />}
        />
        <StatTile
          label="Credential requests"
          value={formatCount(data.totals.credential_requests)}
          hint="API keys and webhook secrets, as the Security tab lists them"
          icon={<KeyRoundIcon />}
        />
      </StatGrid>
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <TrendChart
          title="Sign-ins per day"
          description="Successful and failed sign-ins to server accounts."
          data={rows}
          xKey="day"
          xLabel="Day"
          kind="bar"
          series={[
            { key: 'sign_ins', label: 'Sign-ins' },
            { key: 'failed_sign_ins', label: 'Failed sign-ins', color: 'var(--color-rose-600)' },
          ]}
        />
        <TrendChart
          title="Role changes and credential requests per day"
          description="Saved role changes, and requests for an API key or webhook secret."
          data={rows}
          xKey="day"
          xLabel="Day"
          series={[
            { key: 'role_changes', label: 'Role changes', color: 'var(--color-indigo-600)' },
            {
              key: 'credential_requests',
              label: 'Credential requests',
              color: 'var(--color-amber-600)',
            },
          ]}
        />
      </div>
    </>
  );
}

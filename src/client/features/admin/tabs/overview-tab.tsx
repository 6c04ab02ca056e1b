import { useQuery } from '@tanstack/react-query';
import { ActivityIcon, ServerIcon, ShieldCheckIcon, UsersIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { SignInRequired, type SignInTopic } from '@/components/sign-in-required';
import { StatGrid, StatTile } from '@/components/stat-tile';
import { StatusBadge } from '@/components/status-badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAuth } from '@/lib/auth/auth-provider';
import { useLiveCounts } from '../audit-trail/use-live-counts';
import { summaryQuery } from '../insights/api';
import { ConsoleLinks } from '../insights/console-links';
import { SourcedHeading } from '../shared/figure-source';
import { failedLoads, isSignedOut, LoadError, LOAD_ERRORS } from '../shared/load-failure';
import { healthCards, overviewStats } from '../system-status/data';

const ICONS = [ServerIcon, UsersIcon, ActivityIcon, ShieldCheckIcon];

const TOPIC: SignInTopic = {
  what: 'the console’s live counts',
  description: 'Accounts, credential requests awaiting review and the audit events of today.',
};

/**
 * Overview: four stat tiles and the health cards, sample figures labelled as such, and the links
 * into the console with their live counts, labelled live (docs/product/admin-console.md#overview).
 */
export function OverviewTab() {
  const { session } = useAuth();
  // Signed out, no query exists at all: nothing is fetched, cached or kept alive.
  return session ? <LiveOverview /> : <OverviewContent links={<ConsoleLinks signedIn={false} />} />;
}

/**
 * The signed-in Overview: its counts follow the trail while it is open
 * (docs/product/admin-console.md#overview); when they cannot be read, the one error stands in
 * place of the whole tab, health cards included (docs/product/admin-console.md#load-errors).
 */
function LiveOverview() {
  const summary = useQuery(summaryQuery);
  useLiveCounts();
  if (isSignedOut(summary.error)) return <SignInRequired {...TOPIC} />;
  const failed = failedLoads([summary]);
  if (failed.length > 0) return <LoadError message={LOAD_ERRORS.admin} failed={failed} />;
  return <OverviewContent links={<ConsoleLinks signedIn data={summary.data} />} />;
}

function OverviewContent({ links }: { links: ReactNode }) {
  return (
    <div>
      <section aria-labelledby="overview-ecosystem" aria-describedby="overview-ecosystem-source">
        <SourcedHeading id="overview-ecosystem" source="sample">
          Ecosystem
        </SourcedHeading>
        <StatGrid>
          {overviewStats.map((s, i) => {
            const Icon = ICONS[i] ?? ServerIcon;
            return (
              <StatTile
                key={s.label}
                label={s.label}
                value={s.value}
                hint={s.hint}
                icon={<Icon />}
              />
            );
          })}
        </StatGrid>
      </section>
      {links}
      <section aria-labelledby="overview-health" aria-describedby="overview-health-source">
        <SourcedHeading id="overview-health" source="sample">
          System health
        </SourcedHeading>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {healthCards.map((card) => (
            <Card key={card.name}>
              <CardHeader>
                <div className="flex items-start justify-between gap-2">
                  <CardTitle>{card.name}</CardTitle>
                  <StatusBadge status={card.status} />
                </div>
                <CardDescription>{card.note}</CardDescription>
              </CardHeader>
              <CardContent>
                <dl className="grid grid-cols-2 gap-2 text-sm">
                  <div>
                    <dt className="text-slate-600">Uptime</dt>
                    <dd className="font-medium text-slate-900 tabular-nums">{card.uptime}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">Response</dt>
                    <dd className="font-medium text-slate-900 tabular-nums">{card.response}</dd>
                  </div>
                </dl>
              </CardContent>
            </Card>
          ))}
        </div>
      </section>
    </div>
  );
}

import { ArrowRightIcon, ScrollTextIcon, ShieldAlertIcon, UsersIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { AdminSummary } from '@shared/schemas/admin-insights';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { SourcedHeading } from '../shared/figure-source';
import { formatCount } from '../shared/format';

type ConsoleLink = {
  tab: string;
  title: string;
  icon: ReactNode;
  /** The live count, or null while unknown. */
  count: string | null;
  countLabel: string;
  description: string;
};

/**
 * Where an administrator goes next, each with its live count (`data`, read by the Overview).
 * Signed out, the cards still lead to their tabs, and nothing is asked of the server.
 */
export function ConsoleLinks({
  data,
  signedIn,
}: {
  /** The live counts; undefined while they load. */
  data?: AdminSummary | undefined;
  signedIn: boolean;
}) {
  const links: ConsoleLink[] = [
    {
      tab: 'users',
      title: 'Users',
      icon: <UsersIcon />,
      count: data ? formatCount(data.users.total, data.users.exact) : null,
      countLabel: 'accounts',
      description: 'Search accounts, edit details and manage roles.',
    },
    {
      tab: 'security',
      title: 'Security',
      icon: <ShieldAlertIcon />,
      count: data ? formatCount(data.pending_credential_requests) : null,
      countLabel: 'credential requests awaiting review',
      description: 'Applications, sessions and credential access requests.',
    },
    {
      tab: 'security-audit',
      title: 'Audit trail',
      icon: <ScrollTextIcon />,
      count: data ? formatCount(data.audit_events_today) : null,
      countLabel: 'events recorded today',
      description: 'Every sign-in, change and credential access, hash-chained.',
    },
  ];
  return (
    <section
      aria-labelledby="overview-console"
      aria-describedby="overview-console-source"
      className="mb-8"
    >
      <SourcedHeading id="overview-console" source="live">
        Console
      </SourcedHeading>
      <ul className="grid grid-cols-1 gap-4 md:grid-cols-3">
        {links.map((l) => (
          <li key={l.tab}>
            <Card className="group relative h-full p-5 transition-colors hover:border-indigo-300 hover:bg-indigo-50/40">
              <div className="flex items-center gap-2 text-indigo-700 [&_svg]:size-5">
                <span aria-hidden>{l.icon}</span>
                <h3 className="font-semibold text-slate-900">
                  <Link
                    to={{ search: `?tab=${l.tab}` }}
                    className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-indigo-600"
                  >
                    {l.title}
                  </Link>
                </h3>
                <ArrowRightIcon
                  aria-hidden
                  className="ml-auto text-slate-400 transition-transform group-hover:translate-x-0.5 group-hover:text-indigo-700"
                />
              </div>
              {signedIn ? (
                <p className="mt-3 flex items-baseline gap-2">
                  <span
                    className="text-2xl font-semibold text-slate-900 tabular-nums"
                    data-testid={`count-${l.tab}`}
                  >
                    {l.count ?? '…'}
                  </span>
                  <span className="text-sm text-slate-600">{l.countLabel}</span>
                </p>
              ) : (
                <p className="mt-3 text-sm font-medium text-slate-700">
                  Sign in to see the live count.
                </p>
              )}
              <p className="mt-1 text-sm text-slate-600">{l.description}</p>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

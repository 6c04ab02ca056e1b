import { ActivityIcon, ServerIcon, ShieldCheckIcon, UsersIcon } from 'lucide-react';
import { StatGrid, StatTile } from '@/components/stat-tile';
import { StatusBadge } from '@/components/status-badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConsoleLinks } from '../insights/console-links';
import { healthCards, overviewStats } from '../system-status/data';

const ICONS = [ServerIcon, UsersIcon, ActivityIcon, ShieldCheckIcon];

/** Overview: four stat tiles, links into the console with live counts, static health cards. */
export function OverviewTab() {
  return (
    <div>
      <StatGrid>
        {overviewStats.map((s, i) => {
          const Icon = ICONS[i] ?? ServerIcon;
          return (
            <StatTile key={s.label} label={s.label} value={s.value} hint={s.hint} icon={<Icon />} />
          );
        })}
      </StatGrid>
      <ConsoleLinks />
      <h2 className="mb-3 text-lg font-semibold text-slate-900">System health</h2>
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
    </div>
  );
}

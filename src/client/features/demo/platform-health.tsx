import { formatUptime, PLATFORM_HEALTH, type PlatformHealthFact } from '@shared/ecosystem-facts';
import { StatusBadge } from '@/components/status-badge';
import { Card } from '@/components/ui/card';
import { SectionTitle } from './section-title';
import type { DemoContent } from './types';

/** Four platform health cards: the ecosystem's status and uptime, and the figure this persona watches. */
export function PlatformHealth({ content }: { content: DemoContent }) {
  return (
    <section aria-labelledby="demo-health" className="mb-8">
      <SectionTitle id="demo-health" title="Platform Health" />
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {content.health.map((h) => {
          const fact: PlatformHealthFact = PLATFORM_HEALTH[h.platform];
          return (
            <li key={h.platform}>
              <Card className="h-full p-5">
                <div className="flex items-start justify-between gap-2">
                  <h3 className="font-semibold text-slate-900">{h.platform}</h3>
                  <StatusBadge status={fact.status} />
                </div>
                <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
                  <div>
                    <dt className="text-xs text-slate-600">Uptime (30 days)</dt>
                    <dd className="font-semibold text-slate-900 tabular-nums">
                      {formatUptime(fact.uptime)}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-600">{h.metricLabel}</dt>
                    <dd className="font-semibold text-slate-900 tabular-nums">{h.metricValue}</dd>
                  </div>
                </dl>
                {fact.issue ? <p className="mt-3 text-xs text-amber-900">{fact.issue}</p> : null}
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

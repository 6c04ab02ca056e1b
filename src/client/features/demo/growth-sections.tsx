import { LabelledProgress } from '@/components/labelled-progress';
import { StatusBadge } from '@/components/status-badge';
import { Card, CardContent } from '@/components/ui/card';
import { SectionTitle } from './section-title';
import type { DemoContent, MarketRegion } from './types';

const MARKET_STATUS = {
  live: { label: 'Live', tone: 'success' },
  pilot: { label: 'Pilot', tone: 'info' },
  planned: { label: 'Planned', tone: 'neutral' },
} as const satisfies Record<MarketRegion['status'], { label: string; tone: string }>;

/** Market expansion and investment highlights, both seen through the persona. */
export function GrowthSections({ content }: { content: DemoContent }) {
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <section aria-labelledby="demo-markets">
        <SectionTitle
          id="demo-markets"
          title="Market Expansion"
          description={content.marketDescription}
        />
        <Card>
          <CardContent className="space-y-4 pt-5">
            <p className="text-xs text-slate-600">Bars show: {content.marketMeasure}.</p>
            <ul className="space-y-4">
              {content.markets.map((m) => (
                <li key={m.region}>
                  <div className="mb-1 flex items-center justify-between gap-2">
                    <span className="font-medium text-slate-900">{m.region}</span>
                    <StatusBadge
                      status={m.status}
                      label={MARKET_STATUS[m.status].label}
                      tone={MARKET_STATUS[m.status].tone}
                    />
                  </div>
                  <LabelledProgress
                    value={m.progress}
                    label={`${m.region}: ${content.marketMeasure}`}
                  />
                  <p className="mt-1 text-xs text-slate-600">{m.detail}</p>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </section>
      <section aria-labelledby="demo-highlights">
        <SectionTitle
          id="demo-highlights"
          title="Investment Highlights"
          description={content.highlightsDescription}
        />
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {content.highlights.map((h) => (
            <li key={h.label}>
              <Card className="h-full p-5">
                <p className="text-2xl font-semibold text-indigo-700 tabular-nums">{h.figure}</p>
                <p className="font-medium text-slate-900">{h.label}</p>
                <p className="mt-1 text-sm text-slate-600">{h.detail}</p>
              </Card>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

import { ClockIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { analyticsCards, settingsCards, type ComingSoonCard } from './data';

function ComingSoonGrid({ cards }: { cards: ComingSoonCard[] }) {
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
      {cards.map((card) => (
        <Card key={card.title}>
          <CardHeader>
            <div className="flex items-start justify-between gap-2">
              <CardTitle>{card.title}</CardTitle>
              <Badge tone="info">
                <ClockIcon className="size-3" aria-hidden />
                Coming soon
              </Badge>
            </div>
            <CardDescription>{card.description}</CardDescription>
          </CardHeader>
          <CardContent>
            <p className="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-600">
              {card.note}
            </p>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

/** Analytics and Settings: static cards with coming-soon notes (SPEC.md §2). */
export function AnalyticsTab() {
  return <ComingSoonGrid cards={analyticsCards} />;
}

export function SettingsTab() {
  return <ComingSoonGrid cards={settingsCards} />;
}

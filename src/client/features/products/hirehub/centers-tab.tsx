import { MapPinIcon } from 'lucide-react';
import { LabelledProgress } from '@/components/labelled-progress';
import { StatusBadge } from '@/components/status-badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCount } from '@/lib/number-format';
import { fulfillmentCenters } from './data';

export function CentersTab() {
  return (
    <section aria-labelledby="centers-heading" className="grid grid-cols-1 gap-4">
      <div>
        <h2 id="centers-heading" className="text-lg font-semibold text-slate-900">
          Fulfillment Centers
        </h2>
        <p className="text-sm text-slate-600">
          Capacity in use and orders handled in the last 30 days.
        </p>
      </div>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {fulfillmentCenters.map((c) => (
          <li key={c.name}>
            <Card className="h-full">
              <CardHeader>
                <div className="flex items-start justify-between gap-2">
                  <CardTitle>{c.name}</CardTitle>
                  <StatusBadge status={c.status} />
                </div>
                <p className="flex items-center gap-1 text-sm text-slate-600">
                  <MapPinIcon className="size-3.5 shrink-0" aria-hidden />
                  {c.location}
                </p>
              </CardHeader>
              <CardContent className="space-y-3">
                <div>
                  <p className="mb-1 text-xs font-medium text-slate-600">Capacity in use</p>
                  <LabelledProgress value={c.capacity} label={`${c.name} capacity in use`} />
                </div>
                <p className="text-sm text-slate-700">
                  <span className="font-semibold text-slate-900 tabular-nums">
                    {formatCount(c.orders)}
                  </span>{' '}
                  orders
                </p>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

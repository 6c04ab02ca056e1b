import { Link2Icon, SearchIcon } from 'lucide-react';
import { CrossPlatformBadge } from '@/components/cross-platform-badge';
import { StatusBadge } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { demoAction } from '@/lib/demo-feedback';
import { duplicateAlerts } from './data';

export function UsersTab() {
  const toMerge = duplicateAlerts.filter((a) => a.action === 'merge_suggested').length;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Cross-Platform Duplicate Alerts</CardTitle>
        <CardDescription>
          {duplicateAlerts.length} people or companies appear to hold separate accounts on several
          ecosystem products; {toMerge} are close enough matches to merge.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {duplicateAlerts.map((alert) => (
            <li
              key={alert.id}
              className="flex flex-col gap-3 p-4 lg:flex-row lg:items-center lg:justify-between"
            >
              <div className="min-w-0 space-y-1.5">
                <div className="flex flex-wrap items-center gap-2">
                  <p className="font-medium text-slate-900">{alert.customer}</p>
                  <StatusBadge status={alert.action} />
                </div>
                <p className="text-sm break-all text-slate-600">
                  {alert.email} · match confidence {alert.confidence}%
                </p>
                {/* Their own line: narrowed to a table cell's width they wrapped at 1920 px. */}
                <CrossPlatformBadge platforms={alert.platforms} className="max-w-none" />
              </div>
              <div className="flex shrink-0 gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Review ${alert.customer}`}
                  onClick={() =>
                    demoAction(
                      `Review ${alert.customer}`,
                      `The full product opens the ${alert.platforms.length} accounts side by side so you can compare them before deciding.`,
                    )
                  }
                >
                  <SearchIcon aria-hidden />
                  Review
                </Button>
                <Button
                  size="sm"
                  aria-label={`Link Accounts for ${alert.customer}`}
                  onClick={() =>
                    demoAction(
                      `Link Accounts for ${alert.customer}`,
                      `The full product links the accounts on ${alert.platforms.join(', ')} into one ecosystem identity. Nothing was changed in this demo.`,
                    )
                  }
                >
                  <Link2Icon aria-hidden />
                  Link Accounts
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

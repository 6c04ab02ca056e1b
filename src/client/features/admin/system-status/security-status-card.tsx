import { CheckCircle2Icon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { SECURITY_STATUS } from './security-status';

export function SecurityStatusCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Security Status</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3">
          {SECURITY_STATUS.map((item) => (
            <li key={item.label} className="flex items-start gap-3">
              <CheckCircle2Icon className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="text-sm font-medium text-slate-900">{item.label}</span>
                  <Badge tone="success">Enabled</Badge>
                </div>
                <p className="text-xs text-slate-600">{item.detail}</p>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

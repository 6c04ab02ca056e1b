import { KeyRoundIcon } from 'lucide-react';
import { StatusBadge } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { demoAction } from '@/lib/demo-feedback';
import { apiCredentials, securityPolicies } from './data';
import { formatCount } from '@/lib/number-format';

export function SecurityApisTab() {
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Security policy</CardTitle>
          <CardDescription>Limits that apply across the ecosystem.</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3 sm:grid-cols-2 xl:grid-cols-5">
            {securityPolicies.map((p) => (
              <div key={p.label} className="rounded-lg bg-slate-50 p-3">
                <dt className="text-xs text-slate-600">{p.label}</dt>
                <dd className="mt-1 text-lg font-semibold text-slate-900 tabular-nums">
                  {p.value}
                </dd>
                <dd className="mt-1 text-xs text-slate-600">{p.note}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="sm:flex-row sm:items-start sm:justify-between">
          <div className="space-y-1.5">
            <CardTitle>API credentials</CardTitle>
            <CardDescription>Keys the platforms use to call each other.</CardDescription>
          </div>
          <Button size="sm" onClick={() => demoAction('Create API key')}>
            <KeyRoundIcon aria-hidden />
            Create API key
          </Button>
        </CardHeader>
        <CardContent>
          <Table aria-label="API credentials">
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>Platform</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Expires</TableHead>
                <TableHead className="text-right">Requests, 30 days</TableHead>
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {apiCredentials.map((c) => (
                <TableRow key={c.name}>
                  <TableCell className="font-medium whitespace-nowrap text-slate-900">
                    {c.name}
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{c.platform}</TableCell>
                  <TableCell>
                    <StatusBadge status={c.status} />
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    {c.status === 'expired' ? `Expired ${c.expires}` : c.expires}
                  </TableCell>
                  <TableCell className="text-right">{formatCount(c.usage)}</TableCell>
                  <TableCell className="text-right">
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() =>
                        demoAction(`${c.status === 'expired' ? 'Renew' : 'Rotate'} ${c.name}`)
                      }
                    >
                      {c.status === 'expired' ? 'Renew' : 'Rotate'}
                      <span className="sr-only"> {c.name}</span>
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
    </div>
  );
}

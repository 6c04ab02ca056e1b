import { StatusBadge } from '@/components/status-badge';
import { Badge } from '@/components/ui/badge';
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
import { platformConfigs } from './data';

const FEATURES = [
  { key: 'sso', label: 'SSO' },
  { key: 'notifications', label: 'Notifications' },
  { key: 'analytics', label: 'Analytics' },
  { key: 'backup', label: 'Backup' },
] as const;

const OnOff = ({ on }: { on: boolean }) =>
  on ? <Badge tone="success">On</Badge> : <Badge>Off</Badge>;

export function PlatformConfigTab() {
  return (
    <Card>
      <CardHeader className="sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1.5">
          <CardTitle>Platform configuration</CardTitle>
          <CardDescription>
            Features switched on for each platform, and its last sync.
          </CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={() => demoAction('Sync all platforms')}>
          Sync all
        </Button>
      </CardHeader>
      <CardContent>
        <Table aria-label="Platform configuration">
          <TableHeader>
            <TableRow>
              <TableHead>Platform</TableHead>
              {FEATURES.map((f) => (
                <TableHead key={f.key}>{f.label}</TableHead>
              ))}
              <TableHead>Last sync</TableHead>
              <TableHead>Status</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {platformConfigs.map((p) => (
              <TableRow key={p.platform}>
                <TableCell className="font-medium whitespace-nowrap text-slate-900">
                  {p.platform}
                </TableCell>
                {FEATURES.map((f) => (
                  <TableCell key={f.key}>
                    <OnOff on={p[f.key]} />
                  </TableCell>
                ))}
                <TableCell className="whitespace-nowrap text-slate-600">{p.lastSync}</TableCell>
                <TableCell>
                  <StatusBadge status={p.status} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

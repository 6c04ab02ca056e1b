import { RecordTable, type RecordColumn } from '@/components/record-table';
import { StatusBadge } from '@/components/status-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
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

type PlatformConfig = (typeof platformConfigs)[number];

/** "SSO, Analytics on · Backup off": the features of a platform in two words' worth. */
function featuresText(p: PlatformConfig): string {
  const on = FEATURES.filter((f) => p[f.key]).map((f) => f.label);
  const off = FEATURES.filter((f) => !p[f.key]).map((f) => f.label);
  return [on.length ? `${on.join(', ')} on` : '', off.length ? `${off.join(', ')} off` : '']
    .filter(Boolean)
    .join(' · ');
}

// On a phone each platform is one row: its name, "features on · features off · synced" under
// it, and its status at the right.
const columns: RecordColumn<PlatformConfig>[] = [
  {
    header: 'Platform',
    cell: (p) => p.platform,
    className: 'font-medium text-slate-900 sm:whitespace-nowrap',
    phone: 'main',
  },
  ...FEATURES.map((f, at): RecordColumn<PlatformConfig> => ({
    header: f.label,
    cell: (p) => <OnOff on={p[f.key]} />,
    // The first feature's place in the line carries all four.
    phone: 'sub',
    phoneText: (p) => (at === 0 ? featuresText(p) : ''),
  })),
  {
    header: 'Last sync',
    cell: (p) => p.lastSync,
    className: 'whitespace-nowrap text-slate-600',
    phone: 'sub',
    // "synced 2 min ago", or "syncing now" while it is.
    phoneText: (p) =>
      p.lastSync.endsWith(' ago') ? `synced ${p.lastSync}` : p.lastSync.toLowerCase(),
  },
  { header: 'Status', cell: (p) => <StatusBadge status={p.status} />, phone: 'end' },
];

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
        <RecordTable
          label="Platform configuration"
          columns={columns}
          rows={platformConfigs}
          rowKey={(p) => p.platform}
        />
      </CardContent>
    </Card>
  );
}

import { RecordTable, type RecordColumn } from '@/components/record-table';
import { RowActions } from '@/components/row-actions';
import { StatusBadge } from '@/components/status-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { demoAction } from '@/lib/demo-feedback';
import { geographicRules } from './data';
import { formatCount } from '@/lib/number-format';

type Rule = (typeof geographicRules)[number];

/** "HireHub, SortStak and 3 more": two names, so that a phone's line stays one or two lines. */
const platformsText = (r: Rule) =>
  r.platforms.length > 3
    ? `${r.platforms.slice(0, 2).join(', ')} and ${r.platforms.length - 2} more`
    : r.platforms.join(', ');

// On a phone each rule is one row: its region, "platforms · users" under it, and its status
// and Edit at the right.
const columns: RecordColumn<Rule>[] = [
  {
    header: 'Region',
    cell: (r) => r.region,
    className: 'font-medium sm:whitespace-nowrap',
    phone: 'main',
  },
  {
    header: 'Platforms',
    className: 'min-w-56',
    phone: 'sub',
    phoneText: platformsText,
    cell: (r) => (
      <div className="flex flex-wrap gap-1">
        {r.platforms.map((p) => (
          <Badge key={p}>{p}</Badge>
        ))}
      </div>
    ),
  },
  { header: 'Status', cell: (r) => <StatusBadge status={r.status} />, phone: 'end' },
  {
    header: 'Users',
    cell: (r) => formatCount(r.users),
    align: 'right',
    phone: 'sub',
    phoneText: (r) => `${formatCount(r.users)} users`,
  },
  {
    header: 'Actions',
    hideHeader: true,
    align: 'right',
    phone: 'end',
    cell: (r) => (
      <RowActions
        name={r.region}
        actions={[{ label: 'Edit', onSelect: () => demoAction(`Edit the rule for ${r.region}`) }]}
      />
    ),
  },
];

export function GeographicRulesTab() {
  return (
    <Card>
      <CardHeader className="sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1.5">
          <CardTitle>Geographic rules</CardTitle>
          <CardDescription>
            Which regions reach which platforms. Restricted regions see a verification step.
          </CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={() => demoAction('Add region rule')}>
          Add region rule
        </Button>
      </CardHeader>
      <CardContent>
        <RecordTable
          label="Geographic rules"
          columns={columns}
          rows={geographicRules}
          rowKey={(r) => r.region}
        />
      </CardContent>
    </Card>
  );
}

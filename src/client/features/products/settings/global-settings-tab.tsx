import { RecordTable, type RecordColumn } from '@/components/record-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { demoAction } from '@/lib/demo-feedback';
import { globalSettings } from './data';

type Setting = (typeof globalSettings)[number];

// On a phone each setting is one row: its key, "value · category · Critical" (when it is)
// under it, and Edit at its right; a badge beside Edit left the key a third of a 320 px row.
const settingColumns: RecordColumn<Setting>[] = [
  {
    header: 'Key',
    cell: (s) => (
      <span className="font-mono text-xs wrap-anywhere sm:whitespace-nowrap">{s.key}</span>
    ),
    phone: 'main',
  },
  {
    header: 'Value',
    cell: (s) => s.value,
    className: 'min-w-40 font-medium text-slate-900',
    phone: 'sub',
  },
  {
    header: 'Category',
    cell: (s) => <Badge tone="brand">{s.category}</Badge>,
    phone: 'sub',
    phoneText: (s) => s.category,
  },
  {
    header: 'Critical',
    cell: (s) => (s.critical ? <Badge tone="danger">Critical</Badge> : <Badge>Standard</Badge>),
    phone: 'sub',
    phoneText: (s) => (s.critical ? 'Critical' : ''),
  },
  {
    header: 'Actions',
    hideHeader: true,
    align: 'right',
    phone: 'end',
    cell: (s) => (
      <Button
        variant="ghost"
        size="sm"
        onClick={() =>
          demoAction(
            `Edit ${s.key}`,
            s.critical
              ? 'In the full product a second administrator would approve this change. This demo uses sample data only.'
              : undefined,
          )
        }
      >
        Edit<span className="sr-only"> {s.key}</span>
      </Button>
    ),
  },
];

export function GlobalSettingsTab() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Global settings</CardTitle>
        <CardDescription>
          Shared by every platform. Critical settings need a second administrator to approve a
          change.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <RecordTable
          label="Global settings"
          columns={settingColumns}
          rows={globalSettings}
          rowKey={(s) => s.key}
        />
      </CardContent>
    </Card>
  );
}

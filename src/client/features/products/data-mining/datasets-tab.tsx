import { ShareChart } from '@/components/charts/share-chart';
import { RecordTable, type RecordColumn } from '@/components/record-table';
import { RowActions } from '@/components/row-actions';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { demoAction } from '@/lib/demo-feedback';
import { datasets } from './data';
import { formatCount } from '@/lib/number-format';

type Dataset = (typeof datasets)[number];

const shares = datasets.map((d) => ({ name: d.name, value: d.records }));

// On a phone each dataset is one row: its name, "type · records · updated" under it, and
// Preview at its right; its id and source stay for screen readers.
const columns: RecordColumn<Dataset>[] = [
  {
    header: 'Dataset',
    className: 'sm:whitespace-nowrap',
    phone: 'main',
    cell: (d) => (
      <>
        <p className="font-medium text-slate-900">{d.name}</p>
        <code className="text-xs text-slate-600 max-sm:sr-only">{d.id}</code>
      </>
    ),
  },
  { header: 'Type', cell: (d) => <Badge>{d.type}</Badge>, phone: 'sub', phoneText: (d) => d.type },
  {
    header: 'Records',
    cell: (d) => formatCount(d.records),
    align: 'right',
    phone: 'sub',
    phoneText: (d) => `${formatCount(d.records)} records`,
  },
  { header: 'Source', cell: (d) => d.source, className: 'whitespace-nowrap' },
  {
    header: 'Updated',
    cell: (d) => d.updated,
    className: 'whitespace-nowrap text-slate-600',
    phone: 'sub',
  },
  {
    header: 'Actions',
    hideHeader: true,
    align: 'right',
    phone: 'end',
    cell: (d) => (
      <RowActions
        name={d.name}
        actions={[{ label: 'Preview', onSelect: () => demoAction(`Preview ${d.name}`) }]}
      />
    ),
  },
];

export function DatasetsTab() {
  return (
    // The table takes the whole width: beside the chart it had to scroll sideways even at 1920 px.
    <div className="grid gap-6">
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>Datasets</CardTitle>
          <CardDescription>The sources a mining job can read.</CardDescription>
        </CardHeader>
        <CardContent>
          <RecordTable label="Datasets" columns={columns} rows={datasets} rowKey={(d) => d.id} />
        </CardContent>
      </Card>
      <div className="min-w-0">
        <ShareChart
          title="Records by dataset"
          description="Where the records come from."
          data={shares}
          label="Records"
        />
      </div>
    </div>
  );
}

import { ShareChart } from '@/components/charts/share-chart';
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
import { datasets } from './data';
import { formatCount } from '@/lib/number-format';

const shares = datasets.map((d) => ({ name: d.name, value: d.records }));

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
          <Table aria-label="Datasets">
            <TableHeader>
              <TableRow>
                <TableHead>Dataset</TableHead>
                <TableHead>Type</TableHead>
                <TableHead className="text-right">Records</TableHead>
                <TableHead>Source</TableHead>
                <TableHead>Updated</TableHead>
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {datasets.map((d) => (
                <TableRow key={d.id}>
                  <TableCell className="whitespace-nowrap">
                    <p className="font-medium text-slate-900">{d.name}</p>
                    <code className="text-xs text-slate-600">{d.id}</code>
                  </TableCell>
                  <TableCell>
                    <Badge>{d.type}</Badge>
                  </TableCell>
                  <TableCell className="text-right">{formatCount(d.records)}</TableCell>
                  <TableCell className="whitespace-nowrap">{d.source}</TableCell>
                  <TableCell className="whitespace-nowrap text-slate-600">{d.updated}</TableCell>
                  <TableCell className="text-right">
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => demoAction(`Preview ${d.name}`)}
                    >
                      Preview<span className="sr-only"> {d.name}</span>
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
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

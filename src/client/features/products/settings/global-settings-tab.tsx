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
import { globalSettings } from './data';

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
        <Table aria-label="Global settings">
          <TableHeader>
            <TableRow>
              <TableHead>Key</TableHead>
              <TableHead>Value</TableHead>
              <TableHead>Category</TableHead>
              <TableHead>Critical</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {globalSettings.map((s) => (
              <TableRow key={s.key}>
                <TableCell className="font-mono text-xs whitespace-nowrap">{s.key}</TableCell>
                <TableCell className="min-w-40 font-medium text-slate-900">{s.value}</TableCell>
                <TableCell>
                  <Badge tone="brand">{s.category}</Badge>
                </TableCell>
                <TableCell>
                  {s.critical ? <Badge tone="danger">Critical</Badge> : <Badge>Standard</Badge>}
                </TableCell>
                <TableCell className="text-right">
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
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

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
import { geographicRules } from './data';
import { formatCount } from '@/lib/number-format';

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
        <Table aria-label="Geographic rules">
          <TableHeader>
            <TableRow>
              <TableHead>Region</TableHead>
              <TableHead>Platforms</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Users</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {geographicRules.map((r) => (
              <TableRow key={r.region}>
                <TableCell className="font-medium whitespace-nowrap">{r.region}</TableCell>
                <TableCell className="min-w-56">
                  <div className="flex flex-wrap gap-1">
                    {r.platforms.map((p) => (
                      <Badge key={p}>{p}</Badge>
                    ))}
                  </div>
                </TableCell>
                <TableCell>
                  <StatusBadge status={r.status} />
                </TableCell>
                <TableCell className="text-right">{formatCount(r.users)}</TableCell>
                <TableCell className="text-right">
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => demoAction(`Edit the rule for ${r.region}`)}
                  >
                    Edit<span className="sr-only"> {r.region}</span>
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

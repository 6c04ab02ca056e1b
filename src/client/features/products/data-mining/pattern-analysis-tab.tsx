import { TrendChart } from '@/components/charts/trend-chart';
import { LabelledProgress } from '@/components/labelled-progress';
import { StatusBadge } from '@/components/status-badge';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { patterns, skillDemand } from './data';
import { formatCount } from '@/lib/number-format';

export function PatternAnalysisTab() {
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Discovered patterns</CardTitle>
          <CardDescription>
            Findings of recent jobs, with how sure the algorithm is and how many records back them.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Table aria-label="Discovered patterns">
            <TableHeader>
              <TableRow>
                <TableHead>Pattern</TableHead>
                <TableHead>Kind</TableHead>
                <TableHead>Confidence</TableHead>
                <TableHead className="text-right">Records</TableHead>
                <TableHead>Impact</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {patterns.map((p) => (
                <TableRow key={p.id}>
                  <TableCell className="min-w-64 font-medium text-slate-900">{p.pattern}</TableCell>
                  <TableCell>
                    <Badge tone="brand">{p.kind}</Badge>
                  </TableCell>
                  <TableCell className="min-w-40">
                    <LabelledProgress value={p.confidence} label={`Confidence: ${p.pattern}`} />
                  </TableCell>
                  <TableCell className="text-right">{formatCount(p.support)}</TableCell>
                  <TableCell>
                    <StatusBadge
                      status={p.impact}
                      label={`${p.impact[0]!.toUpperCase()}${p.impact.slice(1)} impact`}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
      <TrendChart
        title="Skill demand in job postings"
        description="Postings naming each skill family, by month."
        data={skillDemand}
        xKey="month"
        xLabel="Month"
        series={[
          { key: 'aiMl', label: 'AI and machine learning' },
          { key: 'cloud', label: 'Cloud' },
          { key: 'dataEngineering', label: 'Data engineering' },
        ]}
      />
    </div>
  );
}

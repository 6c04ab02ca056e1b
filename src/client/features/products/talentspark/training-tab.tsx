import { LabelledProgress } from '@/components/labelled-progress';
import { RecordTable, type RecordColumn } from '@/components/record-table';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCount } from '@/lib/number-format';
import { trainingPrograms } from './data';
import { completionRate } from './summary';
import type { TrainingProgram } from './types';

const columns: RecordColumn<TrainingProgram>[] = [
  {
    header: 'Program',
    phone: 'main',
    cell: (p) => (
      <div className="sm:min-w-52">
        <p className="font-medium text-slate-900">{p.name}</p>
        <p className="text-xs text-slate-600">{p.provider}</p>
      </div>
    ),
  },
  {
    header: 'Format',
    cell: (p) => <Badge tone="info">{p.format}</Badge>,
    phone: 'sub',
    phoneText: (p) => p.format,
  },
  { header: 'Duration', cell: (p) => p.duration, className: 'whitespace-nowrap', phone: 'sub' },
  { header: 'Enrolled', cell: (p) => formatCount(p.enrolled), align: 'right' },
  { header: 'Completed', cell: (p) => formatCount(p.completed), align: 'right' },
  {
    header: 'Completion',
    cell: (p) => <LabelledProgress value={completionRate(p)} label={`${p.name} completion`} />,
    className: 'min-w-40',
    phone: 'sub',
    phoneText: (p) => `${completionRate(p)}% complete`,
  },
];

export function TrainingTab() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Training Programs</CardTitle>
        <CardDescription>
          Courses that lead to TalentSpark certifications, from the academy and partner employers.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <RecordTable
          label="Training programs"
          columns={columns}
          rows={trainingPrograms}
          rowKey={(p) => p.name}
        />
      </CardContent>
    </Card>
  );
}

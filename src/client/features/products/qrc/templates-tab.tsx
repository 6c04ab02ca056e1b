import { PencilIcon, PlayIcon } from 'lucide-react';
import { LabelledProgress } from '@/components/labelled-progress';
import { RecordTable, type RecordColumn } from '@/components/record-table';
import { Badge } from '@/components/ui/badge';
import { RowActions } from '@/components/row-actions';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { demoAction } from '@/lib/demo-feedback';
import { checkTemplates } from './data';
import type { CheckTemplate } from './types';

const columns: RecordColumn<CheckTemplate>[] = [
  {
    header: 'Template',
    cell: (t) => <span className="font-medium">{t.name}</span>,
    className: 'min-w-52',
    phone: 'main',
  },
  {
    header: 'Category',
    cell: (t) => <Badge tone="info">{t.category}</Badge>,
    phone: 'sub',
    phoneText: (t) => t.category,
  },
  {
    header: 'Checks',
    cell: (t) => t.checks,
    align: 'right',
    phone: 'sub',
    phoneText: (t) => `${t.checks} checks`,
  },
  {
    header: 'Success rate',
    cell: (t) => <LabelledProgress value={t.success} label={`${t.name} success rate`} />,
    className: 'min-w-40',
  },
  {
    header: 'Actions',
    phone: 'end',
    cell: (t) => (
      <RowActions
        name={t.name}
        actions={[
          {
            label: 'Run',
            icon: <PlayIcon aria-hidden />,
            variant: 'outline',
            onSelect: () =>
              demoAction(
                `Run ${t.name}`,
                `The full product asks for a candidate and runs the ${t.checks} checks of this template.`,
              ),
          },
          {
            label: 'Edit',
            icon: <PencilIcon aria-hidden />,
            onSelect: () =>
              demoAction(
                `Edit ${t.name}`,
                'The full product opens the template so you can add, remove or reorder its checks.',
              ),
          },
        ]}
      />
    ),
  },
];

export function TemplatesTab() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Check Templates</CardTitle>
        <CardDescription>Reusable sets of checks, one per role family.</CardDescription>
      </CardHeader>
      <CardContent>
        <RecordTable
          label="Check templates"
          columns={columns}
          rows={checkTemplates}
          rowKey={(t) => t.name}
        />
      </CardContent>
    </Card>
  );
}

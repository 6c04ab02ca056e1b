import { StarIcon } from 'lucide-react';
import { RecordTable, type RecordColumn } from '@/components/record-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { demoAction } from '@/lib/demo-feedback';
import { formatCount } from '@/lib/number-format';
import { roleTemplates } from './data';
import type { RoleTemplate } from './types';

const columns: RecordColumn<RoleTemplate>[] = [
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
    header: 'Usage',
    phone: 'sub',
    cell: (t) => `${formatCount(t.usage)} roles`,
    align: 'right',
    className: 'whitespace-nowrap',
  },
  {
    header: 'Rating',
    cell: (t) => (
      <span className="inline-flex items-center gap-1 whitespace-nowrap">
        <StarIcon className="size-3.5 fill-amber-400 text-amber-500" aria-hidden />
        {t.rating.toFixed(1)}
        <span className="sr-only"> out of 5</span>
      </span>
    ),
  },
  {
    header: 'Actions',
    phone: 'end',
    cell: (t) => (
      <Button
        variant="outline"
        size="sm"
        aria-label={`Use template ${t.name}`}
        onClick={() =>
          demoAction(
            `Use template ${t.name}`,
            'The full product starts a new role pre-filled with this template’s skills, responsibilities and approvals.',
          )
        }
      >
        Use template
      </Button>
    ),
  },
];

export function TemplatesTab() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Role Templates</CardTitle>
        <CardDescription>
          Proven role definitions, ranked by how often they are used.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <RecordTable
          label="Role templates"
          columns={columns}
          rows={roleTemplates}
          rowKey={(t) => t.name}
        />
      </CardContent>
    </Card>
  );
}

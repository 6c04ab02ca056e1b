import { LabelledProgress } from '@/components/labelled-progress';
import { RecordTable, type RecordColumn } from '@/components/record-table';
import { StatusBadge } from '@/components/status-badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { activeRoles } from './data';
import { countRolesByStatus } from './summary';
import type { RoleDefinition } from './types';

const columns: RecordColumn<RoleDefinition>[] = [
  {
    header: 'Role',
    phone: 'main',
    cell: (r) => (
      <div className="sm:min-w-48">
        <p className="font-medium text-slate-900">{r.title}</p>
        <p className="text-xs text-slate-600">{r.department}</p>
      </div>
    ),
  },
  { header: 'Company', cell: (r) => r.company, className: 'whitespace-nowrap', phone: 'sub' },
  {
    header: 'Status',
    cell: (r) => <StatusBadge status={r.status} label={r.status} />,
    phone: 'end',
  },
  { header: 'Assignments', cell: (r) => r.assignments, align: 'right' },
  {
    header: 'Completion',
    cell: (r) => <LabelledProgress value={r.completion} label={`${r.title} completion`} />,
    className: 'min-w-40',
  },
  {
    header: 'Updated',
    cell: (r) => r.updated,
    className: 'whitespace-nowrap text-slate-600',
    phone: 'sub',
  },
];

export function RolesTab() {
  const counts = countRolesByStatus(activeRoles);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Active Roles</CardTitle>
        <CardDescription>
          {counts.Active} active, {counts.Review} in review, {counts.Draft} drafts.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <RecordTable
          label="Roles"
          columns={columns}
          rows={activeRoles}
          rowKey={(r) => `${r.company}/${r.title}`}
        />
      </CardContent>
    </Card>
  );
}

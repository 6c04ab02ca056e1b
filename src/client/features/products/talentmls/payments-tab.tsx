import { CheckCircle2Icon, HourglassIcon } from 'lucide-react';
import { RecordTable, type RecordColumn } from '@/components/record-table';
import { StatGrid, StatTile } from '@/components/stat-tile';
import { StatusBadge } from '@/components/status-badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatUsd } from '@/lib/number-format';
import { payments } from './data';
import { summarizePayments } from './summary';
import type { Payment } from './types';
import { useTalentMlsLabels } from './use-talentmls-labels';
import { Id } from '@/components/cell-text';

const columns: RecordColumn<Payment>[] = [
  { header: 'Payment', cell: (p) => <Id>{p.id}</Id>, phone: 'sub', phoneText: (p) => p.id },
  {
    header: 'Employer',
    cell: (p) => <span className="font-medium">{p.employer}</span>,
    className: 'sm:whitespace-nowrap',
    phone: 'main',
  },
  { header: 'Type', cell: (p) => p.type, className: 'whitespace-nowrap' },
  { header: 'Amount', cell: (p) => formatUsd(p.amount), align: 'right', phone: 'sub' },
  { header: 'Status', cell: (p) => <StatusBadge status={p.status} />, phone: 'end' },
  {
    header: 'Date',
    cell: (p) => p.date,
    className: 'whitespace-nowrap text-slate-600',
    phone: 'sub',
  },
];

export function PaymentsTab() {
  const labels = useTalentMlsLabels();
  const s = summarizePayments(payments);
  return (
    <div className="grid grid-cols-1 gap-6">
      <StatGrid className="mb-0 xl:grid-cols-2">
        <StatTile
          label="Completed"
          value={formatUsd(s.completed.amount)}
          hint={`${s.completed.count} payments settled`}
          icon={<CheckCircle2Icon />}
        />
        <StatTile
          label="Pending"
          value={formatUsd(s.pending.amount)}
          hint={`${s.pending.count} payments awaiting settlement`}
          icon={<HourglassIcon />}
        />
      </StatGrid>
      <Card>
        <CardHeader>
          <CardTitle>{labels.paymentsTitle}</CardTitle>
          <CardDescription>The latest payments from employers on TalentMLS.</CardDescription>
        </CardHeader>
        <CardContent>
          <RecordTable
            label={labels.paymentsTitle}
            columns={columns}
            rows={payments}
            rowKey={(p) => p.id}
          />
        </CardContent>
      </Card>
    </div>
  );
}

import { DatabaseBackupIcon } from 'lucide-react';
import { RecordTable, type RecordColumn } from '@/components/record-table';
import { StatusBadge } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { demoAction } from '@/lib/demo-feedback';
import { auditEntries, backups } from './data';

// On a phone each backup is one row: its type, "last backup · size · kept" under it, and its
// status at the right.
const backupColumns: RecordColumn<(typeof backups)[number]>[] = [
  {
    header: 'Type',
    className: 'font-medium whitespace-nowrap text-slate-900',
    phone: 'main',
    cell: (b) => b.type,
  },
  {
    header: 'Last backup',
    className: 'whitespace-nowrap',
    phone: 'sub',
    cell: (b) => b.lastBackup,
  },
  {
    header: 'Size',
    align: 'right',
    className: 'whitespace-nowrap',
    phone: 'sub',
    cell: (b) => b.size,
  },
  { header: 'Status', phone: 'end', cell: (b) => <StatusBadge status={b.status} /> },
  {
    header: 'Retention',
    className: 'whitespace-nowrap',
    phone: 'sub',
    phoneText: (b) => `kept ${b.retention}`,
    cell: (b) => b.retention,
  },
];

// On a phone each change is one row: what was done, and "who · where · when" under it.
const auditColumns: RecordColumn<(typeof auditEntries)[number]>[] = [
  { header: 'User', className: 'whitespace-nowrap', phone: 'sub', cell: (a) => a.user },
  {
    header: 'Action',
    className: 'min-w-64 max-sm:min-w-0',
    phone: 'main',
    cell: (a) => <span className="text-slate-900">{a.action}</span>,
  },
  { header: 'Platform', className: 'whitespace-nowrap', phone: 'sub', cell: (a) => a.platform },
  {
    header: 'Time',
    className: 'whitespace-nowrap text-slate-600',
    phone: 'sub',
    cell: (a) => a.time,
  },
];

export function BackupAuditTab() {
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader className="sm:flex-row sm:items-start sm:justify-between">
          <div className="space-y-1.5">
            <CardTitle>Backups</CardTitle>
            <CardDescription>What is saved, how big it is and how long it is kept.</CardDescription>
          </div>
          <Button size="sm" variant="outline" onClick={() => demoAction('Run a backup now')}>
            <DatabaseBackupIcon aria-hidden />
            Back up now
          </Button>
        </CardHeader>
        <CardContent>
          <RecordTable
            label="Backups"
            columns={backupColumns}
            rows={backups}
            rowKey={(b) => b.type}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Audit log</CardTitle>
          <CardDescription>Recent administrative changes, newest first.</CardDescription>
        </CardHeader>
        <CardContent>
          <RecordTable
            label="Audit log"
            columns={auditColumns}
            rows={auditEntries}
            rowKey={(a) => a.id}
          />
        </CardContent>
      </Card>
    </div>
  );
}

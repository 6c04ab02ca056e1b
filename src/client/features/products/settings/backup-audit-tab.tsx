import { DatabaseBackupIcon } from 'lucide-react';
import { StatusBadge } from '@/components/status-badge';
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
import { auditEntries, backups } from './data';

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
          <Table aria-label="Backups">
            <TableHeader>
              <TableRow>
                <TableHead>Type</TableHead>
                <TableHead>Last backup</TableHead>
                <TableHead className="text-right">Size</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Retention</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {backups.map((b) => (
                <TableRow key={b.type}>
                  <TableCell className="font-medium whitespace-nowrap text-slate-900">
                    {b.type}
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{b.lastBackup}</TableCell>
                  <TableCell className="text-right whitespace-nowrap">{b.size}</TableCell>
                  <TableCell>
                    <StatusBadge status={b.status} />
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{b.retention}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Audit log</CardTitle>
          <CardDescription>Recent administrative changes, newest first.</CardDescription>
        </CardHeader>
        <CardContent>
          <Table aria-label="Audit log">
            <TableHeader>
              <TableRow>
                <TableHead>User</TableHead>
                <TableHead>Action</TableHead>
                <TableHead>Platform</TableHead>
                <TableHead>Time</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {auditEntries.map((a) => (
                <TableRow key={a.id}>
                  <TableCell className="whitespace-nowrap">{a.user}</TableCell>
                  <TableCell className="min-w-64">{a.action}</TableCell>
                  <TableCell className="whitespace-nowrap">{a.platform}</TableCell>
                  <TableCell className="whitespace-nowrap text-slate-600">{a.time}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
    </div>
  );
}

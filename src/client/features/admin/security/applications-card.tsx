import type { UseQueryResult } from '@tanstack/react-query';
import { KeyRoundIcon } from 'lucide-react';
import type { ApplicationInfo } from '@shared/schemas/admin-security';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
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
import { PresenceBadge } from '../credentials/credential-badges';
import { LOAD_ERROR } from '../credentials/use-load-error-toast';
import { TableSkeleton } from '../credentials/table-skeleton';

/** SPEC.md §2 Security: registered applications with presence flags, never a secret. */
export function ApplicationsCard({
  query,
  onRequest,
}: {
  query: UseQueryResult<ApplicationInfo[]>;
  onRequest: (app: ApplicationInfo) => void;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Registered Applications</CardTitle>
        <CardDescription>
          Secrets never leave the server: only whether each credential exists is shown.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <TableSkeleton label="Loading applications" />
        ) : query.isError ? (
          <ErrorState message={LOAD_ERROR.description} onRetry={() => void query.refetch()} />
        ) : query.data.length === 0 ? (
          <EmptyState
            title="No applications registered"
            description="Registered applications and their credentials appear here."
          />
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Application</TableHead>
                <TableHead>Type</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>API key</TableHead>
                <TableHead>Webhook secret</TableHead>
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {query.data.map((app) => {
                const requestable = app.is_active && (app.has_api_key || app.has_webhook_secret);
                return (
                  <TableRow key={app.id}>
                    <TableCell>
                      <div className="font-medium text-slate-900">{app.app_name}</div>
                      <div className="text-xs break-all text-slate-600">{app.app_url}</div>
                    </TableCell>
                    <TableCell className="text-slate-700">
                      {app.app_type.replace(/_/g, ' ')}
                    </TableCell>
                    <TableCell>
                      <StatusBadge status={app.is_active ? 'active' : 'inactive'} />
                    </TableCell>
                    <TableCell>
                      <PresenceBadge present={app.has_api_key} />
                    </TableCell>
                    <TableCell>
                      <PresenceBadge present={app.has_webhook_secret} />
                    </TableCell>
                    <TableCell className="text-right">
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={!requestable}
                        onClick={() => onRequest(app)}
                        aria-label={`Request access to ${app.app_name} credentials`}
                        title={
                          requestable
                            ? undefined
                            : app.is_active
                              ? 'This application holds no credentials'
                              : 'Inactive applications take no credential requests'
                        }
                      >
                        <KeyRoundIcon aria-hidden />
                        Request access
                      </Button>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

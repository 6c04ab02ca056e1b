import { ArrowRightLeftIcon, KeyRoundIcon } from 'lucide-react';
import { Link } from 'react-router';
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
import { PresenceBadge } from '../shared/credential-badges';
import { LOAD_ERROR } from '../shared/use-load-error-toast';
import { TableSkeleton } from '../shared/table-skeleton';
import { Truncated } from '@/components/cell-text';

/** The built-in receiver of the sign-on demo (server/sso/demo-receiver.ts). */
const SIGN_ON_DEMO_TYPE = 'sso_demo_receiver';

function signOnLink(app: ApplicationInfo): string {
  const params = new URLSearchParams({
    app_id: app.id,
    redirect_url: `${app.app_url}/sso/demo-callback`,
    app_name: app.app_name,
  });
  return `/auth-redirect?${params}`;
}

/** docs/product/admin-console.md#security-tab: registered applications with presence flags, never a secret. */
export function ApplicationsCard({
  applications,
  isPending,
  error,
  onRetry,
  onRequest,
}: {
  /** Undefined until the first answer. */
  applications: ApplicationInfo[] | undefined;
  isPending: boolean;
  error: Error | null;
  onRetry: () => void;
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
        {isPending ? (
          <TableSkeleton label="Loading applications" />
        ) : error || !applications ? (
          <ErrorState message={LOAD_ERROR.description} onRetry={onRetry} />
        ) : applications.length === 0 ? (
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
              {applications.map((app) => {
                const requestable = app.is_active && (app.has_api_key || app.has_webhook_secret);
                return (
                  <TableRow key={app.id}>
                    <TableCell>
                      <div className="font-medium text-slate-900">{app.app_name}</div>
                      <Truncated value={app.app_url} className="max-w-56 text-xs text-slate-600" />
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
                    <TableCell className="space-x-2 text-right whitespace-nowrap">
                      {app.app_type === SIGN_ON_DEMO_TYPE && app.is_active ? (
                        <Button variant="ghost" size="sm" asChild>
                          <Link to={signOnLink(app)}>
                            <ArrowRightLeftIcon aria-hidden />
                            Try sign-on
                          </Link>
                        </Button>
                      ) : null}
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

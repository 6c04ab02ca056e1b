import { ArrowRightLeftIcon, KeyRoundIcon, LogInIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { ApplicationInfo } from '@shared/schemas/admin-security';
import { Truncated } from '@/components/cell-text';
import type { RecordColumn } from '@/components/record-table';
import { StatusBadge } from '@/components/status-badge';
import { TableCard } from '@/components/table-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PresenceBadge } from '../shared/credential-badges';
import { loadState } from '../shared/load-state';
import { appTypeLabel } from './app-type';

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
  oidc,
}: {
  /** Undefined until the first answer. */
  applications: ApplicationInfo[] | undefined;
  isPending: boolean;
  error: Error | null;
  onRetry: () => void;
  onRequest: (app: ApplicationInfo) => void;
  /**
   * Production mode: each application's OpenID Connect registration is shown, and a Super Admin
   * gets `onConfigure` to change it (docs/product/sign-on.md#oidc-clients).
   */
  oidc?: { onConfigure?: (app: ApplicationInfo) => void };
}) {
  const columns: RecordColumn<ApplicationInfo>[] = [
    // On a phone each application is one row: name and address, "type · credentials" under
    // them, then the status and the actions.
    {
      header: 'Application',
      phone: 'main',
      cell: (app) => (
        <>
          <div className="font-medium text-slate-900 max-sm:truncate">{app.app_name}</div>
          <Truncated value={app.app_url} className="max-w-56 text-xs text-slate-600" />
        </>
      ),
    },
    {
      header: 'Type',
      className: 'text-slate-700',
      phone: 'sub',
      cell: (app) => appTypeLabel(app.app_type),
    },
    {
      header: 'Status',
      phone: 'end',
      cell: (app) => <StatusBadge status={app.is_active ? 'active' : 'inactive'} />,
    },
    {
      header: 'API key',
      phone: 'sub',
      phoneText: (app) => (app.has_api_key ? 'API key' : ''),
      cell: (app) => <PresenceBadge present={app.has_api_key} />,
    },
    {
      header: 'Webhook secret',
      phone: 'sub',
      phoneText: (app) =>
        app.has_webhook_secret ? 'webhook secret' : app.has_api_key ? '' : 'no credentials',
      cell: (app) => <PresenceBadge present={app.has_webhook_secret} />,
    },
    ...(oidc
      ? [
          {
            header: 'Sign-in',
            phone: 'sub',
            phoneText: (app) => (app.oidc_client ? 'OpenID client' : ''),
            cell: (app) =>
              app.oidc_client ? (
                <Badge tone="info">
                  {app.oidc_client.public_client ? 'OpenID, public' : 'OpenID client'}
                </Badge>
              ) : (
                <span className="text-sm text-slate-600">Not set up</span>
              ),
          } satisfies RecordColumn<ApplicationInfo>,
        ]
      : []),
    {
      header: 'Actions',
      hideHeader: true,
      align: 'right',
      phone: 'end',
      className: 'space-x-2 whitespace-nowrap',
      cell: (app) => {
        const requestable = app.is_active && (app.has_api_key || app.has_webhook_secret);
        return (
          <>
            {app.app_type === SIGN_ON_DEMO_TYPE && app.is_active ? (
              <Button variant="ghost" size="sm" asChild>
                <Link to={signOnLink(app)} title="Try sign-on">
                  <ArrowRightLeftIcon aria-hidden />
                  <span className="max-sm:sr-only">Try sign-on</span>
                </Link>
              </Button>
            ) : null}
            {oidc?.onConfigure ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => oidc.onConfigure!(app)}
                aria-label={`Sign-in settings of ${app.app_name}`}
                title="Sign-in settings"
              >
                <LogInIcon aria-hidden />
                <span className="max-sm:sr-only">Sign-in</span>
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
              {/* A phone's row shows the key alone; the button's name says the rest. */}
              <span className="max-sm:sr-only">Request access</span>
            </Button>
          </>
        );
      },
    },
  ];
  return (
    <TableCard
      title="Registered Applications"
      label="Registered applications"
      description="Secrets never leave the server: only whether each credential exists is shown."
      {...loadState(applications, { isPending, error, onRetry, loading: 'Loading applications' })}
      columns={columns}
      empty={{
        title: 'No applications registered',
        description: 'Registered applications and their credentials appear here.',
      }}
    />
  );
}

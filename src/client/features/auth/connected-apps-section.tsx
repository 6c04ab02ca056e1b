import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AppWindowIcon, LinkIcon } from 'lucide-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { toast } from 'sonner';
import { CONNECTED_APPS_ANCHOR } from '@shared/routes';
import type { ConnectedApplication } from '@shared/schemas/oidc';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { DestructiveConfirmDialog } from '@/components/ui/destructive-confirm-dialog';
import { api } from '@/lib/api';
import { SCOPE_WORDS } from '@/lib/scope-words';
import { messageOf } from './code-dialog';

const CONNECTED_KEY = ['auth', 'connected-applications'] as const;

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** Said when no application has been allowed yet. */
export const CONNECTED_EMPTY =
  'When you sign in to one of the ecosystem’s applications with this account and allow it to receive your details, it is listed here, and you can take that back at any time.';

/** What removing an application's access does, said before it is done. */
export const removeAccessWarning = (appName: string) =>
  `${appName} no longer receives your details, and you are signed out of it everywhere. Next time you sign in to it, it asks you again.`;

/**
 * Connected applications on the account's security page (docs/product/sign-on.md#oidc-connected-applications):
 * each application the person allowed, what it receives and since when, and Remove access.
 * Production mode only: demo sign-ons are simulated and allow nothing.
 */
export function ConnectedAppsSection() {
  const list = useQuery({
    queryKey: CONNECTED_KEY,
    queryFn: async () => (await api('GET', '/api/oidc/consents')).applications,
  });
  const apps = list.data ?? [];
  // Reached from the account menu (…#connected-applications): once the list is in, the section
  // comes into view and its heading takes the focus, so a screen reader starts there.
  const { hash } = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  const arrived = hash === `#${CONNECTED_APPS_ANCHOR}` && !list.isPending;
  useEffect(() => {
    if (!arrived) return;
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [arrived]);
  return (
    <Card id={CONNECTED_APPS_ANCHOR} className="scroll-mt-4">
      <CardContent className="grid gap-4 pt-6">
        <div className="grid gap-1">
          <h2
            ref={heading}
            tabIndex={-1}
            className="flex items-center gap-2 text-lg font-semibold text-slate-900 outline-none"
          >
            <LinkIcon className="size-5 text-indigo-600" aria-hidden />
            Connected applications
          </h2>
          <p className="text-sm text-slate-600">
            Applications you allowed to receive your details when you signed in to them.
          </p>
        </div>
        {list.isPending ? (
          <p role="status" className="text-sm text-slate-600">
            Loading applications...
          </p>
        ) : list.isError ? (
          <ErrorState
            title="Connected applications could not be loaded"
            message={messageOf(list.error)}
            onRetry={() => void list.refetch()}
          />
        ) : apps.length === 0 ? (
          <EmptyState
            icon={<AppWindowIcon />}
            title="No connected applications"
            description={CONNECTED_EMPTY}
          />
        ) : (
          <ul aria-label="Connected applications" className="grid gap-3">
            {apps.map((app) => (
              <ConnectedAppRow key={app.app_id} app={app} sectionHeading={heading} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function ConnectedAppRow({
  app,
  sectionHeading,
}: {
  app: ConnectedApplication;
  /** Where the focus goes once the removal is confirmed: the row and its button go. */
  sectionHeading: RefObject<HTMLHeadingElement | null>;
}) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // Where the confirmation gives the focus back: the button on Cancel, the section once confirmed
  // (whichever comes first, the dialog's closing or the row's going, the focus lands there).
  const returnTo = useRef<HTMLElement | null>(null);
  const remove = useMutation({
    mutationFn: () => api('DELETE', '/api/oidc/consents/{id}', { params: { id: app.app_id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CONNECTED_KEY }),
  });
  const onRemove = async () => {
    returnTo.current = sectionHeading.current;
    setAsking(false);
    try {
      await remove.mutateAsync();
      toast.success('Access removed', {
        description: `${app.app_name} no longer receives your details.`,
      });
    } catch (err) {
      // Still listed: its button takes the focus back (now, or when the dialog has closed).
      returnTo.current = button.current;
      button.current?.focus();
      toast.error('Access could not be removed', { description: messageOf(err) });
    }
  };
  return (
    <li className="grid gap-3 rounded-lg border border-slate-200 p-4 sm:grid-cols-[1fr_auto] sm:items-start">
      <div className="grid min-w-0 gap-2">
        <p className="grid gap-0.5">
          <span className="font-medium wrap-anywhere text-slate-900">{app.app_name}</span>
          <span className="text-sm wrap-anywhere text-slate-600">{app.app_url}</span>
        </p>
        <div className="text-sm">
          <p className="text-slate-600">Receives</p>
          <ul className="list-disc pl-5 text-slate-900">
            {app.scopes.map((scope) => (
              <li key={scope}>{SCOPE_WORDS[scope] ?? scope}</li>
            ))}
          </ul>
        </div>
        <p className="text-sm text-slate-600">
          Allowed on{' '}
          <time dateTime={app.allowed_at} className="text-slate-900">
            {dateFormat.format(new Date(app.allowed_at))}
          </time>
        </p>
      </div>
      <Button
        ref={button}
        variant="outline"
        size="sm"
        disabled={remove.isPending}
        onClick={() => {
          returnTo.current = button.current;
          setAsking(true);
        }}
        aria-label={`Remove access for ${app.app_name}`}
      >
        {remove.isPending ? 'Removing…' : 'Remove access'}
      </Button>
      <DestructiveConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={`Remove access for ${app.app_name}?`}
        description={removeAccessWarning(app.app_name)}
        confirmLabel="Remove access"
        onConfirm={() => void onRemove()}
        returnFocus={returnTo}
      />
    </li>
  );
}

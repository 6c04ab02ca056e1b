import { ArrowRightLeftIcon, Loader2Icon } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { MISSING_SSO_PARAMS, ssoAppRefSchema, type SsoApplication } from '@shared/schemas/sso';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { signOnApplicationQuery, useInitiateSignOn } from './api';
import { OidcSignOnStep } from './oidc-step';
import { postForm } from './post-form';
import { InvalidRequest, Redirecting } from './sign-on-parts';

/** Why a link's app_id cannot be signed on to, in words; null when it can. */
function refusal(appId: string, app: SsoApplication | null | undefined): string | null {
  if (app === null) {
    return `No application of the ecosystem is registered as “${appId}”. Check the link you followed.`;
  }
  if (app && !app.is_active) {
    return `${app.app_name} is not active, so it cannot receive a sign-on right now.`;
  }
  return app?.sign_on_unavailable ?? null;
}

/**
 * The cross-platform sign-on step (docs/product/sign-on.md#sso-step, docs/product/sign-on.md#sso-redirects):
 * an OpenID Connect authorization waiting at the console (`?interaction=`, production mode), or
 * the demo's simulated one. The server decides where the user may go.
 */
export default function AuthRedirectPage() {
  const [params] = useSearchParams();
  const interaction = params.get('interaction');
  if (interaction !== null) return <OidcSignOnStep uid={interaction} />;
  return <DemoSignOnStep />;
}

/** The simulated step of demo mode (docs/product/sign-on.md#sso-step). */
function DemoSignOnStep() {
  const [params] = useSearchParams();
  const appId = params.get('app_id');
  const redirectUrl = params.get('redirect_url');
  // A malformed app_id is refused here, without asking the server.
  const wellFormed = appId ? ssoAppRefSchema.safeParse(appId).success : false;
  const lookup = useQuery({
    ...signOnApplicationQuery(appId ?? ''),
    enabled: !!appId && !!redirectUrl && wellFormed,
  });
  const app = lookup.data?.application;
  const appName = app?.app_name ?? 'Unknown application';
  const initiate = useInitiateSignOn();
  const notified = useRef<unknown>(null);

  useEffect(() => {
    if (initiate.error && notified.current !== initiate.error) {
      notified.current = initiate.error;
      toast.error('Mock SSO error', { description: initiate.error.message });
    }
  }, [initiate.error]);

  // Production mode: an application that starts its own OpenID Connect sign-in is sent there
  // (third-party initiated login, docs/product/sign-on.md#oidc); the provider's step follows.
  const loginUrl = app?.is_active && redirectUrl ? app.login_url : null;
  useEffect(() => {
    if (!loginUrl || !redirectUrl) return;
    const to = new URL(loginUrl);
    to.searchParams.set('target_link_uri', redirectUrl);
    window.location.assign(to.href);
  }, [loginUrl, redirectUrl]);

  const start = () => {
    if (!app || !redirectUrl) return;
    initiate.mutate({ app_id: app.id, redirect_url: redirectUrl });
  };

  const invalid =
    !appId || !redirectUrl
      ? MISSING_SSO_PARAMS
      : !wellFormed
        ? 'This link’s app_id is not an application id or name: it may hold only letters, digits and dashes.'
        : refusal(appId, app);

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 lg:px-8">
      <PageHeader
        icon={<ArrowRightLeftIcon />}
        title="Cross-platform sign-on"
        description="Carry your demo session to another product of the ecosystem."
      />
      {invalid ? (
        <InvalidRequest reason={invalid} />
      ) : lookup.isError ? (
        <InvalidRequest reason={lookup.error.message} onRetry={() => void lookup.refetch()} />
      ) : !app ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
          <Loader2Icon className="size-4 animate-spin motion-reduce:animate-none" aria-hidden />
          Looking up the application…
        </p>
      ) : loginUrl ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
          <Loader2Icon className="size-4 animate-spin motion-reduce:animate-none" aria-hidden />
          Taking you to {app.app_name} to sign in…
        </p>
      ) : initiate.isError ? (
        <InvalidRequest reason={initiate.error.message} onRetry={start} />
      ) : (
        <Card>
          <CardHeader>
            <CardTitle>{appName}</CardTitle>
            <CardDescription>
              This demo signs you in to the application below with a single-use code. No password or
              access token is sent to it.
            </CardDescription>
          </CardHeader>
          <CardContent className="space-y-5">
            <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
              <dt className="font-medium text-slate-600">Application</dt>
              <dd className="break-words">{appName}</dd>
              <dt className="font-medium text-slate-600">Target URL</dt>
              <dd className="font-mono text-xs break-all">{redirectUrl}</dd>
              <dt className="font-medium text-slate-600">App ID</dt>
              <dd className="font-mono text-xs break-all">{app.id}</dd>
            </dl>
            {initiate.isSuccess ? (
              <Redirecting
                appName={initiate.data.app_name}
                // The hidden form is submitted by POST (docs/product/sign-on.md#sso-step).
                go={() => postForm(initiate.data.redirect_url, { code: initiate.data.code })}
              />
            ) : (
              <Button onClick={start} disabled={initiate.isPending}>
                {initiate.isPending ? (
                  <Loader2Icon className="animate-spin motion-reduce:animate-none" aria-hidden />
                ) : null}
                {initiate.isPending ? 'Initiating…' : 'Initiate Mock SSO'}
              </Button>
            )}
          </CardContent>
        </Card>
      )}
    </div>
  );
}

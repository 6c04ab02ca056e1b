import { ArrowRightLeftIcon, Loader2Icon, ShieldAlertIcon } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { TIMINGS } from '@shared/constants';
import {
  MISSING_SSO_PARAMS,
  ssoAppRefSchema,
  type SsoApplication,
  type SsoInitiateResponse,
} from '@shared/schemas/sso';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { signOnApplicationQuery, useInitiateSignOn } from './api';
import { postForm } from './post-form';

function InvalidRequest({ reason, onRetry }: { reason: string; onRetry?: () => void }) {
  return (
    <Card role="alert" className="border-rose-200">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-rose-900">
          <ShieldAlertIcon className="size-5" aria-hidden />
          Invalid Request
        </CardTitle>
        <CardDescription className="text-rose-900">{reason}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        {onRetry ? <Button onClick={onRetry}>Try again</Button> : null}
        <Button variant="outline" asChild>
          <Link to="/demo">Return to Demo Dashboard</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function Redirecting({ grant }: { grant: SsoInitiateResponse }) {
  const [progress, setProgress] = useState(0);
  useEffect(() => {
    const started = performance.now();
    const tick = window.setInterval(() => {
      setProgress(
        Math.min(100, ((performance.now() - started) / TIMINGS.demoRedirectDelayMs) * 100),
      );
    }, 100);
    // docs/product/sign-on.md#sso-step: the hidden form is submitted by POST after 2000 ms.
    const submit = window.setTimeout(() => {
      postForm(grant.redirect_url, { code: grant.code });
    }, TIMINGS.demoRedirectDelayMs);
    return () => {
      window.clearInterval(tick);
      window.clearTimeout(submit);
    };
  }, [grant]);
  return (
    <div role="status" aria-live="polite" className="space-y-3">
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <Loader2Icon className="size-4 animate-spin motion-reduce:animate-none" aria-hidden />
        Signing you in to {grant.app_name}…
      </p>
      <Progress value={progress} aria-label={`Redirecting to ${grant.app_name}`} />
    </div>
  );
}

/** Why a link's app_id cannot be signed on to, in words; null when it can. */
function refusal(appId: string, app: SsoApplication | null | undefined): string | null {
  if (app === null) {
    return `No application of the ecosystem is registered as “${appId}”. Check the link you followed.`;
  }
  if (app && !app.is_active) {
    return `${app.app_name} is not active, so it cannot receive a sign-on right now.`;
  }
  return null;
}

/** The cross-platform sign-on step (docs/product/sign-on.md#sso-step, docs/product/sign-on.md#sso-redirects). The server decides where the user may go. */
export default function AuthRedirectPage() {
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
              <Redirecting grant={initiate.data} />
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

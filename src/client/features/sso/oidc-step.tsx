import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ArrowRightLeftIcon, Loader2Icon } from 'lucide-react';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ApiError } from '@/lib/api';
import { oidcInteractionQuery, useAnswerInteraction } from './api';
import { SCOPE_WORDS } from '@/lib/scope-words';
import { InvalidRequest, Redirecting } from './sign-on-parts';

/** Said when the request is gone: answered already, expired, or never made. */
export const INTERACTION_GONE =
  'This sign-in request has expired or was already answered. Go back to the application and sign in again.';

/** Asked the first time a person signs in to an application (docs/product/sign-on.md#oidc-consent). */
export const consentQuestion = (appName: string) =>
  `Allow ${appName} to receive this? You are asked once: later sign-ins continue straight away.`;

/** Asked when the application asks for more than the person allowed before. */
export const moreConsentQuestion = (appName: string) =>
  `${appName} now also asks for what is marked new. Allow it?`;

/**
 * The console's sign-on step for an OpenID Connect application (docs/product/sign-on.md#oidc):
 * the application's name, what it will receive and where it will be sent, and Continue; then
 * "Signing you in to …" for 2 seconds and the provider sends the application its code. The first
 * time (and for a scope not allowed before) the person is asked to allow it, or decline: the
 * application is then told access_denied (docs/product/sign-on.md#oidc-consent).
 */
export function OidcSignOnStep({ uid }: { uid: string }) {
  const request = useQuery(oidcInteractionQuery(uid));
  const proceed = useAnswerInteraction();
  const declining = proceed.variables?.decision === 'decline';
  const gone = (error: Error) =>
    error instanceof ApiError && error.status === 404 ? INTERACTION_GONE : error.message;
  const app = request.data;

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 lg:px-8">
      <PageHeader
        icon={<ArrowRightLeftIcon />}
        title="Cross-platform sign-on"
        description="Sign in to another application of the ecosystem with your console account."
      />
      {request.isError ? (
        <InvalidRequest
          reason={gone(request.error)}
          onRetry={
            request.error instanceof ApiError && request.error.status === 404
              ? undefined
              : () => void request.refetch()
          }
        />
      ) : !app ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
          <Loader2Icon className="size-4 animate-spin motion-reduce:animate-none" aria-hidden />
          Looking up the application…
        </p>
      ) : proceed.isError ? (
        <InvalidRequest reason={gone(proceed.error)} />
      ) : (
        <Card>
          <CardHeader>
            <CardTitle>{app.app_name}</CardTitle>
            <CardDescription>
              {app.app_name} asks to sign you in with your console account. No password is sent to
              it.
            </CardDescription>
          </CardHeader>
          <CardContent className="space-y-5">
            <div className="space-y-2">
              <h2 className="text-sm font-medium text-slate-900">It will receive</h2>
              <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
                {app.scopes.map((scope) => (
                  <li key={scope}>
                    {SCOPE_WORDS[scope] ?? scope}
                    {app.consent_required &&
                    app.new_scopes.length < app.scopes.length &&
                    app.new_scopes.includes(scope) ? (
                      <Badge tone="info" className="ml-2 align-middle">
                        new
                      </Badge>
                    ) : null}
                  </li>
                ))}
              </ul>
            </div>
            <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
              <dt className="font-medium text-slate-600">Application</dt>
              <dd className="break-words">{app.app_name}</dd>
              <dt className="font-medium text-slate-600">Target URL</dt>
              <dd className="font-mono text-xs break-all">{app.redirect_uri}</dd>
            </dl>
            {proceed.isSuccess && declining ? (
              <GoingBack appName={app.app_name} to={proceed.data.redirect_to} />
            ) : proceed.isSuccess ? (
              <Redirecting
                appName={app.app_name}
                go={() => window.location.assign(proceed.data.redirect_to)}
              />
            ) : app.consent_required ? (
              <div className="space-y-3">
                <p className="text-sm font-medium text-slate-900">
                  {app.new_scopes.length < app.scopes.length
                    ? moreConsentQuestion(app.app_name)
                    : consentQuestion(app.app_name)}
                </p>
                <div className="flex flex-col gap-2 sm:flex-row">
                  <Button
                    onClick={() => proceed.mutate({ uid, decision: 'allow' })}
                    disabled={proceed.isPending}
                  >
                    {proceed.isPending && !declining ? (
                      <Loader2Icon
                        className="animate-spin motion-reduce:animate-none"
                        aria-hidden
                      />
                    ) : null}
                    {proceed.isPending && !declining ? 'Continuing…' : 'Allow and continue'}
                  </Button>
                  <Button
                    variant="outline"
                    onClick={() => proceed.mutate({ uid, decision: 'decline' })}
                    disabled={proceed.isPending}
                  >
                    Decline
                  </Button>
                </div>
              </div>
            ) : (
              <Button
                onClick={() => proceed.mutate({ uid, decision: 'allow' })}
                disabled={proceed.isPending}
              >
                {proceed.isPending ? (
                  <Loader2Icon className="animate-spin motion-reduce:animate-none" aria-hidden />
                ) : null}
                {proceed.isPending ? 'Continuing…' : 'Continue'}
              </Button>
            )}
          </CardContent>
        </Card>
      )}
    </div>
  );
}

/** After declining: straight back to the application, which is told the person said no. */
function GoingBack({ appName, to }: { appName: string; to: string }) {
  useEffect(() => window.location.assign(to), [to]);
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
      <Loader2Icon className="size-4 animate-spin motion-reduce:animate-none" aria-hidden />
      Declined. Going back to {appName}…
    </p>
  );
}

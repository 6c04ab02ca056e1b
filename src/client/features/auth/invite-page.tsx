import { ShieldAlertIcon } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { InvitationPreview } from '@shared/schemas/invitations';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { api, ApiError } from '@/lib/api';
import { useAuth } from '@/lib/auth/auth-provider';
import { AppLink, useNavigation } from '@/lib/navigation';
import { PortalFrame } from './portal-frame';
import { afterSignInPath } from './after-sign-in';

// The form and the shared password rules (full zod) load once the link has been checked.
const InviteForm = lazy(() => import('./invite-form').then((m) => ({ default: m.InviteForm })));

/** The token of an invitation link, from its fragment (`#token=…`), which no server sees. */
export function readInvitationToken(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && /^[A-Za-z0-9_-]{1,128}$/.test(token) ? token : null;
}

type InvitationCheck =
  | { state: 'checking' }
  | { state: 'ready'; preview: InvitationPreview }
  | { state: 'refused'; code: string; message: string }
  | { state: 'failed'; message: string };

/**
 * The states a link can be in (docs/product/sign-in.md#invitation-states): a
 * heading, and what to do next. Other refusals (demo mode, too many attempts)
 * show the server's own words under a heading of their own.
 */
const REFUSED: Record<string, { title: string; advice?: string }> = {
  missing: {
    title: 'This invitation link is incomplete',
    advice:
      'The link has no invitation in it. Open the whole link from your invitation, or ask an administrator for a new one.',
  },
  invitation_not_found: {
    title: 'This invitation link is not valid',
    advice: 'Check that you opened the whole link, or ask an administrator for a new invitation.',
  },
  invitation_expired: {
    title: 'This invitation has expired',
    advice: 'Links work for 72 hours. Ask an administrator for a new invitation.',
  },
  invitation_used: {
    title: 'This invitation has already been used',
    advice: 'Sign in with the account it created.',
  },
  invitation_revoked: {
    title: 'This invitation was withdrawn',
    advice: 'Ask an administrator for a new invitation.',
  },
  demo_mode: { title: 'Invitations need server accounts' },
  rate_limited: { title: 'Too many attempts' },
};

const MISSING: InvitationCheck = { state: 'refused', code: 'missing', message: '' };

const CHECKING: InvitationCheck = { state: 'checking' };

/** Asks the server who the link is for, or why it no longer works. */
function useInvitationCheck(token: string | null) {
  const [attempt, setAttempt] = useState(0);
  const asked = `${token}:${attempt}`;
  // The answer to one question (token and attempt): a new question shows Checking until answered.
  const [answer, setAnswer] = useState<{ asked: string; check: InvitationCheck } | null>(null);
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    const answered = (check: InvitationCheck) => setAnswer({ asked, check });
    api('POST', '/api/invitations/inspect', {
      body: { token },
      token: null,
      signal: controller.signal,
    }).then(
      (preview) => answered({ state: 'ready', preview }),
      (err: unknown) => {
        if (controller.signal.aborted) return;
        if (err instanceof ApiError && !err.retryable) {
          answered({ state: 'refused', code: err.code, message: err.message });
        } else if (err instanceof ApiError && err.status === 429) {
          answered({ state: 'refused', code: 'rate_limited', message: err.message });
        } else {
          answered({
            state: 'failed',
            message: err instanceof Error ? err.message : 'The invitation could not be checked.',
          });
        }
      },
    );
    return () => controller.abort();
  }, [token, asked]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const check = !token ? MISSING : answer?.asked === asked ? answer.check : CHECKING;
  return { check, retry };
}

/** Sends the new account on, as the sign-in does (docs/product/sign-in.md#signed-in-redirect). */
function SendOn({ to }: { to: string }) {
  const { navigate } = useNavigation();
  useEffect(() => navigate(to, { replace: true }), [navigate, to]);
  return (
    <p role="status" className="text-center text-sm text-slate-600">
      Signing you in...
    </p>
  );
}

function Refused({ code, message }: { code: string; message: string }) {
  const known = REFUSED[code];
  return (
    <Card>
      <CardContent className="grid justify-items-center gap-3 pt-6 text-center">
        <ShieldAlertIcon className="size-8 text-rose-700" aria-hidden />
        <h2 className="text-lg font-semibold text-slate-900">
          {known?.title ?? 'This invitation cannot be used'}
        </h2>
        <p role="alert" className="max-w-sm text-sm text-slate-700">
          {known?.advice ?? message}
        </p>
        <Button asChild variant={code === 'invitation_used' ? 'default' : 'outline'}>
          <AppLink to="/auth">Go to sign in</AppLink>
        </Button>
      </CardContent>
    </Card>
  );
}

function Checking() {
  return (
    <p role="status" className="text-center text-sm text-slate-600">
      Checking your invitation...
    </p>
  );
}

/**
 * /auth/invite (docs/product/sign-in.md#invitations): the one-time link of an
 * invitation. It reads the token from the fragment, asks the server who it is
 * for, and takes a password (and a name); accepting signs the new account in,
 * and the page moves on as the sign-in does. Part of the sign-in portal's app
 * (auth-root.tsx): no router, no query library.
 */
export default function InvitePage() {
  const { location } = useNavigation();
  const token = readInvitationToken(location.hash);
  const { check, retry } = useInvitationCheck(token);
  const { user, loading } = useAuth();
  const [accepted, setAccepted] = useState(false);

  if (accepted && user && !loading) {
    return <SendOn to={afterSignInPath(new URLSearchParams(location.search))} />;
  }

  return (
    <PortalFrame
      title="Accept Invitation · Talent Ecosystem Demo"
      heading="Accept your invitation"
      lead={
        check.state === 'refused' || check.state === 'failed'
          ? 'An invitation link works once, for 72 hours.'
          : 'Choose a password to create your Talent Ecosystem account.'
      }
    >
      {check.state === 'checking' ? (
        <Checking />
      ) : check.state === 'refused' ? (
        <Refused code={check.code} message={check.message} />
      ) : check.state === 'failed' ? (
        <div
          role="alert"
          className="grid justify-items-center gap-2 rounded-lg border border-rose-200 bg-rose-50 px-6 py-6 text-center text-sm text-rose-900"
        >
          <p className="font-semibold">The invitation could not be checked</p>
          <p>{check.message}</p>
          <Button variant="outline" size="sm" onClick={retry}>
            Try again
          </Button>
        </div>
      ) : (
        <Suspense fallback={<Checking />}>
          <InviteForm
            token={token!}
            preview={check.preview}
            signedInAs={user && !accepted ? user.email : null}
            onAccepted={() => setAccepted(true)}
          />
        </Suspense>
      )}
    </PortalFrame>
  );
}

import { MailCheckIcon, ShieldAlertIcon } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ApiError } from '@/lib/api';
import { verifySignUp } from '@/lib/auth/server-authenticator';
import { AppLink, useNavigation } from '@/lib/navigation';
import { readInvitationToken } from './invite-page';
import { PortalFrame } from './portal-frame';

type Verification =
  | { state: 'checking' }
  | { state: 'verified'; email: string }
  | { state: 'refused'; message: string }
  | { state: 'failed'; message: string };

const MISSING = 'The link has no token in it. Open the whole link from the mail.';

/**
 * One request per link and attempt, however often the effect runs (React runs it twice in
 * development): the link works once, so a second request would find it used.
 */
const requests = new Map<string, Promise<string>>();

function useVerification(token: string | null) {
  const [attempt, setAttempt] = useState(0);
  const asked = `${token}:${attempt}`;
  const [answer, setAnswer] = useState<{ asked: string; result: Verification } | null>(null);
  useEffect(() => {
    if (!token) return;
    let current = true;
    const answered = (result: Verification) => current && setAnswer({ asked, result });
    let request = requests.get(asked);
    if (!request) {
      request = verifySignUp(token);
      requests.set(asked, request);
    }
    request.then(
      (email) => answered({ state: 'verified', email }),
      (err: unknown) => {
        if (err instanceof ApiError && (!err.retryable || err.status === 429)) {
          answered({ state: 'refused', message: err.message });
        } else {
          answered({
            state: 'failed',
            message: err instanceof Error ? err.message : 'The link could not be checked.',
          });
        }
      },
    );
    return () => {
      current = false;
    };
  }, [token, asked]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const result: Verification = !token
    ? { state: 'refused', message: MISSING }
    : answer?.asked === asked
      ? answer.result
      : { state: 'checking' };
  return { result, retry };
}

/**
 * /auth/verify (docs/product/sign-in.md#sign-up-tells): the link a sign-up
 * mails. It reads the token from the fragment and sends it to the server,
 * which creates the account; then it points to the sign-in. Part of the
 * sign-in portal's app (auth-root.tsx): no router, no query library.
 */
export default function VerifyPage() {
  const { location } = useNavigation();
  const token = readInvitationToken(location.hash);
  const { result, retry } = useVerification(token);
  return (
    <PortalFrame
      title="Verify Address · Talent Ecosystem Demo"
      heading={result.state === 'verified' ? 'Address verified' : 'Verify your address'}
      lead="A sign-up's link works once, for 24 hours."
    >
      {result.state === 'checking' ? (
        <p role="status" className="text-center text-sm text-slate-600">
          Verifying your address...
        </p>
      ) : result.state === 'verified' ? (
        <Card>
          <CardContent className="grid justify-items-center gap-3 pt-6 text-center">
            <MailCheckIcon className="size-8 text-indigo-600" aria-hidden />
            <div role="status" className="grid max-w-sm gap-2 text-sm text-slate-700">
              <p className="font-medium break-all text-slate-900">{result.email}</p>
              <p>Your account is ready. Sign in with the password you chose when you signed up.</p>
            </div>
            <Button asChild>
              <AppLink to="/auth">Sign in</AppLink>
            </Button>
          </CardContent>
        </Card>
      ) : result.state === 'refused' ? (
        <Card>
          <CardContent className="grid justify-items-center gap-3 pt-6 text-center">
            <ShieldAlertIcon className="size-8 text-rose-700" aria-hidden />
            <h2 className="text-lg font-semibold text-slate-900">This link cannot be used</h2>
            <p role="alert" className="max-w-sm text-sm text-slate-700">
              {result.message}
            </p>
            <Button asChild variant="outline">
              <AppLink to="/auth">Go to sign in</AppLink>
            </Button>
          </CardContent>
        </Card>
      ) : (
        <div
          role="alert"
          className="grid justify-items-center gap-2 rounded-lg border border-rose-200 bg-rose-50 px-6 py-6 text-center text-sm text-rose-900"
        >
          <p className="font-semibold">The link could not be checked</p>
          <p>{result.message}</p>
          <Button variant="outline" size="sm" onClick={retry}>
            Try again
          </Button>
        </div>
      )}
    </PortalFrame>
  );
}

import { ExternalLinkIcon, FlaskConicalIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/lib/auth/auth-provider';
import type { SecondFactorChallenge } from '@/lib/auth/authenticator';
import { useNavigation } from '@/lib/navigation';
import { usePublicConfig, usePublicMode } from '@/lib/public-config';
import { PortalFrame } from './portal-frame';
import { afterSignInPath, readSsoRequest } from './after-sign-in';
import { QuickLogin } from './quick-login';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

// Only once the tab's simulated authenticator app is on (its code rules need the full zod).
const SecondFactorStep = lazy(() =>
  import('./second-factor-step').then((m) => ({ default: m.SecondFactorStep })),
);

// Production mode only: its forms (and the full zod their shared password rules need) load with it.
const ProductionAuth = lazy(() =>
  import('./production-auth').then((m) => ({ default: m.ProductionAuth })),
);

function DemoNotice() {
  return (
    <div
      role="note"
      className="flex items-start gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <FlaskConicalIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>
        <strong className="font-semibold">Demo mode:</strong> this is mock authentication. Any email
        and password work, no real account is created and the sign-in never leaves your browser.
      </p>
    </div>
  );
}

function DemoWaysIn() {
  const [pending, setPending] = useState<{
    email: string;
    challenge: SecondFactorChallenge;
  } | null>(null);
  const onSecondFactor = (email: string, challenge: SecondFactorChallenge) =>
    setPending({ email, challenge });
  if (pending) {
    return (
      <Card>
        <CardContent className="pt-5">
          <Suspense
            fallback={
              <p role="status" className="text-center text-sm text-slate-600">
                Loading...
              </p>
            }
          >
            <SecondFactorStep {...pending} demo onBack={() => setPending(null)} />
          </Suspense>
        </CardContent>
      </Card>
    );
  }
  return (
    <>
      <Card>
        <CardContent className="pt-5">
          <QuickLogin onSecondFactor={onSecondFactor} />
        </CardContent>
      </Card>

      <div className="flex items-center gap-3 text-xs font-medium tracking-wide text-slate-600 uppercase">
        <span className="h-px flex-1 bg-slate-300" />
        or use a form
        <span className="h-px flex-1 bg-slate-300" />
      </div>

      <Card>
        <CardContent className="pt-5">
          <Tabs defaultValue="signin">
            <TabsList aria-label="Sign in or sign up" className="grid w-full grid-cols-2">
              <TabsTrigger value="signin">Demo Sign In</TabsTrigger>
              <TabsTrigger value="signup">Demo Sign Up</TabsTrigger>
            </TabsList>
            <TabsContent value="signin">
              <SignInForm onSecondFactor={onSecondFactor} />
            </TabsContent>
            <TabsContent value="signup">
              <SignUpForm />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>

      <p className="text-center text-xs text-slate-600">
        Mock authentication only. Your demo session stays in this browser until you sign out.
      </p>
    </>
  );
}

/** The production forms, with what the server allows (sign-up or not). */
function ProductionWaysIn() {
  const config = usePublicConfig();
  return <ProductionAuth allowSignup={config.data?.allowSignup ?? false} />;
}

/** Sends a signed-in visitor on (docs/product/sign-in.md#signed-in-redirect). */
function SendOn({ to }: { to: string }) {
  const { navigate } = useNavigation();
  useEffect(() => navigate(to, { replace: true }), [navigate, to]);
  return null;
}

/**
 * The sign-in portal (docs/product/sign-in.md#mock-sign-in, docs/product/sign-in.md#production-sign-in): the mock in demo mode, server accounts in
 * production mode (GET /api/config). No shared layout; signed-in users are sent on.
 * It runs with the router (a client-side visit) or without it (auth-root.tsx).
 */
export default function AuthPage() {
  const { user, loading } = useAuth();
  // The mode alone: the configuration's other values do not change what this page shows.
  const mode = usePublicMode();
  const params = new URLSearchParams(useNavigation().location.search);
  const sso = readSsoRequest(params);

  if (user && !loading) return <SendOn to={afterSignInPath(params)} />;
  const production = mode === 'production';

  return (
    <PortalFrame
      title={`${production ? 'Sign In' : 'Demo Sign In'} · Talent Ecosystem Demo`}
      heading={production ? 'Admin Portal' : 'Demo Admin Portal'}
      lead={
        production
          ? 'Sign in with your account to use the Talent Ecosystem admin console.'
          : 'Sign in to explore the Talent Ecosystem admin console and dashboards.'
      }
    >
      {production ? null : <DemoNotice />}

      {sso ? (
        <p className="flex items-start gap-2 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900">
          <ExternalLinkIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            After signing in you will continue to{' '}
            <strong className="font-semibold break-all">
              {sso.appName ?? 'the application that sent you here'}
            </strong>
            .
          </span>
        </p>
      ) : null}

      {mode === 'pending' ? (
        <p role="status" className="text-center text-sm text-slate-600">
          Loading...
        </p>
      ) : production ? (
        <Suspense
          fallback={
            <p role="status" className="text-center text-sm text-slate-600">
              Loading...
            </p>
          }
        >
          <ProductionWaysIn />
        </Suspense>
      ) : (
        <DemoWaysIn />
      )}
    </PortalFrame>
  );
}

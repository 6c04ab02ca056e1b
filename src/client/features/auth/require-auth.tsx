import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { useAuth } from '@/lib/auth/auth-provider';
import { isAdmin, meQuery } from '@/lib/auth/me-query';
import { signInPath } from '@/lib/auth/redirect';
import { usePublicConfig } from '@/lib/public-config';
import { ForbiddenScreen } from './forbidden-screen';

function Spinner() {
  return (
    <span
      aria-hidden
      className="size-8 animate-spin rounded-full border-4 border-indigo-100 border-t-indigo-600 motion-reduce:animate-none"
    />
  );
}

/** docs/product/sign-in.md#loading: what protected screens show while the demo session loads. */
function SessionLoading() {
  const production = usePublicConfig().data?.demoMode === false;
  return (
    <div role="status" className="flex min-h-[60vh] items-center justify-center px-4">
      <div className="flex flex-col items-center gap-4 text-center">
        <Spinner />
        <div>
          <p className="font-semibold text-slate-900">
            {production ? 'Checking your session...' : 'Loading demo session...'}
          </p>
          <p className="mt-1 text-sm text-slate-600">
            {production ? 'One moment' : 'Mock authentication in progress'}
          </p>
        </div>
      </div>
    </div>
  );
}

/** docs/product/sign-in.md#loading: the admin dashboard shows Loading... while it checks. */
function AdminChecking() {
  return (
    <div role="status" className="flex min-h-[60vh] items-center justify-center gap-3 px-4">
      <Spinner />
      <p className="font-medium text-slate-700">Loading...</p>
    </div>
  );
}

/** The account's two-step sign-in screen, where a required second factor is set up. */
const SECURITY_PATH = '/account/security';

// Lazy: its schemas must not be built before lib/zod-config runs (app-root.tsx), or zod probes eval.
const ChangePasswordScreen = lazy(() => import('./change-password-screen'));

/**
 * The guard around every protected route (docs/product/public-site.md#protected-routes). Without a user it
 * sends the visitor to /auth, remembering where they were going so that the
 * sign-in can bring them back.
 */
export function RequireAuth({ checking = 'session' }: { checking?: 'session' | 'admin' }) {
  const { user, session, loading } = useAuth();
  const { pathname, search, hash } = useLocation();
  if (loading) return checking === 'admin' ? <AdminChecking /> : <SessionLoading />;
  if (!user) return <Navigate to={signInPath(pathname + search + hash)} replace />;
  if (session?.must_change_password) {
    return (
      <Suspense fallback={<AdminChecking />}>
        <ChangePasswordScreen />
      </Suspense>
    );
  }
  // docs/product/sign-in.md#enrolment-required: a second factor first, then the console.
  if (session?.second_factor_enrolment_required && pathname !== SECURITY_PATH) {
    return <Navigate to={SECURITY_PATH} replace />;
  }
  if (checking === 'admin') return <AdminGate email={user.email} />;
  return <Outlet />;
}

/**
 * Production mode: the console is for platform_admin or super_admin, checked
 * against the server's roles as of now; anyone else sees a clear 403 screen.
 * In demo mode the demo administrator holds both roles.
 */
function AdminGate({ email }: { email: string }) {
  const config = usePublicConfig();
  const production = config.data?.demoMode === false;
  const me = useQuery({ ...meQuery, enabled: production });
  if (config.isPending || (production && me.isPending)) return <AdminChecking />;
  if (production && me.isError) {
    return (
      <div className="px-4 py-10">
        <ErrorState message={me.error.message} onRetry={() => void me.refetch()} />
      </div>
    );
  }
  if (production && me.data && !isAdmin(me.data.user.roles))
    return <ForbiddenScreen email={email} />;
  return <Outlet />;
}

import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '@/lib/auth/auth-provider';
import { signInPath } from '@/lib/auth/redirect';

function Spinner() {
  return (
    <span
      aria-hidden
      className="size-8 animate-spin rounded-full border-4 border-indigo-100 border-t-indigo-600 motion-reduce:animate-none"
    />
  );
}

/** SPEC.md §2: what protected screens show while the demo session loads. */
function SessionLoading() {
  return (
    <div role="status" className="flex min-h-[60vh] items-center justify-center px-4">
      <div className="flex flex-col items-center gap-4 text-center">
        <Spinner />
        <div>
          <p className="font-semibold text-slate-900">Loading demo session...</p>
          <p className="mt-1 text-sm text-slate-600">Mock authentication in progress</p>
        </div>
      </div>
    </div>
  );
}

/** SPEC.md §2: the admin dashboard shows Loading... while it checks. */
function AdminChecking() {
  return (
    <div role="status" className="flex min-h-[60vh] items-center justify-center gap-3 px-4">
      <Spinner />
      <p className="font-medium text-slate-700">Loading...</p>
    </div>
  );
}

/**
 * The guard around every protected route of SPEC.md §2. Without a user it
 * sends the visitor to /auth, remembering where they were going so that the
 * sign-in can bring them back.
 */
export function RequireAuth({ checking = 'session' }: { checking?: 'session' | 'admin' }) {
  const { user, loading } = useAuth();
  const { pathname, search, hash } = useLocation();
  if (loading) return checking === 'admin' ? <AdminChecking /> : <SessionLoading />;
  if (!user) return <Navigate to={signInPath(pathname + search + hash)} replace />;
  return <Outlet />;
}

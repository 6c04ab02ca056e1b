import { LogInIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth/auth-provider';
import { signInPath } from '@/lib/auth/redirect';

export type SignInTopic = {
  /** What the tab shows once signed in, as in "Sign in to see …". */
  what: string;
  /** One sentence on what the tab holds. */
  description: string;
};

/**
 * The one prompt a console tab shows a signed-out visitor: what the tab holds
 * and a Demo Admin Login that brings them back to this very tab.
 */
export function SignInRequired({ what, description }: SignInTopic) {
  const { pathname, search } = useLocation();
  return (
    <section
      aria-labelledby="sign-in-required-title"
      className="flex flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center"
    >
      <span className="text-indigo-600 [&_svg]:size-8" aria-hidden>
        <LogInIcon />
      </span>
      <h2 id="sign-in-required-title" className="font-semibold text-slate-900">
        Sign in to see {what}
      </h2>
      <p className="max-w-md text-sm text-slate-600">{description}</p>
      <Button asChild className="mt-2">
        <Link to={signInPath(pathname + search)}>Demo Admin Login</Link>
      </Button>
    </section>
  );
}

/**
 * Shows its children, which load data only a signed-in administrator may
 * read, once there is a session; a signed-out visitor gets the prompt and no
 * request is sent that could only fail.
 */
export function RequireSignIn({ children, ...topic }: SignInTopic & { children: ReactNode }) {
  const { user, loading } = useAuth();
  if (loading) {
    return (
      <p role="status" className="py-10 text-center text-sm text-slate-600">
        Checking your session…
      </p>
    );
  }
  if (!user) return <SignInRequired {...topic} />;
  return children;
}

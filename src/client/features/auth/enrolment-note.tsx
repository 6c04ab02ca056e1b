import { ShieldAlertIcon, ShieldCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/api';
import { useAuth } from '@/lib/auth/auth-provider';
import { sessionStore } from '@/lib/auth/session-store';
import { messageOf } from './code-dialog';

/** docs/product/sign-in.md#enrolment-required: what the two-step screen says first. */
const ENROLMENT_REQUIRED_TEXT = {
  title: 'Set up two-step sign-in to continue',
  body: 'Your account must have a second factor before the admin console opens: an authenticator app (below) or a passkey. Until then you can only manage your own account here, change your password and sign out.',
  none: 'No second factor is set up yet. Add an authenticator app or a passkey first.',
  done: 'Two-step sign-in is on. The admin console is open to you.',
} as const;

/** Marks the stored session as enrolled (or not), as the server says now. */
export function setEnrolmentRequired(required: boolean) {
  const session = sessionStore.get();
  if (session && (session.second_factor_enrolment_required ?? false) !== required) {
    sessionStore.set({ ...session, second_factor_enrolment_required: required });
  }
}

/**
 * The note at the top of /account/security for an account that must set up a second factor
 * before the console answers it, and the way on once it has one.
 */
export function EnrolmentNote() {
  const { session } = useAuth();
  const required = session?.second_factor_enrolment_required === true;
  const [wasRequired] = useState(required);
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  if (!required && !wasRequired) return null;
  if (!required) {
    return (
      <div
        role="status"
        className="mb-4 flex flex-col gap-3 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-950 sm:flex-row sm:items-center sm:justify-between dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-50"
      >
        <p className="flex items-center gap-2">
          <ShieldCheckIcon aria-hidden className="size-4 shrink-0" />
          {ENROLMENT_REQUIRED_TEXT.done}
        </p>
        <Button asChild size="sm">
          <Link to="/admin">Continue to the console</Link>
        </Button>
      </div>
    );
  }

  const check = async () => {
    setChecking(true);
    setProblem(null);
    try {
      const me = await api('GET', '/api/auth/me');
      setEnrolmentRequired(me.second_factor_enrolment_required);
      if (me.second_factor_enrolment_required) setProblem(ENROLMENT_REQUIRED_TEXT.none);
    } catch (err) {
      setProblem(messageOf(err));
    } finally {
      setChecking(false);
    }
  };

  return (
    <section
      aria-labelledby="enrolment-required-title"
      className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      <h2 id="enrolment-required-title" className="flex items-center gap-2 font-semibold">
        <ShieldAlertIcon aria-hidden className="size-4 shrink-0" />
        {ENROLMENT_REQUIRED_TEXT.title}
      </h2>
      <p className="mt-1">{ENROLMENT_REQUIRED_TEXT.body}</p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button type="button" size="sm" variant="outline" disabled={checking} onClick={check}>
          {checking ? 'Checking...' : 'I have set one up: continue'}
        </Button>
        {problem ? (
          <p role="alert" className="text-amber-900 dark:text-amber-100">
            {problem}
          </p>
        ) : null}
      </div>
    </section>
  );
}

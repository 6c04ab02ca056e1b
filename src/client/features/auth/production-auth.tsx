import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ServerSignInForm, ServerSignUpForm } from './server-auth-forms';

/**
 * /auth in production mode (DEMO_MODE=false): email and password of a server
 * account. Sign-up is offered only when the server allows it.
 */
export function ProductionAuth({ allowSignup }: { allowSignup: boolean }) {
  const [signingUp, setSigningUp] = useState(false);
  const creating = allowSignup && signingUp;
  return (
    <>
      <Card>
        <CardContent className="pt-5">
          <h2 className="mb-4 text-lg font-semibold text-slate-900">
            {creating ? 'Create an account' : 'Sign in to your account'}
          </h2>
          {creating ? <ServerSignUpForm /> : <ServerSignInForm />}
        </CardContent>
      </Card>
      {allowSignup ? (
        <p className="text-center text-sm text-slate-600">
          {creating ? 'Already have an account?' : 'No account yet?'}{' '}
          <Button variant="link" className="h-auto p-0" onClick={() => setSigningUp(!creating)}>
            {creating ? 'Sign in' : 'Create an account'}
          </Button>
        </p>
      ) : null}
      <p className="text-center text-xs text-slate-600">
        After 5 failed attempts, sign-in pauses for 15 minutes for the account and the address.
      </p>
    </>
  );
}

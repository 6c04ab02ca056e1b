import { LogInIcon } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';

/** Shown instead of live data when the visitor has not signed in (the /demo twin). */
export function SignInPrompt() {
  return (
    <EmptyState
      icon={<LogInIcon />}
      title="Sign in to see live security data"
      description="Applications, sessions and credential access come from the server and need a signed-in administrator."
      action={
        <Button asChild>
          <Link to="/auth">Demo Admin Login</Link>
        </Button>
      }
    />
  );
}

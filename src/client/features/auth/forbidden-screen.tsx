import { ShieldAlertIcon } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';
import { cn } from '@/lib/utils';

/**
 * What a signed-in account without platform_admin or super_admin sees instead
 * of the admin console (production mode; the server refuses its calls anyway).
 */
export function ForbiddenScreen({ email }: { email: string }) {
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4 py-12">
      <title>403 Access denied · Talent Ecosystem Demo</title>
      <div className="flex max-w-md flex-col items-center gap-3 text-center">
        <ShieldAlertIcon className="size-10 text-rose-700" aria-hidden />
        <p className="text-5xl font-bold text-slate-900 tabular-nums">403</p>
        <h1 className="text-xl font-semibold text-slate-900">Access denied</h1>
        <p className="text-sm text-slate-600">
          You are signed in as <strong className="font-semibold break-all">{email}</strong>, but the
          admin console needs the Platform Admin or Super Admin role. Ask a super administrator to
          grant it.
        </p>
        <Link to="/" className={cn(buttonVariants({ variant: 'outline' }), 'mt-2')}>
          Return to Home
        </Link>
      </div>
    </div>
  );
}

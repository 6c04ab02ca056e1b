import { InfoIcon } from 'lucide-react';
import { usePublicConfig } from '@/lib/public-config';

/**
 * SPEC.md §1: the site-wide statement that this is a demonstration. In
 * production mode sign-in is real, so the banner does not claim otherwise.
 */
export function DemoBanner() {
  const production = usePublicConfig().data?.demoMode === false;
  return (
    <div role="note" className="border-b border-amber-200 bg-amber-50 text-amber-950">
      <p className="mx-auto flex max-w-7xl items-start gap-2 px-4 py-2 text-xs sm:items-center sm:text-sm">
        <InfoIcon className="mt-0.5 size-4 shrink-0 sm:mt-0" aria-hidden />
        <span>
          <strong className="font-semibold">Demonstration site:</strong>{' '}
          {production
            ? 'sample data on the dashboards; the admin console uses real accounts and sessions.'
            : 'mock data only, authentication disabled, single sign-on simulated.'}
        </span>
      </p>
    </div>
  );
}

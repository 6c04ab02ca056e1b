import { InfoIcon } from 'lucide-react';
import { usePublicConfig } from '@/lib/public-config';

/**
 * The site-wide statement that this is a demonstration, on one line: a phone
 * shows the same three facts in fewer words, and the narrowest phones wrap them
 * onto a second line rather than cut them short. In production mode sign-in is
 * real, so the banner does not claim otherwise.
 */
export function DemoBanner() {
  const production = usePublicConfig().data?.demoMode === false;
  return (
    // Its colours, and their quieter dark version, are theme.css's (.demo-banner).
    <div role="note" className="demo-banner border-b">
      <p className="mx-auto flex max-w-7xl items-center gap-2 px-3 py-1.5 text-xs sm:px-4 sm:py-2 sm:text-sm">
        <InfoIcon className="size-4 shrink-0" aria-hidden />
        <span className="min-w-0 sm:hidden">
          <strong className="font-semibold">Demo site:</strong>{' '}
          {production
            ? 'sample dashboards, real admin accounts.'
            : 'mock data, sign-in disabled, SSO simulated.'}
        </span>
        <span className="hidden sm:inline">
          <strong className="font-semibold">Demonstration site:</strong>{' '}
          {production
            ? 'sample data on the dashboards; the admin console uses real accounts and sessions.'
            : 'mock data only, authentication disabled, single sign-on simulated.'}
        </span>
      </p>
    </div>
  );
}

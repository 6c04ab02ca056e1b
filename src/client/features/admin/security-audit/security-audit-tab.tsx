import { useQuery } from '@tanstack/react-query';
import { applicationsQuery } from '../credentials/api';
import { SignInPrompt } from '../credentials/sign-in-prompt';
import { isSignedOut, useLoadErrorToast } from '../credentials/use-load-error-toast';
import { ActiveGrantsCard } from './active-grants-card';
import { activeGrantsQuery, chainVerificationQuery } from './api';
import { AuditTrailCard } from './audit-trail-card';
import { ChainVerificationCard } from './chain-verification-card';
import { SecurityStatusCard } from './security-status-card';
import { TimeLimitedAccessForm } from './time-limited-access-form';

/** Security Audit tab: time-limited credential access, the active grant, the audit trail. */
export function SecurityAuditTab() {
  const apps = useQuery(applicationsQuery);
  const grants = useQuery(activeGrantsQuery);
  const verification = useQuery(chainVerificationQuery);
  const errors = [apps.error, grants.error, verification.error];
  useLoadErrorToast(errors);

  if (errors.some(isSignedOut)) return <SignInPrompt />;
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-5">
        <div className="min-w-0 lg:col-span-3">
          <TimeLimitedAccessForm apps={apps} />
        </div>
        <div className="grid min-w-0 content-start gap-6 lg:col-span-2">
          <ActiveGrantsCard />
          <SecurityStatusCard />
        </div>
      </div>
      <ChainVerificationCard />
      <AuditTrailCard />
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { applicationsQuery } from '../applications/api';
import { failedLoads, isSignedOut, LoadError, LOAD_ERRORS } from '../shared/load-failure';
import { RequireSignIn, SignInRequired, type SignInTopic } from '@/components/sign-in-required';
import { chainVerificationQuery } from '../audit-trail/api';
import { AuditTrailCard } from '../audit-trail/audit-trail-card';
import { ChainVerificationCard } from '../audit-trail/chain-verification-card';
import { ActiveGrantsCard } from '../credential-grants/active-grants-card';
import { activeGrantsQuery } from '../credential-grants/api';
import { TimeLimitedAccessForm } from '../credential-grants/time-limited-access-form';
import { SecurityStatusStrip } from '../system-status/security-status-strip';

const TOPIC: SignInTopic = {
  what: 'the security audit trail',
  description:
    'Time-limited credential access, the active grants and the verified audit trail of the console.',
};

/**
 * Security Audit tab, trail first (docs/product/admin-console.md#security-audit-tab): a strip with the
 * security status and the Request access button, the audit trail, then the chain check and the
 * active grants.
 */
export function SecurityAuditTab() {
  return (
    <RequireSignIn {...TOPIC}>
      <SecurityAuditContent />
    </RequireSignIn>
  );
}

function SecurityAuditContent() {
  const apps = useQuery(applicationsQuery);
  const grants = useQuery(activeGrantsQuery);
  const verification = useQuery(chainVerificationQuery);
  // The newest event the trail has shown: the chain card says when it is newer than its check.
  const [newestSeq, setNewestSeq] = useState<number>();
  const queries = [apps, grants, verification];

  if (queries.some((q) => isSignedOut(q.error))) return <SignInRequired {...TOPIC} />;
  // docs/product/admin-console.md#load-errors: one error for the tab, in place of its cards.
  const failed = failedLoads(queries);
  if (failed.length > 0) return <LoadError message={LOAD_ERRORS.securityAudit} failed={failed} />;
  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
        <SecurityStatusStrip />
        <TimeLimitedAccessForm apps={{ data: apps.data, isPending: apps.isPending }} />
      </div>
      <AuditTrailCard onNewest={setNewestSeq} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <ChainVerificationCard newestSeq={newestSeq} />
        <ActiveGrantsCard />
      </div>
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApplicationInfo } from '@shared/schemas/admin-security';
import { applicationsQuery } from '../applications/api';
import { failedLoads, isSignedOut, LoadError, LOAD_ERRORS } from '../shared/load-failure';
import { RequireSignIn, SignInRequired, type SignInTopic } from '@/components/sign-in-required';
import { ApplicationsCard } from '../applications/applications-card';
import { OidcClientDialog } from '../applications/oidc-client-dialog';
import { meQuery } from '@/lib/auth/me-query';
import { usePublicMode } from '@/lib/public-config';
import { credentialRequestsQuery } from '../credential-requests/api';
import { MyRequestsCard } from '../credential-requests/my-requests-card';
import { RequestAccessDialog } from '../credential-requests/request-access-dialog';
import { ReviewCard } from '../credential-requests/review-card';
import { sessionsQuery } from '../sessions/api';
import { SessionsCard } from '../sessions/sessions-card';

const TOPIC: SignInTopic = {
  what: 'applications and sessions',
  description:
    'Registered applications and their credentials, your sessions and credential access requests.',
};

/** Security tab of the admin console: applications, sessions, credential requests (docs/product/admin-console.md#security-tab). */
export function SecurityTab() {
  return (
    <RequireSignIn {...TOPIC}>
      <SecurityContent />
    </RequireSignIn>
  );
}

function SecurityContent() {
  const apps = useQuery(applicationsQuery);
  const sessions = useQuery(sessionsQuery);
  const requests = useQuery(credentialRequestsQuery);
  const [requesting, setRequesting] = useState<ApplicationInfo | null>(null);
  const [configuring, setConfiguring] = useState<ApplicationInfo | null>(null);
  const production = usePublicMode() === 'production';
  const me = useQuery({ ...meQuery, enabled: production });
  const superAdmin = me.data?.user.roles.includes('super_admin') ?? false;
  const queries = [apps, sessions, requests];

  if (queries.some((q) => isSignedOut(q.error))) return <SignInRequired {...TOPIC} />;
  // docs/product/admin-console.md#load-errors: one error for the tab, not one per card.
  const failed = failedLoads(queries);
  if (failed.length > 0) return <LoadError message={LOAD_ERRORS.admin} failed={failed} />;
  return (
    <div className="grid grid-cols-1 gap-6">
      <ApplicationsCard
        applications={apps.data}
        isPending={apps.isPending}
        error={apps.error}
        onRetry={() => void apps.refetch()}
        onRequest={setRequesting}
        oidc={production ? { onConfigure: superAdmin ? setConfiguring : undefined } : undefined}
      />
      <SessionsCard
        sessions={sessions.data}
        isPending={sessions.isPending}
        error={sessions.error}
        onRetry={() => void sessions.refetch()}
      />
      <MyRequestsCard
        requests={requests.data?.mine}
        isPending={requests.isPending}
        error={requests.error}
        onRetry={() => void requests.refetch()}
      />
      {requests.data?.can_review ? <ReviewCard requests={requests.data.others} /> : null}
      <RequestAccessDialog app={requesting} onClose={() => setRequesting(null)} />
      <OidcClientDialog app={configuring} onClose={() => setConfiguring(null)} />
    </div>
  );
}

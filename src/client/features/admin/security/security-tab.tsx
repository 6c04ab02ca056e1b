import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApplicationInfo } from '@shared/schemas/admin-security';
import { applicationsQuery } from '../credentials/api';
import { isSignedOut, useLoadErrorToast } from '../credentials/use-load-error-toast';
import { RequireSignIn, SignInRequired, type SignInTopic } from '@/components/sign-in-required';
import { credentialRequestsQuery, sessionsQuery } from './api';
import { ApplicationsCard } from './applications-card';
import { MyRequestsCard } from './my-requests-card';
import { RequestAccessDialog } from './request-access-dialog';
import { ReviewCard } from './review-card';
import { SessionsCard } from './sessions-card';

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
  useLoadErrorToast([apps.error, sessions.error, requests.error]);

  if ([apps.error, sessions.error, requests.error].some(isSignedOut))
    return <SignInRequired {...TOPIC} />;
  return (
    <div className="grid grid-cols-1 gap-6">
      <ApplicationsCard query={apps} onRequest={setRequesting} />
      <SessionsCard query={sessions} />
      <MyRequestsCard query={requests} />
      {requests.data?.can_review ? <ReviewCard requests={requests.data.others} /> : null}
      <RequestAccessDialog app={requesting} onClose={() => setRequesting(null)} />
    </div>
  );
}

import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';

// Loaded only with ?setup=true, so the landing page does not carry the setup code.
const SetupPanel = lazy(() => import('./setup/setup-panel'));

export default function LandingPage() {
  const [params] = useSearchParams();
  return (
    <div>
      <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
        <PageHeader title="Talent Ecosystem Demo" description="Five integrated hiring platforms." />
      </div>
      {params.get('setup') === 'true' ? (
        <Suspense fallback={null}>
          <SetupPanel />
        </Suspense>
      ) : null}
    </div>
  );
}

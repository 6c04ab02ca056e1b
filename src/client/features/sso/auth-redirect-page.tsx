import { PageHeader } from '@/components/page-header';

export default function AuthRedirectPage() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <PageHeader
        title="Cross-platform sign-on"
        description="Sign in to another product of the ecosystem."
      />
    </div>
  );
}

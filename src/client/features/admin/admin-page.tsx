import { PageHeader } from '@/components/page-header';

export default function AdminPage() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <PageHeader
        title="Admin Dashboard"
        description="Users, roles, applications and the security audit trail."
      />
    </div>
  );
}

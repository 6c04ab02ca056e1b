import { PageHeader } from '@/components/page-header';

export default function QrcPage() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <PageHeader
        title="Quick Role Check"
        description="Rapid role verification and quality assurance."
      />
    </div>
  );
}

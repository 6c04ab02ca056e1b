import { PageHeader } from '@/components/page-header';

export default function DataMiningPage() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <PageHeader title="Data Mining" description="Mining jobs, datasets and patterns." />
    </div>
  );
}

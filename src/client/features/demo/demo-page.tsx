import { PageHeader } from '@/components/page-header';

export default function DemoPage() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <PageHeader title="Demo Dashboard" description="The ecosystem seen by your persona." />
    </div>
  );
}

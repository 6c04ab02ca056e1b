import { PackageIcon } from 'lucide-react';
import { PageHeader } from '@/components/page-header';
import { SearchParamTabs, type TabSpec } from '@/components/search-param-tabs';
import { StatFigures } from '@/components/stat-figures';
import { CentersTab } from './centers-tab';
import { hirehubStats } from './data';
import { InventoryTab } from './inventory-tab';
import { OrdersTab } from './orders-tab';
import { UsersTab } from './users-tab';

const TABS: TabSpec[] = [
  { value: 'orders', label: 'Order Management', Content: OrdersTab },
  { value: 'inventory', label: 'Inventory', Content: InventoryTab },
  { value: 'users', label: 'User Management', Content: UsersTab },
  { value: 'centers', label: 'Fulfillment Centers', Content: CentersTab },
];

/** HireHub, the order fulfillment admin (SPEC.md §2 "Sub-product screens"). */
export default function HireHubPage() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <PageHeader
        icon={<PackageIcon />}
        title="HireHub"
        description="Order fulfillment admin: hiring services, onboarding kits and the customers who buy them."
      />
      <StatFigures stats={hirehubStats} />
      <SearchParamTabs tabs={TABS} label="HireHub sections" />
    </div>
  );
}

import { consoleDescription } from '@shared/ecosystem-facts';
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

const DESCRIPTION = consoleDescription(
  'HireHub',
  'the hiring services and onboarding kits employers order, and how they ship.',
);

/** HireHub, the order fulfillment admin (docs/product/dashboards.md#hirehub). */
export default function HireHubPage() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <PageHeader icon={<PackageIcon />} title="HireHub" description={DESCRIPTION} />
      <StatFigures stats={hirehubStats} />
      <SearchParamTabs tabs={TABS} label="HireHub sections" />
    </div>
  );
}

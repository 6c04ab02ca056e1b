import { TrendChart } from '@/components/charts/trend-chart';
import { CrossPlatformBadge } from '@/components/cross-platform-badge';
import { RecordTable, type RecordColumn } from '@/components/record-table';
import { StatusBadge } from '@/components/status-badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatUsd } from '@/lib/number-format';
import { recentOrders, weeklyOrders } from './data';
import { countOrdersByStatus } from './summary';
import type { Order } from './types';
import { Id } from '@/components/cell-text';

// On a phone each order is one row: the customer, "id · total · placed" under it, the status.
const columns: RecordColumn<Order>[] = [
  { header: 'Order', cell: (o) => <Id>{o.id}</Id>, phone: 'sub', phoneText: (o) => o.id },
  {
    header: 'Customer',
    cell: (o) => <span className="block font-medium max-sm:truncate">{o.customer}</span>,
    phone: 'main',
  },
  { header: 'Order details', cell: (o) => o.summary, className: 'min-w-48 text-slate-700' },
  { header: 'Items', cell: (o) => o.items, align: 'right' },
  { header: 'Total', cell: (o) => formatUsd(o.total), align: 'right', phone: 'sub' },
  { header: 'Status', cell: (o) => <StatusBadge status={o.status} />, phone: 'end' },
  { header: 'Cross-platform', cell: (o) => <CrossPlatformBadge platforms={o.cross_platform} /> },
  {
    header: 'Placed',
    cell: (o) => o.placed,
    className: 'whitespace-nowrap text-slate-600',
    phone: 'sub',
  },
];

export function OrdersTab() {
  const counts = countOrdersByStatus(recentOrders);
  const crossPlatform = recentOrders.filter((o) => o.cross_platform !== null).length;
  return (
    <div className="grid grid-cols-1 gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Recent Orders</CardTitle>
          <CardDescription>
            {recentOrders.length} latest orders, {crossPlatform} placed through another ecosystem
            product.
          </CardDescription>
          <ul className="flex flex-wrap gap-2 pt-1" aria-label="Orders by status">
            {Object.entries(counts).map(([status, n]) => (
              <li key={status}>
                <StatusBadge status={status} label={`${n} ${status}`} />
              </li>
            ))}
          </ul>
        </CardHeader>
        <CardContent>
          <RecordTable
            label="Recent orders"
            columns={columns}
            rows={recentOrders}
            rowKey={(o) => o.id}
          />
        </CardContent>
      </Card>
      <TrendChart
        title="Orders This Week"
        description="All orders and those arriving from other ecosystem products."
        data={weeklyOrders}
        xKey="day"
        xLabel="Day"
        kind="bar"
        series={[
          { key: 'orders', label: 'All orders' },
          { key: 'crossPlatform', label: 'Cross-platform' },
        ]}
      />
    </div>
  );
}

import { AlertTriangleIcon, BoxesIcon, RefreshCwIcon } from 'lucide-react';
import { RecordTable, type RecordColumn } from '@/components/record-table';
import { StatGrid, StatTile } from '@/components/stat-tile';
import { StatusBadge } from '@/components/status-badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCount } from '@/lib/number-format';
import { inventory } from './data';
import { isLowStock, summarizeInventory } from './summary';
import type { InventoryItem } from './types';
import { Id } from '@/components/cell-text';

const columns: RecordColumn<InventoryItem>[] = [
  { header: 'SKU', cell: (i) => <Id>{i.sku}</Id>, phone: 'sub', phoneText: (i) => i.sku },
  {
    header: 'Item',
    cell: (i) => <span className="font-medium">{i.name}</span>,
    className: 'min-w-56',
    phone: 'main',
  },
  { header: 'Category', cell: (i) => i.category, className: 'whitespace-nowrap text-slate-700' },
  {
    header: 'On hand',
    cell: (i) => formatCount(i.onHand),
    align: 'right',
    phone: 'sub',
    phoneText: (i) => `${formatCount(i.onHand)} on hand`,
  },
  { header: 'Reorder at', cell: (i) => formatCount(i.reorderPoint), align: 'right' },
  { header: 'Turnover', cell: (i) => `${i.turnover.toFixed(1)}×`, align: 'right' },
  {
    header: 'Stock',
    phone: 'end',
    cell: (i) =>
      isLowStock(i) ? (
        <StatusBadge status="low_stock" label="Low stock" tone="warning" />
      ) : (
        <StatusBadge status="in_stock" label="In stock" tone="success" />
      ),
  },
];

export function InventoryTab() {
  const summary = summarizeInventory(inventory);
  return (
    <div className="grid grid-cols-1 gap-6">
      <StatGrid className="mb-0 xl:grid-cols-3">
        <StatTile
          label="Low Stock"
          value={`${summary.lowStock.length} items`}
          hint="At or below their reorder point"
          icon={<AlertTriangleIcon />}
        />
        <StatTile
          label="Total Inventory"
          value={`${formatCount(summary.totalUnits)} units`}
          hint={`${inventory.length} SKUs across kits, credits and merchandise`}
          icon={<BoxesIcon />}
        />
        <StatTile
          label="Turnover"
          value={`${summary.averageTurnover.toFixed(1)}×`}
          hint="Average over the last 12 months"
          icon={<RefreshCwIcon />}
        />
      </StatGrid>
      <Card>
        <CardHeader>
          <CardTitle>Inventory Levels</CardTitle>
          <CardDescription>
            Onboarding kits ship from the fulfillment centers; credits are issued instantly.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <RecordTable label="Inventory" columns={columns} rows={inventory} rowKey={(i) => i.sku} />
        </CardContent>
      </Card>
    </div>
  );
}

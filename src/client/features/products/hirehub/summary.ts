import type { InventoryItem, Order, OrderStatus } from './types';

export type InventorySummary = {
  /** Items at or below their reorder point. */
  lowStock: InventoryItem[];
  totalUnits: number;
  /** Mean stock turnover over the last 12 months, one decimal. */
  averageTurnover: number;
};

export const isLowStock = (item: InventoryItem): boolean => item.onHand <= item.reorderPoint;

export function summarizeInventory(items: readonly InventoryItem[]): InventorySummary {
  const totalUnits = items.reduce((sum, i) => sum + i.onHand, 0);
  const turnover = items.length ? items.reduce((sum, i) => sum + i.turnover, 0) / items.length : 0;
  return {
    lowStock: items.filter(isLowStock),
    totalUnits,
    averageTurnover: Math.round(turnover * 10) / 10,
  };
}

/** How many orders are in each status, every status present (zero when none). */
export function countOrdersByStatus(orders: readonly Order[]): Record<OrderStatus, number> {
  const counts: Record<OrderStatus, number> = {
    pending: 0,
    processing: 0,
    shipped: 0,
    fulfilled: 0,
  };
  for (const o of orders) counts[o.status] += 1;
  return counts;
}

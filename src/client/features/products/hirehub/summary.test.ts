import { describe, expect, it } from 'vitest';
import { inventory, recentOrders } from './data';
import { countOrdersByStatus, isLowStock, summarizeInventory } from './summary';
import type { InventoryItem } from './types';

const item = (onHand: number, reorderPoint: number, turnover: number): InventoryItem => ({
  sku: `S-${onHand}`,
  name: 'Item',
  category: 'Kits',
  onHand,
  reorderPoint,
  turnover,
});

describe('summarizeInventory', () => {
  it('counts an item at or below its reorder point as low stock', () => {
    expect(isLowStock(item(10, 10, 1))).toBe(true);
    expect(isLowStock(item(11, 10, 1))).toBe(false);
  });

  it('totals units and averages turnover to one decimal', () => {
    const s = summarizeInventory([item(5, 10, 4), item(20, 10, 5), item(100, 10, 6.25)]);
    expect(s.lowStock).toHaveLength(1);
    expect(s.totalUnits).toBe(125);
    expect(s.averageTurnover).toBe(5.1);
  });

  it('gives zeros for an empty inventory', () => {
    expect(summarizeInventory([])).toEqual({ lowStock: [], totalUnits: 0, averageTurnover: 0 });
  });

  it('flags the sample inventory that needs reordering', () => {
    const s = summarizeInventory(inventory);
    expect(s.lowStock.map((i) => i.sku)).toEqual([
      'KIT-ENG-14',
      'KIT-RET-02',
      'BGC-SEC',
      'JOB-FTR',
      'SWG-NTB',
      'DOC-I9',
    ]);
  });
});

describe('countOrdersByStatus', () => {
  it('counts every status of the sample orders', () => {
    const counts = countOrdersByStatus(recentOrders);
    expect(counts).toEqual({ pending: 2, processing: 2, shipped: 3, fulfilled: 5 });
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(recentOrders.length);
  });
});

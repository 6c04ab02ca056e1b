import type { EcosystemPlatform } from '@shared/ecosystem-platforms';

/** HireHub sample entities (docs/product/dashboards.md#hirehub). */

export type OrderStatus = 'fulfilled' | 'processing' | 'pending' | 'shipped';

export type Order = {
  id: string;
  customer: string;
  status: OrderStatus;
  /** Number of line items in the order. */
  items: number;
  /** What was bought, for the reader of the table. */
  summary: string;
  total: number;
  placed: string;
  /** The order came in through another ecosystem product; null when placed on HireHub. */
  cross_platform: EcosystemPlatform | null;
};

export type InventoryItem = {
  sku: string;
  name: string;
  category: string;
  onHand: number;
  reorderPoint: number;
  /** Times the stock turned over in the last 12 months. */
  turnover: number;
};

export type FulfillmentCenter = {
  name: string;
  location: string;
  /** Share of capacity in use, 0–100. */
  capacity: number;
  orders: number;
  status: 'healthy' | 'degraded';
};

export type DuplicateUserAlert = {
  id: string;
  customer: string;
  email: string;
  platforms: EcosystemPlatform[];
  action: 'merge_suggested' | 'review_required';
  confidence: number;
};

/** Sample entities of the IP filter admin (docs/product/dashboards.md#ip-filters). */
type Severity = 'low' | 'medium' | 'high' | 'critical';

export type IpBlock = {
  ip: string;
  reason: string;
  platform: string;
  time: string;
  severity: Severity;
};

/** "Recent Blocks (plus security events)" (docs/product/dashboards.md#ip-filters); event types from docs/product/audit-trail.md#security-event. */
export type SecurityEvent = {
  id: string;
  type: string;
  summary: string;
  platform: string;
  time: string;
  severity: Severity;
};

export type GeographicRule = {
  region: string;
  platforms: string[];
  status: 'allowed' | 'restricted' | 'blocked';
  users: number;
};

export type PlatformRuleCounts = {
  platform: string;
  whitelist: number;
  blacklist: number;
  custom_rules: number;
};

export type ThreatFeed = {
  name: string;
  provider: string;
  indicators: number;
  updated: string;
  status: 'active' | 'syncing' | 'degraded';
};

export type ThreatCategory = { name: string; value: number };

export type DailyBlocks = { day: string; blocked: number; challenged: number };

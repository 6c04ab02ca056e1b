/** Hard-coded figures of the Overview tab (docs/product/admin-console.md#overview: static health cards and stat tiles). */

export type OverviewStat = { label: string; value: string; hint: string };

export const overviewStats = [
  { label: 'Total Systems', value: '12', hint: '5 platforms and 7 shared services' },
  { label: 'Active Users', value: '2,847', hint: '+12% on last month' },
  { label: 'System Health', value: '99.9%', hint: 'Uptime over the last 30 days' },
  { label: 'IP Filters', value: '156', hint: '23 rules added this week' },
] satisfies OverviewStat[];

export type HealthCard = {
  name: string;
  status: 'healthy' | 'degraded';
  uptime: string;
  response: string;
  note: string;
};

export const healthCards = [
  {
    name: 'Authentication',
    status: 'healthy',
    uptime: '99.99%',
    response: '42 ms',
    note: 'Sign-in and session checks',
  },
  {
    name: 'Database',
    status: 'healthy',
    uptime: '99.97%',
    response: '8 ms',
    note: 'Primary and replica in sync',
  },
  {
    name: 'API Gateway',
    status: 'degraded',
    uptime: '99.82%',
    response: '186 ms',
    note: 'Elevated latency on partner calls',
  },
  {
    name: 'Audit Logging',
    status: 'healthy',
    uptime: '100%',
    response: '15 ms',
    note: 'Hash chain verified hourly',
  },
] satisfies HealthCard[];

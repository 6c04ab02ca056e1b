import type { HealthStatus, ServerMetrics } from './types';

/** Load (percent) above which a server counts as degraded. */
const DEGRADED_AT = 85;

export const serverStatus = (s: Pick<ServerMetrics, 'cpu' | 'memory' | 'disk'>): HealthStatus =>
  Math.max(s.cpu, s.memory, s.disk) > DEGRADED_AT ? 'degraded' : 'healthy';

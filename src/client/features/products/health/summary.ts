import { mean, median } from '@shared/ecosystem-facts';
import type { Incident, PlatformHealth } from './types';

export type HealthSummary = {
  platforms: number;
  healthy: number;
  /** Mean uptime of the platforms, percent. */
  averageUptime: number;
  /** Median of the platforms' responses, milliseconds. */
  medianResponse: number;
  /** Incidents still being monitored. */
  openIncidents: number;
};

/** The system health tiles, computed from the platforms and incidents they describe. */
export function summarizeHealth(
  platforms: readonly PlatformHealth[],
  incidents: readonly Incident[],
): HealthSummary {
  return {
    platforms: platforms.length,
    healthy: platforms.filter((p) => p.status === 'healthy').length,
    averageUptime: mean(platforms.map((p) => p.uptime)),
    medianResponse: median(platforms.map((p) => p.response)),
    openIncidents: incidents.filter((i) => i.status === 'monitoring').length,
  };
}

import { describe, expect, it } from 'vitest';
import { incidents, platformHealth } from './data';
import { summarizeHealth } from './summary';
import type { PlatformHealth } from './types';

const platform = (response: number, status: PlatformHealth['status'] = 'healthy') => ({
  name: `P${response}`,
  status,
  uptime: 99.9,
  response,
  errors: 0,
  users: 1,
  dependencies: [],
});

describe('summarizeHealth', () => {
  it('reports the median response of the sample platforms, not their mean', () => {
    const summary = summarizeHealth(platformHealth, incidents);
    const responses = platformHealth.map((p) => p.response).sort((a, b) => a - b);
    expect(responses).toEqual([97, 121, 142, 164, 188, 486]);
    expect(summary.medianResponse).toBe(153);
  });

  it('counts healthy platforms and incidents still being monitored', () => {
    const summary = summarizeHealth(
      [platform(100), platform(200, 'degraded'), platform(300)],
      incidents.slice(0, 3),
    );
    expect(summary).toMatchObject({ platforms: 3, healthy: 2, medianResponse: 200 });
    expect(summary.openIncidents).toBe(
      incidents.slice(0, 3).filter((i) => i.status === 'monitoring').length,
    );
  });

  it('averages uptime: the mean, not the median', () => {
    const summary = summarizeHealth(
      [platform(1), platform(2), { ...platform(3), uptime: 99.0 }],
      [],
    );
    // The median of these uptimes is 99.9.
    expect(summary.averageUptime).toBeCloseTo(99.6, 10);
  });
});

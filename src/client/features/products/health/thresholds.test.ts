import { describe, expect, it } from 'vitest';
import { serverStatus } from './thresholds';

describe('serverStatus', () => {
  it('is healthy up to 85% on every gauge', () => {
    expect(serverStatus({ cpu: 85, memory: 85, disk: 85 })).toBe('healthy');
  });

  it('is degraded when any gauge passes 85%', () => {
    expect(serverStatus({ cpu: 86, memory: 10, disk: 10 })).toBe('degraded');
    expect(serverStatus({ cpu: 10, memory: 90, disk: 10 })).toBe('degraded');
    expect(serverStatus({ cpu: 10, memory: 10, disk: 99 })).toBe('degraded');
  });
});

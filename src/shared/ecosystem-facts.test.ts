import { describe, expect, it } from 'vitest';
import { ECOSYSTEM_PLATFORMS } from './ecosystem-platforms';
import {
  consoleDescription,
  formatUptime,
  mean,
  median,
  PLATFORM_HEALTH,
  PRODUCT_FACTS,
} from './ecosystem-facts';

describe('median', () => {
  it('is the middle value of an odd count, whatever the order', () => {
    expect(median([486, 97, 142])).toBe(142);
  });

  it('is the mean of the two middle values of an even count', () => {
    expect(median([142, 188, 97, 121, 486, 164])).toBe(153);
  });

  it('is not pulled by one outlier the way the mean is', () => {
    const values = [100, 110, 120, 130, 10_000];
    expect(median(values)).toBe(120);
    expect(mean(values)).toBe(2092);
  });

  it('refuses an empty list instead of answering NaN', () => {
    expect(() => median([])).toThrow(RangeError);
    expect(() => mean([])).toThrow(RangeError);
  });

  it('leaves its input in place', () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe('ecosystem facts', () => {
  it('knows the health and the description of every product', () => {
    for (const p of ECOSYSTEM_PLATFORMS) {
      expect(PLATFORM_HEALTH[p].uptime).toBeGreaterThan(0);
      expect(PRODUCT_FACTS[p].tagline).toMatch(/\.$/);
    }
  });

  it('says what is wrong with every platform that is not healthy, and only then', () => {
    for (const p of ECOSYSTEM_PLATFORMS) {
      const fact: { status: string; issue?: string } = PLATFORM_HEALTH[p];
      expect(Boolean(fact.issue)).toBe(fact.status !== 'healthy');
    }
  });

  it('names the admin screen and the product it belongs to in one line', () => {
    expect(consoleDescription('HireHub', 'orders and how they ship.')).toBe(
      'Order fulfillment admin of HireHub, the employment marketplace: orders and how they ship.',
    );
    expect(consoleDescription('TalentMLS', 'listings.')).toBe(
      'Job marketplace admin of TalentMLS, the multiple listing service for talent and opportunities: listings.',
    );
  });

  it('formats uptime with two decimals', () => {
    expect(formatUptime(99.6)).toBe('99.60%');
  });
});

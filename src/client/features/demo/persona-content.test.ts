import { PLATFORM_HEALTH } from '@shared/ecosystem-facts';
import { describe, expect, it } from 'vitest';
import { PERSONAS } from '@shared/constants';
import { SCREEN_SLUGS } from '@shared/routes';
import { demoHref, JOURNEY, journeyMinutes } from './journey';
import { DEMO_CONTENT } from './persona-content';

describe('the demo journey', () => {
  it('is Quick Role Check 2 min, Role Builder 5 min, TalentMLS 3 min, ten minutes in all', () => {
    expect(JOURNEY.map((s) => [s.product, s.minutes])).toEqual([
      ['Quick Role Check', 2],
      ['Role Builder', 5],
      ['TalentMLS', 3],
    ]);
    expect(journeyMinutes(JOURNEY)).toBe(10);
  });

  it('links to the public twin under /demo and to the protected screen elsewhere', () => {
    expect(demoHref('qrc', '/demo')).toBe('/demo/qrc');
    expect(demoHref('qrc', '/demo/hirehub')).toBe('/demo/qrc');
    expect(demoHref('qrc', '/demonstration')).toBe('/qrc');
    expect(demoHref('qrc', '/admin')).toBe('/qrc');
  });
});

describe('persona content of /demo', () => {
  const distinct = (pick: (p: (typeof PERSONAS)[number]) => string) =>
    new Set(PERSONAS.map(pick)).size;

  it('differs by persona in every block', () => {
    expect(distinct((p) => DEMO_CONTENT[p].title)).toBe(3);
    expect(distinct((p) => DEMO_CONTENT[p].journey.qrc.cta)).toBe(3);
    expect(distinct((p) => DEMO_CONTENT[p].stats.map((s) => s.label).join())).toBe(3);
    expect(distinct((p) => DEMO_CONTENT[p].activity.map((a) => a.title).join())).toBe(3);
    expect(distinct((p) => DEMO_CONTENT[p].tools.map((t) => t.description).join())).toBe(3);
    expect(distinct((p) => DEMO_CONTENT[p].health.map((h) => h.metricLabel).join())).toBe(3);
    expect(distinct((p) => DEMO_CONTENT[p].marketMeasure)).toBe(3);
    expect(distinct((p) => DEMO_CONTENT[p].highlights.map((h) => h.label).join())).toBe(3);
  });

  it('has four stat tiles, four tools and four health cards per persona', () => {
    for (const p of PERSONAS) {
      expect(DEMO_CONTENT[p].stats, p).toHaveLength(4);
      expect(DEMO_CONTENT[p].tools, p).toHaveLength(4);
      expect(DEMO_CONTENT[p].health, p).toHaveLength(4);
    }
  });

  it('links its tools to real screens and keeps bars within 0–100', () => {
    for (const p of PERSONAS) {
      for (const t of DEMO_CONTENT[p].tools) expect(SCREEN_SLUGS).toContain(t.slug);
      for (const m of DEMO_CONTENT[p].markets) {
        expect(m.progress).toBeGreaterThanOrEqual(0);
        expect(m.progress).toBeLessThanOrEqual(100);
      }
    }
  });

  it("shows four different platforms to each persona, each with the ecosystem's own health", () => {
    for (const p of PERSONAS) {
      const names = DEMO_CONTENT[p].health.map((h) => h.platform);
      expect(new Set(names).size, p).toBe(4);
      for (const name of names) expect(PLATFORM_HEALTH[name].uptime).toBeGreaterThan(0);
    }
  });
});

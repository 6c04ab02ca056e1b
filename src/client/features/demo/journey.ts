import type { JourneySlug } from './types';

export type JourneyStep = { slug: JourneySlug; product: string; minutes: number };

/** docs/product/dashboards.md#journey: Quick Role Check 2 min, Role Builder 5 min, TalentMLS 3 min. */
export const JOURNEY: readonly JourneyStep[] = [
  { slug: 'qrc', product: 'Quick Role Check', minutes: 2 },
  { slug: 'role-builder', product: 'Role Builder', minutes: 5 },
  { slug: 'talentmls', product: 'TalentMLS', minutes: 3 },
];

export const journeyMinutes = (steps: readonly JourneyStep[]): number =>
  steps.reduce((sum, s) => sum + s.minutes, 0);

/** The demo page lives under /demo, so its links go to the public twins. */
export function demoHref(slug: string, pathname: string): string {
  const underDemo = pathname === '/demo' || pathname.startsWith('/demo/');
  return underDemo ? `/demo/${slug}` : `/${slug}`;
}

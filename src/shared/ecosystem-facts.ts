import type { EcosystemPlatform } from './ecosystem-platforms';

/**
 * Facts about the products that more than one screen shows. Every screen reads
 * them from here, so the landing page, /demo and /health can never disagree.
 */

type PlatformStatus = 'healthy' | 'degraded';

export type PlatformHealthFact = {
  status: PlatformStatus;
  /** percent over the last 30 days */
  uptime: number;
  /** What is wrong, for a platform that is not healthy. */
  issue?: string;
};

/** Sample health of each product, as the system health admin monitors it. */
export const PLATFORM_HEALTH = {
  HireHub: { status: 'healthy', uptime: 99.98 },
  SortStak: { status: 'healthy', uptime: 99.95 },
  'Role Builder': { status: 'healthy', uptime: 99.99 },
  'Quick Role Check': { status: 'healthy', uptime: 99.97 },
  TalentMLS: {
    status: 'degraded',
    uptime: 99.62,
    issue: 'Listing search is slow (p95 above 1 s); monitored since 09:12.',
  },
  TalentSpark: { status: 'healthy', uptime: 99.93 },
} as const satisfies Record<EcosystemPlatform, PlatformHealthFact>;

export const formatUptime = (uptime: number) => `${uptime.toFixed(2)}%`;

export type ProductFact = {
  /** What the product is, as a noun phrase ("employment marketplace"). */
  kind: string;
  /** One sentence for a visitor who has never heard of it. */
  tagline: string;
  /** The admin screen the demo shows of it, as a noun phrase. */
  console: string;
};

/** What each product is, and which of its admin screens the demo shows. */
export const PRODUCT_FACTS = {
  HireHub: {
    kind: 'employment marketplace',
    tagline: 'An employment marketplace where employers and talent meet.',
    console: 'Order fulfillment admin',
  },
  SortStak: {
    kind: 'sorting and categorisation tool for talent management',
    tagline: 'A sorting and categorisation tool for talent management.',
    console: 'Data-processing admin',
  },
  'Role Builder': {
    kind: 'role and permission management system',
    tagline: 'A role and permission management system.',
    console: 'Role builder',
  },
  'Quick Role Check': {
    kind: 'rapid role verification and quality assurance platform',
    tagline: 'A rapid role verification and quality assurance platform.',
    console: 'Quick role check',
  },
  TalentMLS: {
    kind: 'multiple listing service for talent and opportunities',
    tagline: 'A multiple listing service for talent and opportunities.',
    console: 'Job marketplace admin',
  },
  TalentSpark: {
    kind: 'talent profile platform',
    tagline: 'Verified talent profiles, skills and training in one place.',
    console: 'Talent profile admin',
  },
} as const satisfies Record<EcosystemPlatform, ProductFact>;

/**
 * A dashboard's one-line description: which admin screen it is, of which
 * product, and what it covers ("Order fulfillment admin of HireHub, the
 * employment marketplace: …").
 */
export function consoleDescription(product: EcosystemPlatform, covers: string): string {
  const fact: ProductFact = PRODUCT_FACTS[product];
  return `${fact.console} of ${product}, the ${fact.kind}: ${covers}`;
}

/** The middle value of a list (the mean of the two middle values when the count is even). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function mean(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('mean of no values');
  return values.reduce((a, b) => a + b, 0) / values.length;
}

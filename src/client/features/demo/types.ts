import type { EcosystemPlatform } from '@shared/ecosystem-platforms';
import type { ScreenSlug } from '@shared/routes';
import type { StatFigure } from '@/components/stat-figures';

/** The three products of the demo journey, in order (docs/product/dashboards.md#journey). */
export type JourneySlug = 'qrc' | 'role-builder' | 'talentmls';

type JourneyStepCopy = { description: string; cta: string };

type ActivityItem = {
  id: string;
  title: string;
  detail: string;
  time: string;
  platform: EcosystemPlatform;
};

type DemoTool = { name: string; description: string; slug: ScreenSlug };

/** The figure a persona watches on a platform; its status and uptime are the ecosystem's own. */
type PlatformHealthCard = {
  platform: EcosystemPlatform;
  metricLabel: string;
  metricValue: string;
};

export type MarketRegion = {
  region: string;
  status: 'live' | 'pilot' | 'planned';
  /** 0–100; what it measures is the persona's `marketMeasure`. */
  progress: number;
  detail: string;
};

type Highlight = { figure: string; label: string; detail: string };

/** Everything on /demo that changes with the persona. */
export type DemoContent = {
  title: string;
  description: string;
  /** The header's call to action: where this persona should look first. */
  headerAction: { label: string; slug: ScreenSlug; search?: string };
  journeyIntro: string;
  journey: Record<JourneySlug, JourneyStepCopy>;
  stats: StatFigure[];
  activity: ActivityItem[];
  tools: DemoTool[];
  health: PlatformHealthCard[];
  marketDescription: string;
  marketMeasure: string;
  markets: MarketRegion[];
  highlightsDescription: string;
  highlights: Highlight[];
};

import {
  BriefcaseBusinessIcon,
  Building2Icon,
  ClipboardCheckIcon,
  GlobeIcon,
  ListFilterIcon,
  type LucideIcon,
  NetworkIcon,
  ShieldCheckIcon,
  SparklesIcon,
  TargetIcon,
  UserCogIcon,
  UsersRoundIcon,
} from 'lucide-react';
import { PRODUCT_FACTS } from '@shared/ecosystem-facts';
import type { ScreenSlug } from '@shared/routes';

export type Platform = {
  name: string;
  description: string;
  icon: LucideIcon;
  /** Its public demo dashboard. */
  demo: `/demo/${ScreenSlug}`;
};

/** docs/product/public-site.md#landing-platforms: the five integrated platforms, each Active (names: docs/product/architecture.md#names). */
export const PLATFORMS = [
  {
    name: 'HireHub',
    description: PRODUCT_FACTS.HireHub.tagline,
    icon: BriefcaseBusinessIcon,
    demo: '/demo/hirehub',
  },
  {
    name: 'SortStak',
    description: PRODUCT_FACTS.SortStak.tagline,
    icon: ListFilterIcon,
    demo: '/demo/sortstak',
  },
  {
    name: 'Role Builder',
    description: PRODUCT_FACTS['Role Builder'].tagline,
    icon: UserCogIcon,
    demo: '/demo/role-builder',
  },
  {
    name: 'Quick Role Check',
    description: PRODUCT_FACTS['Quick Role Check'].tagline,
    icon: ClipboardCheckIcon,
    demo: '/demo/qrc',
  },
  {
    name: 'TalentMLS',
    description: PRODUCT_FACTS.TalentMLS.tagline,
    icon: NetworkIcon,
    demo: '/demo/talentmls',
  },
] as const satisfies readonly Platform[];

export type Highlight = { title: string; description: string; icon: LucideIcon };

/** docs/product/public-site.md#landing-highlights: the six feature highlights. */
export const HIGHLIGHTS = [
  {
    title: 'Enterprise-Grade Platform',
    description: 'Role-based access, an audit trail and admin controls built for hiring at scale.',
    icon: Building2Icon,
  },
  {
    title: 'Talent Ecosystem',
    description: 'Candidates, employers and tools connected, instead of five separate apps.',
    icon: UsersRoundIcon,
  },
  {
    title: 'AI-Powered Matching',
    description: 'Talent matched to roles on skills, experience and fit.',
    icon: SparklesIcon,
  },
  {
    title: 'Secure & Compliant',
    description: 'GDPR compliant by design, with data handling you can audit.',
    icon: ShieldCheckIcon,
  },
  {
    title: 'Global Reach',
    description: 'Find and place talent across regions from a single place.',
    icon: GlobeIcon,
  },
  {
    title: 'Precision Targeting',
    description: 'Reach exactly the candidates and employers that fit each opening.',
    icon: TargetIcon,
  },
] as const satisfies readonly Highlight[];

/** docs/product/public-site.md#landing-features: the six platform features, shown as a checklist. */
export const PLATFORM_FEATURES = [
  'Automated compliance tracking',
  'Real-time analytics and reporting',
  'Multi-platform integration',
  'Comprehensive talent management',
  'Advanced filtering',
  'Secure data handling',
] as const;

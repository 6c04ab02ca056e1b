import type { Persona } from '@shared/constants';
import type { ScreenSlug } from '@shared/routes';
import { TALENTMLS_LABELS } from '@/features/products/talentmls/labels';

export type ScreenTab = { value: string; label: string };

/**
 * Every screen's tabs, in their order on the page, for the places that name a tab without
 * loading the page's code (the command palette). The pages draw the same tabs; a test renders
 * each page and compares. TalentMLS names its tabs after the persona.
 */
const TABS: Record<Exclude<ScreenSlug, 'talentmls'>, readonly ScreenTab[]> = {
  admin: [
    { value: 'overview', label: 'Overview' },
    { value: 'users', label: 'Users' },
    { value: 'security', label: 'Security' },
    { value: 'security-audit', label: 'Security Audit' },
    { value: 'analytics', label: 'Analytics' },
    { value: 'integrations', label: 'Integrations' },
    { value: 'settings', label: 'Settings' },
  ],
  hirehub: [
    { value: 'orders', label: 'Order Management' },
    { value: 'inventory', label: 'Inventory' },
    { value: 'users', label: 'User Management' },
    { value: 'centers', label: 'Fulfillment Centers' },
  ],
  'role-builder': [
    { value: 'roles', label: 'Active Roles' },
    { value: 'templates', label: 'Templates' },
    { value: 'builder', label: 'Role Builder' },
    { value: 'analytics', label: 'Analytics' },
  ],
  qrc: [
    { value: 'checks', label: 'Recent Checks' },
    { value: 'templates', label: 'Check Templates' },
    { value: 'performance', label: 'Performance' },
    { value: 'analytics', label: 'Analytics' },
  ],
  sortstak: [
    { value: 'pipelines', label: 'Active Pipelines' },
    { value: 'quality', label: 'Data Quality' },
    { value: 'privacy', label: 'User Data & Privacy' },
    { value: 'api', label: 'API Management' },
  ],
  talentspark: [
    { value: 'profiles', label: 'Talent Profiles' },
    { value: 'skills', label: 'Skills & Certifications' },
    { value: 'training', label: 'Training Programs' },
    { value: 'matching', label: 'Matching Algorithm' },
  ],
  'ip-filters': [
    { value: 'blocks', label: 'Recent Blocks' },
    { value: 'geographic', label: 'Geographic Rules' },
    { value: 'platform', label: 'Platform Rules' },
    { value: 'threats', label: 'Threat Intelligence' },
  ],
  'data-mining': [
    { value: 'jobs', label: 'Mining Jobs' },
    { value: 'datasets', label: 'Datasets' },
    { value: 'patterns', label: 'Pattern Analysis' },
    { value: 'configuration', label: 'Configuration' },
  ],
  health: [
    { value: 'status', label: 'Platform Status' },
    { value: 'servers', label: 'Server Metrics' },
    { value: 'api', label: 'API Health' },
    { value: 'incidents', label: 'Alerts & Incidents' },
  ],
  settings: [
    { value: 'global', label: 'Global Settings' },
    { value: 'platforms', label: 'Platform Config' },
    { value: 'users', label: 'User Management' },
    { value: 'security', label: 'Security & APIs' },
    { value: 'backup', label: 'Backup & Audit' },
  ],
};

/** The Final To-Do page's two views. */
export const FINAL_TODO_TABS: readonly ScreenTab[] = [
  { value: 'priority', label: 'By Priority' },
  { value: 'category', label: 'By Category' },
];

export function screenTabs(slug: ScreenSlug, persona: Persona): readonly ScreenTab[] {
  if (slug !== 'talentmls') return TABS[slug];
  const { tabs } = TALENTMLS_LABELS[persona];
  return [
    { value: 'listings', label: tabs.listings },
    { value: 'employers', label: tabs.employers },
    { value: 'analytics', label: tabs.analytics },
    ...(tabs.payments ? [{ value: 'payments', label: tabs.payments }] : []),
  ];
}

/** A tab's address on a screen: the first tab is the screen's own address (no `?tab=`). */
export function tabPath(path: string, tabs: readonly ScreenTab[], value: string): string {
  return tabs[0]?.value === value ? path : `${path}?tab=${encodeURIComponent(value)}`;
}

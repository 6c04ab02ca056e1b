import {
  ActivityIcon,
  BriefcaseIcon,
  ClipboardCheckIcon,
  DatabaseIcon,
  LayersIcon,
  ListChecksIcon,
  type LucideIcon,
  PackageIcon,
  PickaxeIcon,
  SettingsIcon,
  ShieldCheckIcon,
  ShieldIcon,
  SparklesIcon,
} from 'lucide-react';
import type { ComponentType } from 'react';
import type { ScreenSlug } from '@shared/routes';

export type PageModule = { default: ComponentType };

export type Screen = {
  slug: ScreenSlug;
  label: string;
  icon: LucideIcon;
  load: () => Promise<PageModule>;
};

/**
 * The eleven screens reached at a protected route and its public /demo twin
 * (ARCHITECTURE.md "Names"). One entry per screen: the router and the sidebar
 * are both built from this list.
 */
export const screens: Screen[] = [
  {
    slug: 'admin',
    label: 'Admin Dashboard',
    icon: ShieldIcon,
    load: () => import('@/features/admin/admin-page'),
  },
  {
    slug: 'hirehub',
    label: 'HireHub',
    icon: PackageIcon,
    load: () => import('@/features/products/hirehub/hirehub-page'),
  },
  {
    slug: 'role-builder',
    label: 'Role Builder',
    icon: LayersIcon,
    load: () => import('@/features/products/role-builder/role-builder-page'),
  },
  {
    slug: 'qrc',
    label: 'Quick Role Check',
    icon: ClipboardCheckIcon,
    load: () => import('@/features/products/qrc/qrc-page'),
  },
  {
    slug: 'sortstak',
    label: 'SortStak',
    icon: DatabaseIcon,
    load: () => import('@/features/products/sortstak/sortstak-page'),
  },
  {
    slug: 'talentmls',
    label: 'TalentMLS',
    icon: BriefcaseIcon,
    load: () => import('@/features/products/talentmls/talentmls-page'),
  },
  {
    slug: 'talentspark',
    label: 'TalentSpark',
    icon: SparklesIcon,
    load: () => import('@/features/products/talentspark/talentspark-page'),
  },
  {
    slug: 'ip-filters',
    label: 'IP Filters',
    icon: ShieldCheckIcon,
    load: () => import('@/features/products/ip-filters/ip-filters-page'),
  },
  {
    slug: 'data-mining',
    label: 'Data Mining',
    icon: PickaxeIcon,
    load: () => import('@/features/products/data-mining/data-mining-page'),
  },
  {
    slug: 'health',
    label: 'System Health',
    icon: ActivityIcon,
    load: () => import('@/features/products/health/health-page'),
  },
  {
    slug: 'settings',
    label: 'Settings',
    icon: SettingsIcon,
    load: () => import('@/features/products/settings/settings-page'),
  },
];

/** The twelfth sidebar entry: public, with no twin. */
export const finalTodoEntry = { path: '/final-todo', label: 'Final To-Do', icon: ListChecksIcon };

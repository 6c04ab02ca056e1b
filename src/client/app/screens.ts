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
import type { ScreenSlug } from '@shared/routes';

export type Screen = { slug: ScreenSlug; label: string; icon: LucideIcon };

/**
 * The eleven screens reached at a protected route and its public /demo twin
 * (docs/product/architecture.md#names). One entry per screen: the router and the sidebar
 * are both built from this list; the router holds the code of each (pages.ts),
 * so that the layout can name every screen without referring to its code.
 */
export const screens: Screen[] = [
  {
    slug: 'admin',
    label: 'Admin Dashboard',
    icon: ShieldIcon,
  },
  {
    slug: 'hirehub',
    label: 'HireHub',
    icon: PackageIcon,
  },
  {
    slug: 'role-builder',
    label: 'Role Builder',
    icon: LayersIcon,
  },
  {
    slug: 'qrc',
    label: 'Quick Role Check',
    icon: ClipboardCheckIcon,
  },
  {
    slug: 'sortstak',
    label: 'SortStak',
    icon: DatabaseIcon,
  },
  {
    slug: 'talentmls',
    label: 'TalentMLS',
    icon: BriefcaseIcon,
  },
  {
    slug: 'talentspark',
    label: 'TalentSpark',
    icon: SparklesIcon,
  },
  {
    slug: 'ip-filters',
    label: 'IP Filters',
    icon: ShieldCheckIcon,
  },
  {
    slug: 'data-mining',
    label: 'Data Mining',
    icon: PickaxeIcon,
  },
  {
    slug: 'health',
    label: 'System Health',
    icon: ActivityIcon,
  },
  {
    slug: 'settings',
    label: 'Settings',
    icon: SettingsIcon,
  },
];

/** The twelfth sidebar entry: public, with no twin. */
export const finalTodoEntry = { path: '/final-todo', label: 'Final To-Do', icon: ListChecksIcon };

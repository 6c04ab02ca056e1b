import type { ComponentType } from 'react';
import type { ScreenSlug } from '@shared/routes';

export type PageModule = { default: ComponentType };

/** The code of each screen, loaded when its route is visited (router.tsx). */
export const screenPages: Record<ScreenSlug, () => Promise<PageModule>> = {
  admin: () => import('@/features/admin/admin-page'),
  hirehub: () => import('@/features/products/hirehub/hirehub-page'),
  'role-builder': () => import('@/features/products/role-builder/role-builder-page'),
  qrc: () => import('@/features/products/qrc/qrc-page'),
  sortstak: () => import('@/features/products/sortstak/sortstak-page'),
  talentmls: () => import('@/features/products/talentmls/talentmls-page'),
  talentspark: () => import('@/features/products/talentspark/talentspark-page'),
  'ip-filters': () => import('@/features/products/ip-filters/ip-filters-page'),
  'data-mining': () => import('@/features/products/data-mining/data-mining-page'),
  health: () => import('@/features/products/health/health-page'),
  settings: () => import('@/features/products/settings/settings-page'),
};

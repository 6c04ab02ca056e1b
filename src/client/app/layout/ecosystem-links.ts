import type { PublicConfig } from '@shared/public-config';

/** Used until /api/config answers; the same defaults as the server's. */
export const defaultEcosystemLinks: PublicConfig['ecosystemLinks'] = {
  home: '/',
  sortstak: '/demo/sortstak',
  roleBuilder: '/demo/role-builder',
  qrc: '/demo/qrc',
  talentspark: '/demo/talentspark',
};

/** The products of the ecosystem as the demo names them (docs/product/architecture.md#names). */
export const ECOSYSTEM_PLATFORMS = [
  'HireHub',
  'SortStak',
  'Role Builder',
  'Quick Role Check',
  'TalentMLS',
  'TalentSpark',
] as const;
export type EcosystemPlatform = (typeof ECOSYSTEM_PLATFORMS)[number];

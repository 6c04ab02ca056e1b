import type { RoleDefinition, RoleStatus } from './types';

export function countRolesByStatus(roles: readonly RoleDefinition[]): Record<RoleStatus, number> {
  const counts: Record<RoleStatus, number> = { Active: 0, Review: 0, Draft: 0 };
  for (const r of roles) counts[r.status] += 1;
  return counts;
}

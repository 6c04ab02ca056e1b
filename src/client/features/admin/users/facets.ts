import type { RoleFilter, StatusFilter } from './list-params';

/**
 * GET /api/admin/users/facets: each option's count of users matching the
 * search and every other facet's filter; `exact` false means the cap ("10,000+").
 */
type Count = { count: number; exact: boolean };
export type UserFacets = {
  role: ({ value: RoleFilter } & Count)[];
  status: ({ value: StatusFilter } & Count)[];
  /** null is "no organization". */
  organization: ({ value: string | null } & Count)[];
  /** More organizations exist than are listed. */
  organization_more: boolean;
  never_signed_in: Count;
};

/** Role Builder sample entities (docs/product/dashboards.md#role-builder). */

export type RoleStatus = 'Active' | 'Draft' | 'Review';

export type RoleDefinition = {
  title: string;
  company: string;
  department: string;
  status: RoleStatus;
  /** People or open requisitions using the role. */
  assignments: number;
  /** How complete the definition is, 0–100. */
  completion: number;
  updated: string;
};

export type RoleTemplate = {
  name: string;
  category: string;
  /** Roles created from the template. */
  usage: number;
  /** Average rating out of 5. */
  rating: number;
};

type DraftSkill = { name: string; level: 'Required' | 'Preferred'; weight: number };

type ApprovalStep = {
  step: string;
  owner: string;
  status: 'approved' | 'pending' | 'waiting';
};

export type RoleDraft = {
  title: string;
  company: string;
  details: { label: string; value: string }[];
  skills: DraftSkill[];
  responsibilities: string[];
  approvals: ApprovalStep[];
};

import type { Persona } from '@shared/constants';

export type RoleBuilderLabels = {
  description: string;
  primaryAction: string;
  primaryActionDetail: string;
};

/** docs/product/dashboards.md#role-builder: the main button reads Create New Role, Build Career Path or View Analytics. */
export const ROLE_BUILDER_LABELS: Record<Persona, RoleBuilderLabels> = {
  recruiter: {
    description:
      'Define roles once, with skills and approvals, and reuse them across the ecosystem.',
    primaryAction: 'Create New Role',
    primaryActionDetail:
      'The full product starts a new role from scratch or a template and sends it for approval.',
  },
  talent: {
    description: 'See how roles are defined and map the skills for your next career step.',
    primaryAction: 'Build Career Path',
    primaryActionDetail:
      'The full product compares your verified skills with a target role and suggests training to close the gaps.',
  },
  investor: {
    description: 'How employers structure roles and how widely templates are reused.',
    primaryAction: 'View Analytics',
    primaryActionDetail:
      'The full product opens usage and adoption reports; the Analytics tab shows a preview.',
  },
};

export const TEMPLATES_ACTION_DETAIL =
  'The full product opens the template library to start a role from a proven definition.';

import type { Persona } from '@shared/constants';

export type QrcLabels = {
  description: string;
  primaryAction: string;
  primaryActionDetail: string;
};

/** docs/product/dashboards.md#qrc: the main button reads New Role Check, Start Assessment or View Reports. */
export const QRC_LABELS: Record<Persona, QrcLabels> = {
  recruiter: {
    description:
      'Verify a candidate against a role in about two minutes, with every issue flagged.',
    primaryAction: 'New Role Check',
    primaryActionDetail:
      'The full product asks for a candidate and a role, then runs the matching check template.',
  },
  talent: {
    description: 'Check yourself against a target role in two minutes and see what to work on.',
    primaryAction: 'Start Assessment',
    primaryActionDetail:
      'The full product starts a two-minute self-assessment; a passing result is added to your TalentSpark profile.',
  },
  investor: {
    description: 'Check volume, pass rates and the speed that makes verification cheap.',
    primaryAction: 'View Reports',
    primaryActionDetail:
      'The full product opens monthly verification reports; the Analytics tab shows a preview.',
  },
};

export const RESET_ACTION_DETAIL =
  'The full product clears the check in progress and its filters, and starts again from an empty form.';

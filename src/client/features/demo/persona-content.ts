import type { Persona } from '@shared/constants';
import { investorContent } from './content/investor';
import { recruiterContent } from './content/recruiter';
import { talentContent } from './content/talent';
import type { DemoContent } from './types';

/** docs/product/dashboards.md#demo-dashboard: every block of /demo follows the persona. */
export const DEMO_CONTENT: Record<Persona, DemoContent> = {
  recruiter: recruiterContent,
  talent: talentContent,
  investor: investorContent,
};

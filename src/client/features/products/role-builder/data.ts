import { ClipboardListIcon, LayersIcon, PercentIcon, UsersIcon } from 'lucide-react';
import type { ChartRow } from '@/components/charts/chart-card';
import type { StatFigure } from '@/components/stat-figures';
import type { RoleDefinition, RoleDraft, RoleTemplate } from './types';

export const roleBuilderStats = [
  { label: 'Active Roles', value: '89', hint: '+7 this month', icon: LayersIcon },
  { label: 'Role Templates', value: '36', hint: '12 categories', icon: ClipboardListIcon },
  { label: 'Assignments', value: '1,247', hint: 'People and open requisitions', icon: UsersIcon },
  { label: 'Avg. Completion', value: '84%', hint: 'Of required role fields', icon: PercentIcon },
] satisfies StatFigure[];

export const activeRoles = [
  {
    title: 'Senior Data Engineer',
    company: 'Lumen Analytics',
    department: 'Data Platform',
    status: 'Active',
    assignments: 14,
    completion: 100,
    updated: '2 hours ago',
  },
  {
    title: 'ICU Registered Nurse',
    company: 'Brightline Health',
    department: 'Critical Care',
    status: 'Active',
    assignments: 38,
    completion: 96,
    updated: 'Yesterday',
  },
  {
    title: 'Robotics Software Engineer',
    company: 'Cobalt Robotics',
    department: 'Autonomy',
    status: 'Review',
    assignments: 6,
    completion: 88,
    updated: 'Yesterday',
  },
  {
    title: 'Cloud Security Analyst',
    company: 'Meridian Bank',
    department: 'Information Security',
    status: 'Active',
    assignments: 11,
    completion: 92,
    updated: '2 days ago',
  },
  {
    title: 'Fleet Operations Manager',
    company: 'Atlas Freight',
    department: 'Operations',
    status: 'Active',
    assignments: 9,
    completion: 85,
    updated: '3 days ago',
  },
  {
    title: 'Product Designer',
    company: 'Nimbus Cloud',
    department: 'Design',
    status: 'Draft',
    assignments: 0,
    completion: 45,
    updated: '3 days ago',
  },
  {
    title: 'Store Manager',
    company: 'Harbor & Pine Retail',
    department: 'Retail Operations',
    status: 'Active',
    assignments: 52,
    completion: 90,
    updated: '4 days ago',
  },
  {
    title: 'Avionics Technician',
    company: 'Orion Aerospace',
    department: 'Maintenance',
    status: 'Review',
    assignments: 4,
    completion: 78,
    updated: '5 days ago',
  },
  {
    title: 'Actuarial Analyst',
    company: 'Keystone Insurance',
    department: 'Risk',
    status: 'Active',
    assignments: 7,
    completion: 94,
    updated: 'Last week',
  },
  {
    title: 'Grid Reliability Engineer',
    company: 'Summit Energy',
    department: 'Transmission',
    status: 'Draft',
    assignments: 0,
    completion: 30,
    updated: 'Last week',
  },
  {
    title: 'Machine Learning Engineer',
    company: 'Pioneer Biotech',
    department: 'Computational Biology',
    status: 'Active',
    assignments: 5,
    completion: 98,
    updated: 'Last week',
  },
  {
    title: 'Food Safety Specialist',
    company: 'Verde Foods',
    department: 'Quality',
    status: 'Review',
    assignments: 3,
    completion: 72,
    updated: '2 weeks ago',
  },
] satisfies RoleDefinition[];

export const roleTemplates = [
  { name: 'Software Engineer (IC ladder)', category: 'Engineering', usage: 412, rating: 4.8 },
  { name: 'Data Engineer', category: 'Data', usage: 236, rating: 4.7 },
  { name: 'Registered Nurse', category: 'Healthcare', usage: 198, rating: 4.6 },
  { name: 'Security Analyst', category: 'Security', usage: 121, rating: 4.5 },
  { name: 'Operations Manager', category: 'Operations', usage: 167, rating: 4.3 },
  { name: 'Product Designer', category: 'Design', usage: 143, rating: 4.6 },
  { name: 'Retail Store Manager', category: 'Retail', usage: 189, rating: 4.2 },
  { name: 'Financial Analyst', category: 'Finance', usage: 154, rating: 4.4 },
  { name: 'Field Technician', category: 'Skilled trades', usage: 96, rating: 4.1 },
  { name: 'Sales Development Rep', category: 'Sales', usage: 208, rating: 4.0 },
  { name: 'Machine Learning Engineer', category: 'Data', usage: 88, rating: 4.7 },
  { name: 'HR Business Partner', category: 'People', usage: 74, rating: 4.4 },
] satisfies RoleTemplate[];

/** The role open in the builder tab. */
export const roleDraft = {
  title: 'Product Designer',
  company: 'Nimbus Cloud',
  details: [
    { label: 'Department', value: 'Design' },
    { label: 'Level', value: 'Senior (L5)' },
    { label: 'Location', value: 'Remote (EU)' },
    { label: 'Salary band', value: '€70k – €90k' },
    { label: 'Reports to', value: 'Head of Design' },
    { label: 'Template', value: 'Product Designer v3' },
  ],
  skills: [
    { name: 'Interaction design', level: 'Required', weight: 30 },
    { name: 'Figma and prototyping', level: 'Required', weight: 25 },
    { name: 'UX research', level: 'Required', weight: 20 },
    { name: 'Design systems', level: 'Preferred', weight: 15 },
    { name: 'Accessibility (WCAG 2.1)', level: 'Preferred', weight: 10 },
  ],
  responsibilities: [
    'Own the end-to-end design of the cloud console’s onboarding flows',
    'Run usability studies with customers every sprint',
    'Contribute components and guidance to the design system',
    'Partner with product managers on roadmap discovery',
  ],
  approvals: [
    { step: 'Hiring manager', owner: 'Jonas Weber', status: 'approved' },
    { step: 'People team', owner: 'Fatima Khan', status: 'pending' },
    { step: 'Finance (salary band)', owner: 'Rachel Stone', status: 'waiting' },
    { step: 'Publish to TalentMLS', owner: 'Automatic', status: 'waiting' },
  ],
} satisfies RoleDraft;

export const rolesPerMonth = [
  { month: 'Jan', created: 38, published: 31 },
  { month: 'Feb', created: 42, published: 35 },
  { month: 'Mar', created: 51, published: 44 },
  { month: 'Apr', created: 47, published: 41 },
  { month: 'May', created: 58, published: 49 },
  { month: 'Jun', created: 64, published: 57 },
] satisfies ChartRow[];

export const completionTrend = [
  { month: 'Jan', completion: 71 },
  { month: 'Feb', completion: 74 },
  { month: 'Mar', completion: 77 },
  { month: 'Apr', completion: 79 },
  { month: 'May', completion: 82 },
  { month: 'Jun', completion: 84 },
] satisfies ChartRow[];

export const templateUsageByCategory = [
  { name: 'Engineering & data', value: 736 },
  { name: 'Healthcare', value: 198 },
  { name: 'Operations & trades', value: 263 },
  { name: 'Sales & retail', value: 397 },
  { name: 'Finance', value: 154 },
  { name: 'Other', value: 338 },
];

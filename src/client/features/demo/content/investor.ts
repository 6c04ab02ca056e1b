import { DollarSignIcon, PieChartIcon, TrendingUpIcon, UsersIcon } from 'lucide-react';
import type { DemoContent } from '../types';

export const investorContent = {
  title: 'Investor Overview',
  description: 'Growth, revenue and platform health across the Talent Ecosystem.',
  headerAction: { label: 'See marketplace revenue', slug: 'talentmls', search: '?tab=payments' },
  journeyIntro: 'The three products that drive revenue, in ten minutes.',
  journey: {
    qrc: {
      description: 'See the verification engine that makes every hire cheaper.',
      cta: 'See check volume',
    },
    'role-builder': {
      description: 'See how employers standardise their roles, and why they stay.',
      cta: 'See adoption',
    },
    talentmls: {
      description: 'See marketplace volume, revenue and trust & safety.',
      cta: 'See the marketplace',
    },
  },
  stats: [
    {
      label: 'Annual Recurring Revenue',
      value: '$4.8M',
      hint: '+38% year over year',
      icon: DollarSignIcon,
    },
    { label: 'Active Users', value: '48,200', hint: '+6.1% month over month', icon: UsersIcon },
    {
      label: 'Net Revenue Retention',
      value: '124%',
      hint: 'Enterprise cohort',
      icon: TrendingUpIcon,
    },
    { label: 'Gross Margin', value: '78%', hint: '+3 points year over year', icon: PieChartIcon },
  ],
  activity: [
    {
      id: 'i1',
      title: 'Meridian Bank renewed its enterprise plan',
      detail: '$144k ARR on a three-year term',
      time: 'Today',
      platform: 'HireHub',
    },
    {
      id: 'i2',
      title: 'Marketplace revenue record',
      detail: '$486k in June, +22% month over month',
      time: 'Yesterday',
      platform: 'TalentMLS',
    },
    {
      id: 'i3',
      title: 'Singapore pilot launched',
      detail: '11 employers onboarded in the first week',
      time: '3 days ago',
      platform: 'TalentSpark',
    },
    {
      id: 'i4',
      title: 'SOC 2 Type II report issued',
      detail: 'No exceptions; covers all data pipelines',
      time: 'Last week',
      platform: 'SortStak',
    },
    {
      id: 'i5',
      title: 'Template library passed 36 templates',
      detail: '4.5★ average; 70% of roles start from one',
      time: 'Last week',
      platform: 'Role Builder',
    },
  ],
  tools: [
    {
      name: 'TalentMLS',
      description: 'Marketplace revenue, volume and trust & safety.',
      slug: 'talentmls',
    },
    { name: 'HireHub', description: 'Orders, inventory and fulfillment.', slug: 'hirehub' },
    { name: 'SortStak', description: 'Data processing at ecosystem scale.', slug: 'sortstak' },
    { name: 'Quick Role Check', description: 'Verification volume and pass rates.', slug: 'qrc' },
  ],
  health: [
    {
      platform: 'HireHub',
      metricLabel: 'Revenue (30 days)',
      metricValue: '$284,920',
    },
    {
      platform: 'TalentMLS',
      metricLabel: 'Revenue (30 days)',
      metricValue: '$486,200',
    },
    {
      platform: 'SortStak',
      metricLabel: 'Records processed today',
      metricValue: '2.4M',
    },
    {
      platform: 'Quick Role Check',
      metricLabel: 'Checks (30 days)',
      metricValue: '8,910',
    },
  ],
  marketDescription: 'Revenue by region and how far each market is penetrated.',
  marketMeasure: 'Penetration of the addressable employer market',
  markets: [
    { region: 'North America', status: 'live', progress: 41, detail: '$3.1M ARR' },
    { region: 'UK & Ireland', status: 'live', progress: 28, detail: '$0.5M ARR' },
    { region: 'Continental Europe', status: 'live', progress: 22, detail: '$0.9M ARR' },
    {
      region: 'Asia-Pacific',
      status: 'pilot',
      progress: 6,
      detail: '$0.3M ARR from the Singapore and Sydney pilots',
    },
    { region: 'Latin America', status: 'planned', progress: 0, detail: 'Launch planned for Q4' },
  ],
  highlightsDescription: 'The figures behind the next round.',
  highlights: [
    {
      figure: '$4.8M',
      label: 'ARR, +38% YoY',
      detail: 'Subscriptions and marketplace fees, 71% recurring.',
    },
    {
      figure: '124%',
      label: 'net revenue retention',
      detail: 'Employers expand into a second product within a year.',
    },
    {
      figure: '5',
      label: 'integrated products',
      detail: 'One identity and one data layer across all of them.',
    },
    {
      figure: '78%',
      label: 'gross margin',
      detail: 'Shared infrastructure keeps each new product cheap to run.',
    },
  ],
} satisfies DemoContent;

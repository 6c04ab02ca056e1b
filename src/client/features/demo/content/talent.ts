import { BadgeCheckIcon, GaugeIcon, SendIcon, SparklesIcon } from 'lucide-react';
import type { DemoContent } from '../types';

export const talentContent = {
  title: 'Your Career Hub',
  description:
    'Get verified once, be seen by employers across the ecosystem and find roles that fit.',
  headerAction: { label: 'Get verified with Quick Role Check', slug: 'qrc' },
  journeyIntro: 'From a self-check to an application in ten minutes.',
  journey: {
    qrc: {
      description: 'Take a two-minute self-check against a role you want.',
      cta: 'Start an assessment',
    },
    'role-builder': {
      description: 'See what the role really asks for and map your path to it.',
      cta: 'Build a career path',
    },
    talentmls: {
      description: 'Apply to verified jobs with your profile in one click.',
      cta: 'Browse jobs',
    },
  },
  stats: [
    { label: 'Profile Strength', value: '82%', hint: 'Add 2 skills to reach 90%', icon: GaugeIcon },
    { label: 'Matched Roles', value: '14', hint: '5 new since yesterday', icon: SparklesIcon },
    { label: 'Applications', value: '6', hint: '2 interviews scheduled', icon: SendIcon },
    {
      label: 'Verified Skills',
      value: '9',
      hint: '3 certifications current',
      icon: BadgeCheckIcon,
    },
  ],
  activity: [
    {
      id: 't1',
      title: 'You passed your role check',
      detail: 'Senior Data Engineer · score 94/100',
      time: '12 min ago',
      platform: 'Quick Role Check',
    },
    {
      id: 't2',
      title: 'Lumen Analytics viewed your profile',
      detail: 'For Senior Data Engineer (remote)',
      time: '2 hours ago',
      platform: 'TalentMLS',
    },
    {
      id: 't3',
      title: 'New match: Machine Learning Engineer',
      detail: 'Pioneer Biotech · 91% match',
      time: '5 hours ago',
      platform: 'TalentSpark',
    },
    {
      id: 't4',
      title: 'Interview scheduled',
      detail: 'Nimbus Cloud · Thursday 10:00',
      time: 'Yesterday',
      platform: 'TalentMLS',
    },
    {
      id: 't5',
      title: 'Certification renewed',
      detail: 'AWS Solutions Architect, valid for 3 years',
      time: '3 days ago',
      platform: 'TalentSpark',
    },
  ],
  tools: [
    {
      name: 'Quick Role Check',
      description: 'Practise and prove a role in two minutes.',
      slug: 'qrc',
    },
    {
      name: 'TalentSpark',
      description: 'Your profile, skills and certifications.',
      slug: 'talentspark',
    },
    {
      name: 'Role Builder',
      description: 'What roles require, and your path to them.',
      slug: 'role-builder',
    },
    { name: 'TalentMLS', description: 'Verified jobs with pay shown up front.', slug: 'talentmls' },
  ],
  health: [
    {
      platform: 'TalentSpark',
      metricLabel: 'Profile sync',
      metricValue: 'Every 2 min',
    },
    {
      platform: 'TalentMLS',
      metricLabel: 'New jobs today',
      metricValue: '312',
    },
    {
      platform: 'Quick Role Check',
      metricLabel: 'Average assessment',
      metricValue: '1m 52s',
    },
    {
      platform: 'Role Builder',
      metricLabel: 'Career paths mapped',
      metricValue: '56',
    },
  ],
  marketDescription: 'Where roles for your skills are opening up.',
  marketMeasure: 'Share of matching roles open to remote work',
  markets: [
    {
      region: 'North America',
      status: 'live',
      progress: 64,
      detail: '612 open roles match your skills',
    },
    {
      region: 'UK & Ireland',
      status: 'live',
      progress: 58,
      detail: '141 open roles match your skills',
    },
    {
      region: 'Continental Europe',
      status: 'live',
      progress: 71,
      detail: '318 open roles match your skills',
    },
    {
      region: 'Asia-Pacific',
      status: 'pilot',
      progress: 42,
      detail: 'Singapore employers now hiring',
    },
    { region: 'Latin America', status: 'planned', progress: 15, detail: 'Remote roles from Q4' },
  ],
  highlightsDescription: 'Why investing time in your profile pays off.',
  highlights: [
    {
      figure: '+18%',
      label: 'higher offers',
      detail: 'Verified talent receives stronger first offers.',
    },
    {
      figure: '2 min',
      label: 'to prove a skill',
      detail: 'A Quick Role Check result stays on your profile.',
    },
    {
      figure: '5',
      label: 'products, one profile',
      detail: 'Update once; every employer sees the same record.',
    },
    { figure: '$0', label: 'fees for talent', detail: 'Employers pay; talent never does.' },
  ],
} satisfies DemoContent;

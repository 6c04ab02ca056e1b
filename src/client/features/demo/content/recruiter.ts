import { BriefcaseIcon, ClockIcon, HandshakeIcon, UsersIcon } from 'lucide-react';
import type { DemoContent } from '../types';

export const recruiterContent = {
  title: 'Recruiter Command Center',
  description: 'Fill roles faster with pre-verified talent from across the ecosystem.',
  headerAction: { label: 'Start with Quick Role Check', slug: 'qrc' },
  journeyIntro: 'From a candidate check to a published job in ten minutes.',
  journey: {
    qrc: {
      description: 'Screen a candidate against a role and see every flagged issue.',
      cta: 'Run a role check',
    },
    'role-builder': {
      description: 'Define the role once: skills, weights and approvals.',
      cta: 'Build a role',
    },
    talentmls: {
      description: 'Publish it across the ecosystem and watch applications arrive.',
      cta: 'Post the job',
    },
  },
  stats: [
    { label: 'Open Roles', value: '24', hint: '+3 this week', icon: BriefcaseIcon },
    {
      label: 'Candidates in Pipeline',
      value: '186',
      hint: '42 verified by Quick Role Check',
      icon: UsersIcon,
    },
    {
      label: 'Time to Hire',
      value: '18 days',
      hint: '4 days faster than last quarter',
      icon: ClockIcon,
    },
    {
      label: 'Offer Acceptance',
      value: '87%',
      hint: '+5 points year over year',
      icon: HandshakeIcon,
    },
  ],
  activity: [
    {
      id: 'r1',
      title: 'Priya Raman passed her role check',
      detail: 'Senior Data Engineer · score 94/100',
      time: '12 min ago',
      platform: 'Quick Role Check',
    },
    {
      id: 'r2',
      title: '28 new applications',
      detail: 'Robotics Software Engineer at Cobalt Robotics',
      time: '1 hour ago',
      platform: 'TalentMLS',
    },
    {
      id: 'r3',
      title: 'Role approved and ready to publish',
      detail: 'Cloud Security Analyst at Meridian Bank',
      time: '3 hours ago',
      platform: 'Role Builder',
    },
    {
      id: 'r4',
      title: 'Background checks complete',
      detail: '25 of 25 for Brightline Health',
      time: 'Yesterday',
      platform: 'HireHub',
    },
    {
      id: 'r5',
      title: 'Duplicate candidate profiles merged',
      detail: 'Marcus Chen now has one ecosystem profile',
      time: 'Yesterday',
      platform: 'TalentSpark',
    },
  ],
  tools: [
    {
      name: 'Quick Role Check',
      description: 'Screen a candidate against a role in two minutes.',
      slug: 'qrc',
    },
    {
      name: 'Role Builder',
      description: 'Role definitions, templates and approvals.',
      slug: 'role-builder',
    },
    {
      name: 'TalentMLS',
      description: 'Post jobs and manage listings and applications.',
      slug: 'talentmls',
    },
    {
      name: 'TalentSpark',
      description: 'Search verified talent profiles and skills.',
      slug: 'talentspark',
    },
  ],
  health: [
    {
      platform: 'TalentMLS',
      metricLabel: 'Listings live',
      metricValue: '1,284',
    },
    {
      platform: 'Quick Role Check',
      metricLabel: 'Checks today',
      metricValue: '342',
    },
    {
      platform: 'Role Builder',
      metricLabel: 'Roles awaiting approval',
      metricValue: '6',
    },
    {
      platform: 'HireHub',
      metricLabel: 'Orders in processing',
      metricValue: '146',
    },
  ],
  marketDescription: 'Where verified talent pools are growing.',
  marketMeasure: 'Share of your target talent pool already verified',
  markets: [
    { region: 'North America', status: 'live', progress: 92, detail: '18,400 verified candidates' },
    { region: 'UK & Ireland', status: 'live', progress: 81, detail: '6,100 verified candidates' },
    {
      region: 'Continental Europe',
      status: 'live',
      progress: 74,
      detail: '9,200 verified candidates',
    },
    {
      region: 'Asia-Pacific',
      status: 'pilot',
      progress: 38,
      detail: 'Pilots in Singapore and Sydney',
    },
    {
      region: 'Latin America',
      status: 'planned',
      progress: 12,
      detail: 'Opens to recruiters in Q4',
    },
  ],
  highlightsDescription: 'What the ecosystem returns on your hiring spend.',
  highlights: [
    {
      figure: '32%',
      label: 'lower cost per hire',
      detail: 'One shared verification replaces repeated background checks.',
    },
    {
      figure: '4 days',
      label: 'faster time to hire',
      detail: 'Candidates arrive already checked against the role.',
    },
    {
      figure: '3×',
      label: 'more verified applicants',
      detail: 'Listings reach talent on every ecosystem product.',
    },
    {
      figure: '1',
      label: 'profile per candidate',
      detail: 'Duplicates across products are merged automatically.',
    },
  ],
} satisfies DemoContent;

import { AlertTriangleIcon, CheckCircle2Icon, ClipboardCheckIcon, TimerIcon } from 'lucide-react';
import type { ChartRow } from '@/components/charts/chart-card';
import type { StatFigure } from '@/components/stat-figures';
import type { CheckTemplate, QuickCheckResult, RolePerformance } from './types';

export const qrcStats = [
  { label: 'Checks Today', value: '342', hint: '+9% vs last Tuesday', icon: ClipboardCheckIcon },
  { label: 'Pass Rate', value: '78.4%', hint: '30-day average', icon: CheckCircle2Icon },
  { label: 'Avg. Check Time', value: '1m 52s', hint: 'Target under 2 minutes', icon: TimerIcon },
  {
    label: 'Issues Flagged',
    value: '27',
    hint: 'Today, across all checks',
    icon: AlertTriangleIcon,
  },
] satisfies StatFigure[];

export const recentChecks = [
  {
    id: 'QRC-20431',
    candidate: 'Priya Raman',
    role: 'Senior Data Engineer',
    result: 'Pass',
    score: 94,
    time: 102,
    issues: [],
  },
  {
    id: 'QRC-20430',
    candidate: 'Marcus Chen',
    role: 'Full-Stack Developer',
    result: 'Conditional',
    score: 76,
    time: 128,
    issues: ['Employment dates differ from TalentMLS'],
  },
  {
    id: 'QRC-20429',
    candidate: 'Aisha Bello',
    role: 'Cloud Security Analyst',
    result: 'Pass',
    score: 91,
    time: 97,
    issues: [],
  },
  {
    id: 'QRC-20428',
    candidate: 'James O’Connor',
    role: 'ICU Registered Nurse',
    result: 'Conditional',
    score: 72,
    time: 134,
    issues: ['Licence verification pending'],
  },
  {
    id: 'QRC-20427',
    candidate: 'Daniel Okafor',
    role: 'Actuarial Analyst',
    result: 'Fail',
    score: 48,
    time: 118,
    issues: ['Required exam not passed', 'Reference unreachable'],
  },
  {
    id: 'QRC-20426',
    candidate: 'Mei Tanaka',
    role: 'Machine Learning Engineer',
    result: 'Pass',
    score: 97,
    time: 88,
    issues: [],
  },
  {
    id: 'QRC-20425',
    candidate: 'Liam Novak',
    role: 'Fleet Operations Manager',
    result: 'Pass',
    score: 85,
    time: 110,
    issues: [],
  },
  {
    id: 'QRC-20424',
    candidate: 'Elena Petrova',
    role: 'QA Automation Engineer',
    result: 'Pass',
    score: 89,
    time: 104,
    issues: [],
  },
  {
    id: 'QRC-20423',
    candidate: 'Noah Williams',
    role: 'Sales Development Rep',
    result: 'Conditional',
    score: 68,
    time: 141,
    issues: ['Quota history not provided'],
  },
  {
    id: 'QRC-20422',
    candidate: 'Fatima Khan',
    role: 'HR Business Partner',
    result: 'Pass',
    score: 82,
    time: 115,
    issues: [],
  },
  {
    id: 'QRC-20421',
    candidate: 'Diego Santos',
    role: 'Avionics Technician',
    result: 'Fail',
    score: 41,
    time: 96,
    issues: [
      'Certification expired',
      'Right-to-work document unreadable',
      'Skills gap: FAA Part 65',
    ],
  },
  {
    id: 'QRC-20420',
    candidate: 'Grace Kim',
    role: 'Product Designer',
    result: 'Pass',
    score: 90,
    time: 99,
    issues: [],
  },
] satisfies QuickCheckResult[];

export const checkTemplates = [
  { name: 'Software Engineer Screen', category: 'Engineering', checks: 12, success: 81 },
  { name: 'Data & ML Fundamentals', category: 'Data', checks: 10, success: 77 },
  { name: 'Clinical Licence & Compliance', category: 'Healthcare', checks: 8, success: 92 },
  { name: 'Security Clearance Readiness', category: 'Security', checks: 9, success: 69 },
  { name: 'Financial Services Conduct', category: 'Finance', checks: 11, success: 74 },
  { name: 'Driver & Fleet Safety', category: 'Logistics', checks: 7, success: 88 },
  { name: 'Retail Leadership', category: 'Retail', checks: 6, success: 85 },
  { name: 'Aviation Maintenance Certs', category: 'Skilled trades', checks: 9, success: 71 },
  { name: 'Sales Track Record', category: 'Sales', checks: 6, success: 79 },
  { name: 'Right-to-Work Express', category: 'Compliance', checks: 4, success: 96 },
] satisfies CheckTemplate[];

export const rolePerformance = [
  { role: 'Senior Data Engineer', checks: 412, avgScore: 84, passRate: 81, avgTime: 104 },
  { role: 'ICU Registered Nurse', checks: 538, avgScore: 86, passRate: 88, avgTime: 121 },
  { role: 'Cloud Security Analyst', checks: 276, avgScore: 78, passRate: 72, avgTime: 113 },
  { role: 'Fleet Operations Manager', checks: 198, avgScore: 80, passRate: 79, avgTime: 108 },
  { role: 'Actuarial Analyst', checks: 143, avgScore: 74, passRate: 68, avgTime: 126 },
  { role: 'Store Manager', checks: 624, avgScore: 82, passRate: 84, avgTime: 97 },
  { role: 'Avionics Technician', checks: 87, avgScore: 71, passRate: 64, avgTime: 118 },
  { role: 'Machine Learning Engineer', checks: 164, avgScore: 83, passRate: 77, avgTime: 109 },
  { role: 'Sales Development Rep', checks: 351, avgScore: 76, passRate: 73, avgTime: 131 },
  { role: 'Product Designer', checks: 129, avgScore: 85, passRate: 83, avgTime: 101 },
] satisfies RolePerformance[];

export const checksPerDay = [
  { day: 'Wed', checks: 298, passRate: 77 },
  { day: 'Thu', checks: 315, passRate: 79 },
  { day: 'Fri', checks: 287, passRate: 78 },
  { day: 'Sat', checks: 142, passRate: 81 },
  { day: 'Sun', checks: 118, passRate: 80 },
  { day: 'Mon', checks: 324, passRate: 76 },
  { day: 'Tue', checks: 342, passRate: 78 },
] satisfies ChartRow[];

export const passRateByMonth = [
  { month: 'Jan', passRate: 72 },
  { month: 'Feb', passRate: 74 },
  { month: 'Mar', passRate: 75 },
  { month: 'Apr', passRate: 76 },
  { month: 'May', passRate: 77 },
  { month: 'Jun', passRate: 78 },
] satisfies ChartRow[];

export const resultShare = [
  { name: 'Pass', value: 78 },
  { name: 'Conditional', value: 14 },
  { name: 'Fail', value: 8 },
];

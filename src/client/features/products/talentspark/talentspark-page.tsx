import { consoleDescription } from '@shared/ecosystem-facts';
import { SparklesIcon } from 'lucide-react';
import { PageHeader } from '@/components/page-header';
import { SearchParamTabs, type TabSpec } from '@/components/search-param-tabs';
import { StatFigures } from '@/components/stat-figures';
import { talentsparkStats } from './data';
import { MatchingTab } from './matching-tab';
import { ProfilesTab } from './profiles-tab';
import { SkillsTab } from './skills-tab';
import { TrainingTab } from './training-tab';

const TABS: TabSpec[] = [
  { value: 'profiles', label: 'Talent Profiles', Content: ProfilesTab },
  { value: 'skills', label: 'Skills & Certifications', Content: SkillsTab },
  { value: 'training', label: 'Training Programs', Content: TrainingTab },
  { value: 'matching', label: 'Matching Algorithm', Content: MatchingTab },
];

const DESCRIPTION = consoleDescription(
  'TalentSpark',
  'verified profiles, skills, training and how talent is matched to roles.',
);

/** TalentSpark, the talent profile admin (docs/product/dashboards.md#talentspark). */
export default function TalentSparkPage() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <PageHeader icon={<SparklesIcon />} title="TalentSpark" description={DESCRIPTION} />
      <StatFigures stats={talentsparkStats} />
      <SearchParamTabs tabs={TABS} label="TalentSpark sections" />
    </div>
  );
}

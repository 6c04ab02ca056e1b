import { CheckCircle2Icon, DatabaseIcon, LightbulbIcon, PickaxeIcon, PlayIcon } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { SearchParamTabs } from '@/components/search-param-tabs';
import { PageHeader } from '@/components/page-header';
import { StatGrid, StatTile } from '@/components/stat-tile';
import { ConfigurationTab } from './configuration-tab';
import { datasets, miningJobs, patterns } from './data';
import { DatasetsTab } from './datasets-tab';
import { jobFromDraft, nextJobId, scheduleText, toggleJob, type MiningJobDraft } from './jobs';
import { MiningJobsTab } from './mining-jobs-tab';
import { NewJobDialog } from './new-job-dialog';
import { PatternAnalysisTab } from './pattern-analysis-tab';
import type { MiningJob } from './types';

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const totalRecords = datasets.reduce((sum, d) => sum + d.records, 0);

/** The data mining centre (docs/product/dashboards.md#data-mining). Jobs live in page memory. */
export default function DataMiningPage() {
  const [jobs, setJobs] = useState<MiningJob[]>(() => [...miningJobs]);
  const [announcement, setAnnouncement] = useState('');
  const [, setParams] = useSearchParams();

  const toggle = (id: string) => {
    const job = jobs.find((j) => j.id === id);
    if (!job) return;
    const next = toggleJob(job);
    setJobs((all) => all.map((j) => (j.id === id ? next : j)));
    setAnnouncement(`${next.name} is now ${next.status}.`);
  };

  const create = (draft: MiningJobDraft) => {
    const job = jobFromDraft(draft, nextJobId(jobs), 'Just now');
    // docs/product/dashboards.md#mining-job-wizard: creating a mining job only logs to the console.
    console.info('Creating mining job', {
      ...job,
      description: draft.description,
      timeout: draft.timeout,
      notify: draft.notify,
    });
    setJobs((all) => [job, ...all]);
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('tab');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
    toast.success(`Mining job “${job.name}” created`, {
      description:
        job.status === 'running'
          ? 'It is running now.'
          : `Schedule: ${scheduleText(job)}. It waits, paused, until its first run.`,
    });
  };

  const running = jobs.filter((j) => j.status === 'running').length;
  const completed = jobs.filter((j) => j.status === 'completed').length;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <PageHeader
        icon={<PickaxeIcon />}
        title="Data Mining"
        description="Mining jobs, datasets and the patterns they reveal across the ecosystem."
        actions={<NewJobDialog onCreate={create} />}
      />
      <StatGrid>
        <StatTile
          label="Running jobs"
          value={running}
          hint={`of ${jobs.length} jobs`}
          icon={<PlayIcon />}
        />
        <StatTile
          label="Completed jobs"
          value={completed}
          hint="results ready to read"
          icon={<CheckCircle2Icon />}
        />
        <StatTile
          label="Records available"
          value={compact.format(totalRecords)}
          hint={`in ${datasets.length} datasets`}
          icon={<DatabaseIcon />}
        />
        <StatTile
          label="Patterns found"
          value={patterns.length}
          hint="with at least 70% confidence"
          icon={<LightbulbIcon />}
        />
      </StatGrid>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      <SearchParamTabs
        label="Data mining sections"
        tabs={[
          {
            value: 'jobs',
            label: 'Mining Jobs',
            content: <MiningJobsTab jobs={jobs} onToggle={toggle} />,
          },
          { value: 'datasets', label: 'Datasets', content: <DatasetsTab /> },
          { value: 'patterns', label: 'Pattern Analysis', content: <PatternAnalysisTab /> },
          { value: 'configuration', label: 'Configuration', content: <ConfigurationTab /> },
        ]}
      />
    </div>
  );
}

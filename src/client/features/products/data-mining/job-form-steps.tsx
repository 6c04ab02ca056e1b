import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Field, FieldControl, FieldDescription, FieldLabel } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { algorithms, datasets, priorityLabels, scheduleHints, scheduleLabels } from './data';
import type { MiningJobDraft } from './jobs';
import { OptionCard } from './option-card';
import {
  JOB_PRIORITIES,
  SCHEDULE_TYPES,
  type Algorithm,
  type JobPriority,
  type ScheduleType,
} from './types';
import { formatCount } from '@/lib/number-format';

type StepProps = { draft: MiningJobDraft; update: (patch: Partial<MiningJobDraft>) => void };

const COMPLEXITY_TONES: Record<Algorithm['complexity'], BadgeTone> = {
  Low: 'success',
  Medium: 'warning',
  High: 'danger',
};

const Required = () => (
  <span className="text-rose-700" aria-hidden>
    {' '}
    *
  </span>
);

export function BasicInfoStep({ draft, update }: StepProps) {
  return (
    <div className="space-y-4">
      <div className="space-y-2">
        <Label htmlFor="job-name">
          Job name
          <Required />
        </Label>
        <Input
          id="job-name"
          value={draft.name}
          onChange={(e) => update({ name: e.target.value })}
          placeholder="e.g. Weekly skills scan"
          aria-required
          autoComplete="off"
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor="job-description">Description</Label>
        <Textarea
          id="job-description"
          value={draft.description}
          onChange={(e) => update({ description: e.target.value })}
          placeholder="What should this job find out? (optional)"
          rows={3}
        />
      </div>
    </div>
  );
}

export function DataSourceStep({ draft, update }: StepProps) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-sm font-medium text-slate-800">
        Data source
        <Required />
      </legend>
      {datasets.map((d) => (
        <OptionCard
          key={d.id}
          group="job-dataset"
          value={d.id}
          checked={draft.dataset === d.id}
          onSelect={(dataset) => update({ dataset })}
          title={d.name}
          description={`${formatCount(d.records)} records · ${d.type} · from ${d.source}`}
          badge={<code className="text-xs text-slate-600">{d.id}</code>}
        />
      ))}
    </fieldset>
  );
}

export function AlgorithmStep({ draft, update }: StepProps) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-sm font-medium text-slate-800">
        Algorithm
        <Required />
      </legend>
      {algorithms.map((a) => (
        <OptionCard
          key={a.id}
          group="job-algorithm"
          value={a.id}
          checked={draft.algorithm === a.id}
          onSelect={(algorithm) => update({ algorithm })}
          title={a.name}
          description={a.description}
          badge={<Badge tone={COMPLEXITY_TONES[a.complexity]}>{a.complexity} complexity</Badge>}
        />
      ))}
    </fieldset>
  );
}

/** docs/product/dashboards.md#mining-cron: the cron field only for a custom schedule, optional and never blocking. */
function CronField({ draft, update }: StepProps) {
  return (
    <Field name="cron" className="block rounded-lg border border-slate-200 bg-slate-50 p-3">
      <FieldLabel>Cron expression</FieldLabel>
      <FieldControl>
        <Input
          value={draft.cron}
          onChange={(e) => update({ cron: e.target.value })}
          placeholder="0 */6 * * *"
          className="mt-2 font-mono"
          spellCheck={false}
          autoComplete="off"
        />
      </FieldControl>
      <FieldDescription className="mt-2">
        Use standard cron syntax: minute hour day-of-month month day-of-week. Example:{' '}
        <code className="rounded bg-white px-1 whitespace-nowrap text-slate-800">0 */6 * * *</code>{' '}
        runs every 6 hours.
      </FieldDescription>
    </Field>
  );
}

export function ScheduleStep({ draft, update }: StepProps) {
  return (
    <div className="space-y-5">
      <div className="space-y-2">
        <Label htmlFor="job-schedule">
          Schedule type
          <Required />
        </Label>
        <Select
          value={draft.schedule}
          onValueChange={(v) => update({ schedule: v as ScheduleType })}
        >
          <SelectTrigger id="job-schedule" aria-required>
            <SelectValue placeholder="Choose when the job runs" />
          </SelectTrigger>
          <SelectContent>
            {SCHEDULE_TYPES.map((s) => (
              <SelectItem key={s} value={s}>
                {scheduleLabels[s]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {draft.schedule ? (
          <p className="text-xs text-slate-600">{scheduleHints[draft.schedule]}</p>
        ) : null}
      </div>
      {draft.schedule === 'custom' ? <CronField draft={draft} update={update} /> : null}
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-slate-900">Advanced options</legend>
        <p className="text-xs text-slate-600">All optional.</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-2">
            <Label htmlFor="job-timeout">Timeout</Label>
            <Input
              id="job-timeout"
              value={draft.timeout}
              onChange={(e) => update({ timeout: e.target.value })}
              placeholder="60 minutes"
              autoComplete="off"
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor="job-priority">Priority</Label>
            <Select
              value={draft.priority}
              onValueChange={(v) => update({ priority: v as JobPriority })}
            >
              <SelectTrigger id="job-priority">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {JOB_PRIORITIES.map((p) => (
                  <SelectItem key={p} value={p}>
                    {priorityLabels[p]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="space-y-2 sm:col-span-2">
            <Label htmlFor="job-notify">Notification email</Label>
            <Input
              id="job-notify"
              type="email"
              value={draft.notify}
              onChange={(e) => update({ notify: e.target.value })}
              placeholder="data-team@example.com"
              autoComplete="off"
            />
          </div>
        </div>
      </fieldset>
    </div>
  );
}

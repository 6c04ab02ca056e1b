import { CheckIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { FormDialog } from '@/components/ui/form-dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { emptyDraft, missingFields, type MiningJobDraft } from './jobs';
import { AlgorithmStep, BasicInfoStep, DataSourceStep, ScheduleStep } from './job-form-steps';

// "a, b and c", the list style the dialog's texts use.
const LIST = new Intl.ListFormat('en-GB', { style: 'long', type: 'conjunction' });

const STEPS = [
  {
    value: 'basic',
    label: 'Basic Info',
    Step: BasicInfoStep,
    done: (d: MiningJobDraft) => d.name.trim() !== '',
  },
  {
    value: 'source',
    label: 'Data Source',
    Step: DataSourceStep,
    done: (d: MiningJobDraft) => d.dataset !== '',
  },
  {
    value: 'algorithm',
    label: 'Algorithm',
    Step: AlgorithmStep,
    done: (d: MiningJobDraft) => d.algorithm !== '',
  },
  {
    value: 'schedule',
    label: 'Schedule',
    Step: ScheduleStep,
    done: (d: MiningJobDraft) => d.schedule !== '',
  },
] as const;

/** Lives inside the dialog content, so that every opening starts from an empty draft. */
function NewJobForm({
  onCancel,
  onCreate,
}: {
  onCancel: () => void;
  onCreate: (draft: MiningJobDraft) => void;
}) {
  const [draft, setDraft] = useState<MiningJobDraft>(emptyDraft);
  const [step, setStep] = useState<string>('basic');
  const update = (patch: Partial<MiningJobDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const missing = missingFields(draft);
  return (
    <>
      <Tabs value={step} onValueChange={setStep}>
        <TabsList aria-label="Mining job settings">
          {STEPS.map((s) => (
            <TabsTrigger key={s.value} value={s.value}>
              {s.label}
              {s.done(draft) ? <CheckIcon className="text-emerald-700" aria-hidden /> : null}
            </TabsTrigger>
          ))}
        </TabsList>
        {STEPS.map(({ value, Step }) => (
          <TabsContent key={value} value={value} className="min-h-64">
            <Step draft={draft} update={update} />
          </TabsContent>
        ))}
      </Tabs>
      <p id="new-job-status" className="text-sm text-slate-600" aria-live="polite">
        {missing.length > 0
          ? `Still needed: ${LIST.format(missing)}.`
          : 'Ready: every required field is set.'}
      </p>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          disabled={missing.length > 0}
          aria-describedby="new-job-status"
          onClick={() => onCreate(draft)}
        >
          Create Mining Job
        </Button>
      </DialogFooter>
    </>
  );
}

/** docs/product/dashboards.md#mining-job-wizard: the New Mining Job wizard; it closes on Cancel or Create. */
export function NewJobDialog({ onCreate }: { onCreate: (draft: MiningJobDraft) => void }) {
  return (
    <FormDialog
      trigger={
        <Button>
          <PlusIcon aria-hidden />
          New Mining Job
        </Button>
      }
      title="New Mining Job"
      description="Name the job, then choose its data source, algorithm and schedule."
      className="grid-cols-1 sm:max-w-2xl"
    >
      {(close) => (
        <NewJobForm
          onCancel={close}
          onCreate={(draft) => {
            onCreate(draft);
            close();
          }}
        />
      )}
    </FormDialog>
  );
}

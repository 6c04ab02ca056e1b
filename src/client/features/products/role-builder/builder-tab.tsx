import { LabelledProgress } from '@/components/labelled-progress';
import { StatusBadge } from '@/components/status-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { demoAction } from '@/lib/demo-feedback';
import { roleDraft } from './data';

const STEP_LABEL = { approved: 'Approved', pending: 'Pending', waiting: 'Waiting' } as const;
const STEP_TONE = { approved: 'success', pending: 'warning', waiting: 'neutral' } as const;

export function BuilderTab() {
  const d = roleDraft;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle>Role Definition: {d.title}</CardTitle>
          <CardDescription>
            Draft for {d.company}. Every field is checked against the shared skills taxonomy.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {d.details.map((item) => (
              <div key={item.label} className="rounded-md bg-slate-50 p-3">
                <dt className="text-xs font-medium text-slate-600">{item.label}</dt>
                <dd className="mt-0.5 font-medium text-slate-900">{item.value}</dd>
              </div>
            ))}
          </dl>
          <section aria-labelledby="draft-skills">
            <h3 id="draft-skills" className="mb-3 text-sm font-semibold text-slate-900">
              Skills and their weight in matching
            </h3>
            <ul className="space-y-3">
              {d.skills.map((s) => (
                <li key={s.name}>
                  <div className="mb-1 flex items-center justify-between gap-2 text-sm">
                    <span className="text-slate-900">{s.name}</span>
                    <Badge tone={s.level === 'Required' ? 'brand' : 'neutral'}>{s.level}</Badge>
                  </div>
                  <LabelledProgress value={s.weight} label={`${s.name} weight`} />
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="draft-responsibilities">
            <h3 id="draft-responsibilities" className="mb-2 text-sm font-semibold text-slate-900">
              Responsibilities
            </h3>
            <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
              {d.responsibilities.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          </section>
        </CardContent>
      </Card>
      <Card className="h-fit">
        <CardHeader>
          <CardTitle>Approval Workflow</CardTitle>
          <CardDescription>Publishing waits for every step.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-5">
          <ol className="space-y-3">
            {d.approvals.map((a, i) => (
              <li key={a.step} className="flex items-start gap-3">
                <span
                  className="flex size-6 shrink-0 items-center justify-center rounded-full bg-slate-100 text-xs font-semibold text-slate-700"
                  aria-hidden
                >
                  {i + 1}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium text-slate-900">{a.step}</p>
                  <p className="text-xs text-slate-600">{a.owner}</p>
                </div>
                <StatusBadge
                  status={a.status}
                  label={STEP_LABEL[a.status]}
                  tone={STEP_TONE[a.status]}
                />
              </li>
            ))}
          </ol>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              onClick={() =>
                demoAction('Save Draft', 'The full product saves the role and keeps its history.')
              }
            >
              Save Draft
            </Button>
            <Button
              onClick={() =>
                demoAction(
                  'Submit for Review',
                  'The full product notifies the next approver, Fatima Khan of the People team.',
                )
              }
            >
              Submit for Review
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}

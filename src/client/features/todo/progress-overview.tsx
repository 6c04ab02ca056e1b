import { LabelledProgress } from '@/components/labelled-progress';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { ChecklistProgress, Tally } from './progress';

function TallyRow({ name, tally, label }: { name: string; tally: Tally; label: string }) {
  return (
    <li className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 sm:grid-cols-[8rem_minmax(0,1fr)_4.5rem]">
      <span className="text-sm font-medium text-slate-800">{name}</span>
      <span className="text-right text-xs text-slate-600 tabular-nums sm:order-last">
        {tally.done} of {tally.total}
      </span>
      <div className="col-span-2 sm:col-span-1">
        <LabelledProgress value={tally.percent} label={label} />
      </div>
    </li>
  );
}

/** Overall, per-priority and per-category progress, recomputed on every tick (docs/product/dashboards.md#todo-progress). */
export function ProgressOverview({ progress }: { progress: ChecklistProgress }) {
  const { overall } = progress;
  return (
    <Card className="mb-6">
      <CardHeader>
        <CardTitle>Progress overview</CardTitle>
        <CardDescription>
          {overall.done} of {overall.total} tasks done. Ticks are kept on this page only and reset
          when it reloads.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <div>
          <p className="mb-2 text-sm font-medium text-slate-800">Overall</p>
          <LabelledProgress value={overall.percent} label="Overall progress" />
        </div>
        <div className="grid gap-6 lg:grid-cols-2">
          <section aria-labelledby="progress-by-priority">
            <h3 id="progress-by-priority" className="mb-3 text-sm font-semibold text-slate-900">
              By priority
            </h3>
            <ul className="space-y-3">
              {progress.byPriority.map((p) => (
                <TallyRow
                  key={p.priority}
                  name={p.priority}
                  tally={p}
                  label={`${p.priority} priority progress`}
                />
              ))}
            </ul>
          </section>
          <section aria-labelledby="progress-by-category">
            <h3 id="progress-by-category" className="mb-3 text-sm font-semibold text-slate-900">
              By category
            </h3>
            <ul className="space-y-3">
              {progress.byCategory.map((c) => (
                <TallyRow
                  key={c.category}
                  name={c.category}
                  tally={c}
                  label={`${c.category} category progress`}
                />
              ))}
            </ul>
          </section>
        </div>
      </CardContent>
    </Card>
  );
}

import { CheckIcon, ClockIcon } from 'lucide-react';
import { StatusBadge } from '@/components/status-badge';
import { Badge } from '@/components/ui/badge';
import { Checkbox } from '@/components/ui/checkbox';
import { Field, FieldControl, FieldDescription, FieldLabel } from '@/components/ui/field';
import { cn } from '@/lib/utils';
import { PriorityBadge } from './priority-badge';
import { openDependencies } from './progress';
import type { ChecklistTask } from './types';

type ToggleProps = {
  tasks: readonly ChecklistTask[];
  done: ReadonlySet<string>;
  onToggle: (id: string, checked: boolean) => void;
};

function TaskItem({
  task,
  view,
  tasks,
  done,
  onToggle,
}: ToggleProps & {
  task: ChecklistTask;
  view: string;
}) {
  const id = `${view}-${task.id}`;
  const isDone = done.has(task.id);
  const waiting = openDependencies(task, tasks, done);
  const dependencies = task.dependencies
    .map((dep) => tasks.find((t) => t.id === dep))
    .filter((t): t is ChecklistTask => t !== undefined);
  return (
    <Field name={id} asChild>
      <li
        className={cn(
          'flex gap-3 rounded-lg border p-4 transition-colors duration-150',
          isDone ? 'border-emerald-200 bg-emerald-50/40' : 'border-slate-200 bg-white',
        )}
      >
        <FieldControl>
          <Checkbox
            checked={isDone}
            onCheckedChange={(checked) => onToggle(task.id, checked === true)}
            className="mt-0.5"
          />
        </FieldControl>
        <div className="min-w-0 flex-1">
          <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
            <FieldLabel asChild>
              <label
                className={cn(
                  'cursor-pointer font-medium text-slate-900',
                  isDone && 'text-slate-600 line-through',
                )}
              >
                {task.title}
              </label>
            </FieldLabel>
            {/* One row of badges: beside the title where the row has room, under it on a phone. */}
            <div className="flex shrink-0 flex-wrap gap-1.5 sm:flex-nowrap">
              <PriorityBadge priority={task.priority} />
              <Badge tone="brand">{task.category}</Badge>
              {isDone ? (
                <StatusBadge status="done" tone="success" />
              ) : waiting.length > 0 ? (
                <StatusBadge
                  status="waiting"
                  label={`Waiting on ${waiting.length}`}
                  tone="warning"
                />
              ) : (
                <StatusBadge status="ready" tone="info" />
              )}
            </div>
          </div>
          <FieldDescription className="mt-1 text-sm">{task.description}</FieldDescription>
          <dl className="mt-3 grid gap-x-6 gap-y-1 text-xs text-slate-600 sm:grid-cols-[auto_1fr]">
            <dt className="font-medium text-slate-700">Estimate</dt>
            <dd className="flex items-center gap-1 tabular-nums">
              <ClockIcon className="size-3.5" aria-hidden />
              {task.estimatedHours} h
            </dd>
            <dt className="font-medium text-slate-700">Depends on</dt>
            <dd>
              {dependencies.length === 0 ? (
                'Nothing'
              ) : (
                <ul className="flex flex-wrap gap-x-3 gap-y-1">
                  {dependencies.map((dep) => (
                    <li key={dep.id} className="flex items-center gap-1">
                      {done.has(dep.id) ? (
                        <CheckIcon className="size-3.5 text-emerald-700" aria-label="done" />
                      ) : null}
                      {dep.title}
                    </li>
                  ))}
                </ul>
              )}
            </dd>
            <dt className="font-medium text-slate-700">Notes</dt>
            <dd>{task.notes}</dd>
          </dl>
        </div>
      </li>
    </Field>
  );
}

/** One heading and its tasks, each ticked by its checkbox (labelled with the task title). */
export function TaskGroup({
  title,
  groupTasks,
  view,
  ...toggle
}: ToggleProps & { title: string; groupTasks: readonly ChecklistTask[]; view: string }) {
  const headingId = `${view}-${title.toLowerCase().replace(/\W+/g, '-')}`;
  const doneCount = groupTasks.filter((t) => toggle.done.has(t.id)).length;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <span className="text-sm text-slate-600 tabular-nums">
          {doneCount} of {groupTasks.length} done
        </span>
      </div>
      <ul className="grid gap-3 xl:grid-cols-2">
        {groupTasks.map((task) => (
          <TaskItem key={task.id} task={task} view={view} {...toggle} />
        ))}
      </ul>
    </section>
  );
}

import { ListChecksIcon, RotateCcwIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { SearchParamTabs } from '@/components/search-param-tabs';
import { PageHeader } from '@/components/page-header';
import { StatGrid, StatTile } from '@/components/stat-tile';
import { Button } from '@/components/ui/button';
import { checklistTasks } from './data';
import { checklistProgress, groupTasks, initiallyDone, readyTasks } from './progress';
import { ProgressOverview } from './progress-overview';
import { TaskGroup } from './task-list';
import { CATEGORIES, PRIORITIES } from './types';

const tasks = checklistTasks;

/** The final to-do checklist (docs/product/dashboards.md#final-todo): ticks live in page memory only (docs/product/dashboards.md#todo-progress). */
export default function FinalTodoPage() {
  const [done, setDone] = useState<ReadonlySet<string>>(() => initiallyDone(tasks));
  const progress = useMemo(() => checklistProgress(tasks, done), [done]);
  const ready = useMemo(() => readyTasks(tasks, done).length, [done]);
  const critical = progress.byPriority.find((p) => p.priority === 'Critical')!;

  const onToggle = (id: string, checked: boolean) =>
    setDone((prev) => {
      const next = new Set(prev);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  const toggle = { tasks, done, onToggle };

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <PageHeader
        icon={<ListChecksIcon />}
        title="Final To-Do"
        description="The 20 tasks between this demonstration and launching the ecosystem."
        actions={
          <Button variant="outline" onClick={() => setDone(initiallyDone(tasks))}>
            <RotateCcwIcon aria-hidden />
            Reset checklist
          </Button>
        }
      />
      <StatGrid>
        <StatTile
          label="Overall progress"
          value={`${progress.overall.percent}%`}
          hint={`${progress.overall.done} of ${progress.overall.total} tasks done`}
        />
        <StatTile
          label="Critical tasks open"
          value={critical.total - critical.done}
          hint={`of ${critical.total} critical tasks`}
        />
        <StatTile
          label="Hours remaining"
          value={`${progress.hoursRemaining} h`}
          hint="estimated for the open tasks"
        />
        <StatTile label="Ready to start" value={ready} hint="open tasks with nothing to wait on" />
      </StatGrid>
      <ProgressOverview progress={progress} />
      <SearchParamTabs
        label="Checklist views"
        tabs={[
          {
            value: 'priority',
            label: 'By Priority',
            content: (
              <div className="space-y-8">
                {groupTasks(tasks, PRIORITIES, (t) => t.priority).map((g) => (
                  <TaskGroup
                    key={g.key}
                    title={g.key}
                    groupTasks={g.tasks}
                    view="priority"
                    {...toggle}
                  />
                ))}
              </div>
            ),
          },
          {
            value: 'category',
            label: 'By Category',
            content: (
              <div className="space-y-8">
                {groupTasks(tasks, CATEGORIES, (t) => t.category).map((g) => (
                  <TaskGroup
                    key={g.key}
                    title={g.key}
                    groupTasks={g.tasks}
                    view="category"
                    {...toggle}
                  />
                ))}
              </div>
            ),
          },
        ]}
      />
    </div>
  );
}

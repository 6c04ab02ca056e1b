import { CATEGORIES, PRIORITIES, type Category, type ChecklistTask, type Priority } from './types';

/** Done out of total, with the percentage (0–100, rounded) shown on its bar. */
export type Tally = { done: number; total: number; percent: number };

export type ChecklistProgress = {
  overall: Tally;
  /** In the order of docs/product/dashboards.md#final-todo: Critical, High, Medium, Low. */
  byPriority: (Tally & { priority: Priority })[];
  byCategory: (Tally & { category: Category })[];
  hoursRemaining: number;
};

function tally(tasks: readonly ChecklistTask[], done: ReadonlySet<string>): Tally {
  const count = tasks.filter((t) => done.has(t.id)).length;
  const percent = tasks.length === 0 ? 0 : Math.round((count / tasks.length) * 100);
  return { done: count, total: tasks.length, percent };
}

/** Progress of the checklist overall, per priority and per category (docs/product/dashboards.md#todo-progress). */
export function checklistProgress(
  tasks: readonly ChecklistTask[],
  done: ReadonlySet<string>,
): ChecklistProgress {
  return {
    overall: tally(tasks, done),
    byPriority: PRIORITIES.map((priority) => ({
      priority,
      ...tally(
        tasks.filter((t) => t.priority === priority),
        done,
      ),
    })),
    byCategory: CATEGORIES.map((category) => ({
      category,
      ...tally(
        tasks.filter((t) => t.category === category),
        done,
      ),
    })).filter((c) => c.total > 0),
    hoursRemaining: tasks
      .filter((t) => !done.has(t.id))
      .reduce((sum, t) => sum + t.estimatedHours, 0),
  };
}

/** The ids of the tasks marked completed in the sample data: the page's starting state. */
export const initiallyDone = (tasks: readonly ChecklistTask[]): Set<string> =>
  new Set(tasks.filter((t) => t.completed).map((t) => t.id));

/** The dependencies of a task that are not done yet. */
export function openDependencies(
  task: ChecklistTask,
  tasks: readonly ChecklistTask[],
  done: ReadonlySet<string>,
): ChecklistTask[] {
  return task.dependencies
    .filter((id) => !done.has(id))
    .map((id) => tasks.find((t) => t.id === id))
    .filter((t): t is ChecklistTask => t !== undefined);
}

/** Open tasks whose dependencies are all done. */
export const readyTasks = (tasks: readonly ChecklistTask[], done: ReadonlySet<string>) =>
  tasks.filter((t) => !done.has(t.id) && openDependencies(t, tasks, done).length === 0);

/** Tasks in groups, in the order of the given keys, leaving out empty groups. */
export function groupTasks<K extends string>(
  tasks: readonly ChecklistTask[],
  keys: readonly K[],
  keyOf: (task: ChecklistTask) => K,
): { key: K; tasks: ChecklistTask[] }[] {
  return keys
    .map((key) => ({ key, tasks: tasks.filter((t) => keyOf(t) === key) }))
    .filter((g) => g.tasks.length > 0);
}

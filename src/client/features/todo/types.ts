/** A checklist task, with the priority order of docs/product/dashboards.md#final-todo. */
export const PRIORITIES = ['Critical', 'High', 'Medium', 'Low'] as const;
export type Priority = (typeof PRIORITIES)[number];

export const CATEGORIES = [
  'Security',
  'Infrastructure',
  'Integrations',
  'Compliance',
  'Quality',
  'Launch',
] as const;
export type Category = (typeof CATEGORIES)[number];

export type ChecklistTask = {
  id: string;
  title: string;
  description: string;
  priority: Priority;
  category: Category;
  /** Starting state; the page keeps the live state in memory (docs/product/dashboards.md#todo-progress). */
  completed: boolean;
  estimatedHours: number;
  /** Ids of tasks that should be done first. */
  dependencies: string[];
  notes: string;
};

/** SPEC.md §3 checklist task, with the priority order of §9. */
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
  /** Starting state; the page keeps the live state in memory (SPEC.md §4). */
  completed: boolean;
  estimatedHours: number;
  /** Ids of tasks that should be done first. */
  dependencies: string[];
  notes: string;
};

import { describe, expect, it } from 'vitest';
import { checklistTasks } from './data';
import {
  checklistProgress,
  groupTasks,
  initiallyDone,
  openDependencies,
  readyTasks,
} from './progress';
import { PRIORITIES, type ChecklistTask } from './types';

const task = (over: Partial<ChecklistTask> & Pick<ChecklistTask, 'id'>): ChecklistTask => ({
  title: over.id,
  description: '',
  priority: 'Medium',
  category: 'Quality',
  completed: false,
  estimatedHours: 1,
  dependencies: [],
  notes: '',
  ...over,
});

describe('checklistProgress', () => {
  const tasks = [
    task({ id: 'a', priority: 'Critical', category: 'Security', estimatedHours: 4 }),
    task({ id: 'b', priority: 'Critical', category: 'Launch', estimatedHours: 2 }),
    task({ id: 'c', priority: 'High', category: 'Security', estimatedHours: 3 }),
    task({ id: 'd', priority: 'Low', category: 'Security', estimatedHours: 1 }),
  ];

  it('counts nothing done as 0% everywhere', () => {
    const p = checklistProgress(tasks, new Set());
    expect(p.overall).toEqual({ done: 0, total: 4, percent: 0 });
    expect(p.byPriority.map((x) => x.percent)).toEqual([0, 0, 0, 0]);
    expect(p.hoursRemaining).toBe(10);
  });

  it('computes overall, per priority and per category from the done set', () => {
    const p = checklistProgress(tasks, new Set(['a', 'c']));
    expect(p.overall).toEqual({ done: 2, total: 4, percent: 50 });
    expect(p.byPriority).toEqual([
      { priority: 'Critical', done: 1, total: 2, percent: 50 },
      { priority: 'High', done: 1, total: 1, percent: 100 },
      { priority: 'Medium', done: 0, total: 0, percent: 0 },
      { priority: 'Low', done: 0, total: 1, percent: 0 },
    ]);
    expect(p.byCategory).toEqual([
      { category: 'Security', done: 2, total: 3, percent: 67 },
      { category: 'Launch', done: 0, total: 1, percent: 0 },
    ]);
    expect(p.hoursRemaining).toBe(3);
  });

  it('keeps the priority order Critical, High, Medium, Low', () => {
    const p = checklistProgress(tasks, new Set());
    expect(p.byPriority.map((x) => x.priority)).toEqual(['Critical', 'High', 'Medium', 'Low']);
  });

  it('ignores done ids that are not tasks', () => {
    expect(checklistProgress(tasks, new Set(['zzz'])).overall.done).toBe(0);
  });

  it('is 0% of an empty list, not NaN', () => {
    expect(checklistProgress([], new Set()).overall).toEqual({ done: 0, total: 0, percent: 0 });
  });

  it('rounds to whole percentages', () => {
    const three = [task({ id: 'x' }), task({ id: 'y' }), task({ id: 'z' })];
    expect(checklistProgress(three, new Set(['x'])).overall.percent).toBe(33);
    expect(checklistProgress(three, new Set(['x', 'y'])).overall.percent).toBe(67);
    expect(checklistProgress(three, new Set(['x', 'y', 'z'])).overall.percent).toBe(100);
  });
});

describe('dependencies', () => {
  const tasks = [
    task({ id: 'a' }),
    task({ id: 'b', dependencies: ['a'] }),
    task({ id: 'c', dependencies: ['a', 'b'] }),
  ];

  it('lists the dependencies that are still open', () => {
    expect(openDependencies(tasks[2]!, tasks, new Set()).map((t) => t.id)).toEqual(['a', 'b']);
    expect(openDependencies(tasks[2]!, tasks, new Set(['a'])).map((t) => t.id)).toEqual(['b']);
  });

  it('finds the open tasks that are ready to start', () => {
    expect(readyTasks(tasks, new Set()).map((t) => t.id)).toEqual(['a']);
    expect(readyTasks(tasks, new Set(['a'])).map((t) => t.id)).toEqual(['b']);
    expect(readyTasks(tasks, new Set(['a', 'b', 'c']))).toEqual([]);
  });
});

describe('groupTasks', () => {
  it('groups in the order of the keys and leaves out empty groups', () => {
    const tasks = [
      task({ id: 'a', priority: 'Low' }),
      task({ id: 'b', priority: 'Critical' }),
      task({ id: 'c', priority: 'Low' }),
    ];
    const groups = groupTasks(tasks, PRIORITIES, (t) => t.priority);
    expect(groups.map((g) => [g.key, g.tasks.map((t) => t.id)])).toEqual([
      ['Critical', ['b']],
      ['Low', ['a', 'c']],
    ]);
  });
});

describe('the checklist sample data', () => {
  it('has 20 tasks with unique ids (docs/product/dashboards.md#final-todo)', () => {
    expect(checklistTasks).toHaveLength(20);
    expect(new Set(checklistTasks.map((t) => t.id)).size).toBe(20);
  });

  it('only depends on tasks that exist, never on itself', () => {
    const ids = new Set(checklistTasks.map((t) => t.id));
    for (const t of checklistTasks) {
      for (const dep of t.dependencies) {
        expect(ids.has(dep)).toBe(true);
        expect(dep).not.toBe(t.id);
      }
    }
  });

  it('starts with four tasks done: 20% overall', () => {
    const p = checklistProgress(checklistTasks, initiallyDone(checklistTasks));
    expect(p.overall).toEqual({ done: 4, total: 20, percent: 20 });
    expect(p.byPriority.map((x) => [x.priority, x.done, x.total])).toEqual([
      ['Critical', 2, 5],
      ['High', 1, 6],
      ['Medium', 1, 5],
      ['Low', 0, 4],
    ]);
  });
});

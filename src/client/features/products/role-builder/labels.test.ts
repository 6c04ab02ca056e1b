import { describe, expect, it } from 'vitest';
import { PERSONAS } from '@shared/constants';
import { activeRoles, roleTemplates } from './data';
import { ROLE_BUILDER_LABELS } from './labels';
import { countRolesByStatus } from './summary';

describe('Role Builder persona labels', () => {
  it('names the main action as the product docs say for each persona', () => {
    expect(ROLE_BUILDER_LABELS.recruiter.primaryAction).toBe('Create New Role');
    expect(ROLE_BUILDER_LABELS.talent.primaryAction).toBe('Build Career Path');
    expect(ROLE_BUILDER_LABELS.investor.primaryAction).toBe('View Analytics');
  });

  it('describes the screen differently for each persona', () => {
    expect(new Set(PERSONAS.map((p) => ROLE_BUILDER_LABELS[p].description)).size).toBe(3);
  });
});

describe('Role Builder sample data', () => {
  it('counts the roles in each status', () => {
    const counts = countRolesByStatus(activeRoles);
    expect(counts).toEqual({ Active: 7, Review: 3, Draft: 2 });
  });

  it('keeps completion and ratings within range', () => {
    for (const r of activeRoles) expect(r.completion).toBeGreaterThanOrEqual(0);
    for (const r of activeRoles) expect(r.completion).toBeLessThanOrEqual(100);
    for (const t of roleTemplates) expect(t.rating).toBeLessThanOrEqual(5);
  });
});

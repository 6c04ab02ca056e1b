import { describe, expect, it } from 'vitest';
import { appBudgets } from './app-budgets.ts';

const route = (name: string) => appBudgets.routes.find((r) => r.route === name)!;

describe("the app's budgets", () => {
  it('hold the sign-in portal to 150 KiB, without the app root', () => {
    expect(route('/auth').maxGzipBytes).toBe(153_600);
    expect(route('/auth').roots ?? []).toEqual([]);
    expect(route('/auth').pages).toContain('src/client/auth-root.tsx');
  });

  it('hold an invitation link’s page to the sign-in portal’s budget', () => {
    expect(route('/auth/invite').maxGzipBytes).toBe(153_600);
    expect(route('/auth/invite').roots ?? []).toEqual([]);
    expect(route('/auth/invite').pages).toContain('src/client/features/auth/invite-page.tsx');
  });

  it('keep the router and the query library off the sign-in portal only', () => {
    const rule = appBudgets.restricted!.find((r) => r.name === 'the router or the query library')!;
    expect(rule.test.test('node_modules/react-router/dist/index.mjs')).toBe(true);
    expect(rule.test.test('node_modules/@tanstack/query-core/build/modern/index.js')).toBe(true);
    expect(rule.allowedOn(route('/auth'))).toBe(false);
    expect(rule.allowedOn(route('/auth/invite'))).toBe(false);
    expect(rule.allowedOn(route('/demo'))).toBe(true);
  });
});

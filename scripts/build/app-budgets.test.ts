import { describe, expect, it } from 'vitest';
import { appBudgets } from './app-budgets.ts';

const route = (name: string) => appBudgets.routes.find((r) => r.route === name)!;

describe("the app's budgets", () => {
  it('hold the sign-in portal to 150 KiB, without the app root', () => {
    expect(route('/auth, /auth/invite').maxGzipBytes).toBe(153_600);
    expect(route('/auth, /auth/invite').roots ?? []).toEqual([]);
    expect(route('/auth, /auth/invite').pages).toContain('src/client/auth-root.tsx');
    // The sign-in and an invitation's page, in one module.
    expect(route('/auth, /auth/invite').pages).toContain(
      'src/client/features/auth/portal-page.tsx',
    );
  });

  it('hold the landing page to 91 KiB on the wire, the audit queues included', () => {
    expect(route('/').maxTransferBytes).toBe(93_184);
    expect(route('/').background).toEqual(['src/client/lib/audit/browser.ts']);
  });

  it('keep the router and the query library off the sign-in portal only', () => {
    const rule = appBudgets.restricted!.find((r) => r.name === 'the router or the query library')!;
    expect(rule.test.test('node_modules/react-router/dist/index.mjs')).toBe(true);
    expect(rule.test.test('node_modules/@tanstack/query-core/build/modern/index.js')).toBe(true);
    expect(rule.allowedOn(route('/auth, /auth/invite'))).toBe(false);
    expect(rule.allowedOn(route('/demo'))).toBe(true);
  });
});

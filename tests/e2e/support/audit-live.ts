import type { APIRequestContext, Page } from '@playwright/test';
import { expect, useDemoSession } from '../fixtures';

/** The event type the live-trail specs record and filter the Security Audit tab by. */
export const LIVE_TYPE = 'admin.audit.exported';
/** LIVE_TYPE as the trail and its type filter name it. */
export const LIVE_LABEL = 'Audit trail exported';

/**
 * Records an event from outside the page, as another administrator would: an
 * export through the API is itself on the trail, with the filter it was given
 * (the marker) in its details. `origin` picks the server process (the run's
 * server when empty).
 */
export async function recordElsewhere(request: APIRequestContext, marker: string, origin = '') {
  const res = await request.get(`${origin}/api/admin/audit/export?type=${marker}`, {
    headers: { authorization: `Bearer demo-token-${Date.now()}` },
  });
  expect(res.status()).toBe(200);
}

export const liveStatus = (page: Page) => page.locator('[data-live-state]');

export const rowWith = (page: Page, marker: string) =>
  page.getByRole('table', { name: 'Audit events' }).getByRole('row').filter({ hasText: marker });

/**
 * Opens the Security Audit tab filtered to LIVE_TYPE (on the server at
 * `origin`, the run's server when empty) and waits until the view is live.
 */
export async function openLive(page: Page, origin = '') {
  await useDemoSession(page);
  await page.goto(`${origin}/admin?tab=security-audit&type=${LIVE_TYPE}`);
  await expect(page.getByRole('table', { name: 'Audit events' })).toBeVisible();
  await expect(liveStatus(page)).toHaveAttribute('data-live-state', 'live');
}

/**
 * Reports a console event as the demo administrator's browser would (source
 * console), with `marker` in its details.
 */
export async function reportFromBrowser(request: APIRequestContext, marker: string) {
  const res = await request.post('/api/audit/events', {
    headers: { authorization: `Bearer demo-token-${Date.now()}` },
    data: {
      source: 'console',
      events: [
        {
          id: crypto.randomUUID(),
          event_type: 'security.panel.access',
          severity: 'low',
          session_id: null,
          timestamp: new Date().toISOString(),
          details: { marker },
        },
      ],
    },
  });
  expect(res.status()).toBe(200);
}

import { describe, expect, it } from 'vitest';
import { DEFAULT_PERSONA, PERSONAS } from '@shared/constants';
import { SCREEN_SLUGS } from '@shared/routes';
import { renderAppPage } from '../prerender';
import { FINAL_TODO_TABS, screenTabs, tabPath } from './screen-tabs';

/** The tabs a page draws: each trigger's value (from its id) and its text, in order. */
function drawnTabs(html: string) {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return [...doc.querySelectorAll('[role="tab"]')].map((tab) => ({
    value: /-trigger-(.+)$/.exec(tab.id)?.[1] ?? '',
    label: tab.textContent?.trim() ?? '',
  }));
}

describe('screen tabs', () => {
  it.each(SCREEN_SLUGS)('names the tabs /demo/%s draws, in order', async (slug) => {
    const html = await renderAppPage(`/demo/${slug}`);
    expect(drawnTabs(html)).toEqual(screenTabs(slug, DEFAULT_PERSONA));
  });

  it('names the Final To-Do views', async () => {
    expect(drawnTabs(await renderAppPage('/final-todo'))).toEqual(FINAL_TODO_TABS);
  });

  it('follows the persona on TalentMLS, where a job seeker has no payments tab', () => {
    const byPersona = PERSONAS.map((p) => screenTabs('talentmls', p).map((t) => t.value));
    expect(byPersona.some((values) => !values.includes('payments'))).toBe(true);
    expect(byPersona.some((values) => values.includes('payments'))).toBe(true);
  });

  it('gives the first tab the screen address and the others a ?tab=', () => {
    const tabs = screenTabs('admin', DEFAULT_PERSONA);
    expect(tabPath('/demo/admin', tabs, 'overview')).toBe('/demo/admin');
    expect(tabPath('/demo/admin', tabs, 'security-audit')).toBe('/demo/admin?tab=security-audit');
  });
});

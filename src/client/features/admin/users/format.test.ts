import { describe, expect, it } from 'vitest';
import { lastLoginText } from './format';

describe('lastLoginText', () => {
  const now = Date.parse('2026-11-29T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();
  const HOUR = 3600_000;

  it('says Never, without a time, when the user has not signed in', () => {
    expect(lastLoginText(null, now)).toEqual({ text: 'Never' });
  });

  it('reads the time since the sign-in in its largest whole unit', () => {
    expect(lastLoginText(ago(20_000), now).text).toBe('just now');
    expect(lastLoginText(ago(5 * 60_000), now).text).toBe('5 minutes ago');
    expect(lastLoginText(ago(3 * HOUR), now).text).toBe('3 hours ago');
    expect(lastLoginText(ago(26 * HOUR), now).text).toBe('yesterday');
    expect(lastLoginText(ago(3 * 24 * HOUR), now).text).toBe('3 days ago');
    expect(lastLoginText(ago(15 * 24 * HOUR), now).text).toBe('2 weeks ago');
    expect(lastLoginText(ago(400 * 24 * HOUR), now).text).toBe('last year');
  });

  it('keeps the exact date and time for the tooltip and screen readers', () => {
    const iso = '2026-11-21T23:52:00Z';
    const together = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(iso));
    expect(lastLoginText(iso, now).exact).toBe(together);
  });
});

import { describe, expect, it } from 'vitest';
import { lastLoginParts } from './format';

describe('lastLoginParts', () => {
  it('says Never when the user has not signed in', () => {
    expect(lastLoginParts(null)).toEqual({ date: 'Never' });
  });

  it('splits the date from the time, which read together as one date and time', () => {
    const iso = '2026-11-21T23:52:00Z';
    const { date, time } = lastLoginParts(iso);
    const together = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(iso));
    expect(`${date}, ${time}`).toBe(together);
    expect(date).not.toContain(time);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { readThemeChoice, setThemeChoice } from './theme';

afterEach(() => setThemeChoice('system'));

describe('the theme choice', () => {
  it('follows the system until a theme is chosen', () => {
    expect(readThemeChoice()).toBe('system');
    expect(document.documentElement.dataset.theme).toBeUndefined();
  });

  it('marks the page and keeps the choice in the cookie the server reads', () => {
    setThemeChoice('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.cookie).toContain('ted_theme=dark');
    expect(readThemeChoice()).toBe('dark');
    setThemeChoice('light');
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(readThemeChoice()).toBe('light');
  });

  it('forgets the choice when the system is chosen again', () => {
    setThemeChoice('dark');
    setThemeChoice('system');
    expect(document.documentElement.dataset.theme).toBeUndefined();
    expect(document.cookie).not.toContain('ted_theme');
    expect(readThemeChoice()).toBe('system');
  });

  it('ignores a cookie it did not write', () => {
    document.cookie = 'ted_theme=sepia; Path=/';
    expect(readThemeChoice()).toBe('system');
  });
});

/**
 * The colour theme a visitor chose (docs/product/public-site.md#dark-mode). Without a choice
 * the system's preference applies; a choice lives in this cookie, which the server turns into
 * `<html data-theme>` so that the first paint is already in the chosen theme.
 */
export const THEME_COOKIE = 'ted_theme';

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** The cookie's value as a theme, or null for no choice (absent, or anything else). */
export function parseTheme(value: string | undefined | null): Theme | null {
  return value === 'light' || value === 'dark' ? value : null;
}

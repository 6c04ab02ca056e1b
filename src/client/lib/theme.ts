import { useSyncExternalStore } from 'react';
import { parseTheme, THEME_COOKIE, type Theme } from '@shared/theme';

/** The visitor's choice in the account menu: a theme, or the system's preference. */
export type ThemeChoice = Theme | 'system';

const YEAR_IN_SECONDS = 365 * 24 * 60 * 60;
const listeners = new Set<() => void>();

function readCookie(): Theme | null {
  const entry = document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${THEME_COOKIE}=`));
  return parseTheme(entry?.slice(THEME_COOKIE.length + 1));
}

/** The choice in force: the cookie's, else the system's preference. */
export function readThemeChoice(): ThemeChoice {
  return readCookie() ?? 'system';
}

/**
 * Applies a choice at once (`<html data-theme>`, which the stylesheet honours over the system's
 * preference) and keeps it for a year in the cookie the server reads to mark the next page
 * before its first paint (docs/product/public-site.md#dark-mode). 'system' forgets the choice.
 */
export function setThemeChoice(choice: ThemeChoice) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  const root = document.documentElement;
  if (choice === 'system') {
    document.cookie = `${THEME_COOKIE}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax${secure}`;
    delete root.dataset.theme;
  } else {
    document.cookie = `${THEME_COOKIE}=${choice}; Path=/; Max-Age=${YEAR_IN_SECONDS}; SameSite=Lax${secure}`;
    root.dataset.theme = choice;
  }
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The current choice, updated when it changes. A pre-rendered page starts from 'system', as its
 * HTML was rendered, and takes the cookie's value once hydrated.
 */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, readThemeChoice, () => 'system');
}

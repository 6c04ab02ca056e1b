import type { Page } from '@playwright/test';
import { expect } from '../fixtures';

// docs/product/public-site.md#dark-mode

/** Lightness (0 dark … 1 light) of a computed colour: `rgb()`/`rgba()`, `oklch()` or `oklab()`. */
export function lightness(color: string): number {
  const oklch = /^okl(?:ch|ab)\(([\d.]+)(%?)/.exec(color);
  if (oklch) return Number(oklch[1]) / (oklch[2] ? 100 : 1);
  const rgb = /^rgba?\(([\d.]+),? ([\d.]+),? ([\d.]+)/.exec(color);
  if (!rgb) throw new Error(`unexpected colour ${color}`);
  const [r, g, b] = rgb.slice(1, 4).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

async function bodyLightness(page: Page) {
  return lightness(await page.evaluate(() => getComputedStyle(document.body).backgroundColor));
}

// Polled: a theme the system turns to applies at the browser's next style update.
export async function expectDark(page: Page) {
  await expect
    .poll(() => bodyLightness(page), { message: 'the page background is dark' })
    .toBeLessThan(0.3);
}

export async function expectLight(page: Page) {
  await expect
    .poll(() => bodyLightness(page), { message: 'the page background is light' })
    .toBeGreaterThan(0.8);
}

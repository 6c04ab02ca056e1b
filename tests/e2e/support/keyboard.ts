import type { Locator, Page } from '@playwright/test';

/** Moves the focus with Tab, as a keyboard user would, until `control` has it (at most 80 presses). */
export async function tabTo(page: Page, control: Locator) {
  for (let i = 0; i < 80; i += 1) {
    if (await control.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('The control cannot be reached with Tab');
}

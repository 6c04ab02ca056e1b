import type { Page } from '@playwright/test';
import { expect, test, useDemoSession } from './fixtures';

test.use({ viewport: { width: 1366, height: 900 } });

const sidebarLink = (page: Page, name: string) =>
  page.getByRole('complementary').getByRole('link', { name, exact: true });

test('signed out, the sidebar opens the public twins from every page', async ({ page }) => {
  for (const start of ['/', '/final-todo', '/demo', '/demo/hirehub']) {
    await page.goto(start);
    await expect(sidebarLink(page, 'HireHub')).toHaveAttribute('href', '/demo/hirehub');
    await expect(sidebarLink(page, 'Admin Dashboard')).toHaveAttribute('href', '/demo/admin');
  }
  await page.goto('/');
  await sidebarLink(page, 'System Health').click();
  await expect(page).toHaveURL(/\/demo\/health$/);
});

test('signed in, the sidebar outside /demo opens the protected screens', async ({ page }) => {
  await useDemoSession(page);
  await page.goto('/final-todo');
  await expect(sidebarLink(page, 'HireHub')).toHaveAttribute('href', '/hirehub');
  await page.goto('/demo');
  await expect(sidebarLink(page, 'HireHub')).toHaveAttribute('href', '/demo/hirehub');
});

import { expect } from '@playwright/test';
import { signedInTest as test } from '../support/fixtures';

test('at 375 px the sidebar is a sheet with the six items @mobile', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/dashboard');
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toHaveCount(0);
  await expect(page.getByText('Sandbox', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Open menu' }).click();
  const sheet = page.getByRole('dialog', { name: 'GiftRelay' });
  for (const item of ['Dashboard', 'Order History', 'Analytics', 'Catalog', 'Billing', 'Settings']) {
    await expect(sheet.getByRole('link', { name: item })).toBeVisible();
  }
  await sheet.getByRole('link', { name: 'Order History' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(sheet).toBeHidden();

  await page.keyboard.press('Control+b');
  await expect(sheet).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

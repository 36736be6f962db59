import { expect, test } from '@playwright/test';
import { gotoReady } from '../site/helpers';

test('the home page loads with its headline and a working client-side link', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await gotoReady(page, '/');
  await expect(page).toHaveTitle('GiftRelay - Digital Rewards That Scale');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Digital Rewards That Scale with Your Business');

  // A client route: no full page load, so a marker set on window survives.
  await page.evaluate(() => {
    (window as unknown as { marker: string }).marker = 'same-document';
  });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Simple, transparent pricing' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' })).toHaveClass(
    /bg-secondary/,
  );
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same-document');

  await page.goBack();
  await page.getByRole('link', { name: 'View Catalog' }).click();
  await expect(page).toHaveURL(/\/catalog$/);
  expect(errors).toEqual([]);
});

test('a reload on a deep link serves the app', async ({ page }) => {
  const res = await page.goto('/dashboard');
  expect(res?.status()).toBe(200);
  // The app ran: without a session it sends the visitor to sign in and back.
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to GiftRelay' })).toBeVisible();
});

test('an unknown path shows the 404 page with a way home', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'warning') warnings.push(msg.text());
  });
  const res = await page.goto('/this/page/does-not-exist');
  expect(res?.status()).toBe(404);
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  expect(warnings.join('\n')).toContain('/this/page/does-not-exist');
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Digital Rewards That Scale with Your Business');
});

test('no Content-Security-Policy violations on the page @both', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(violations).toEqual([]);
});

test('at 375 px the menu toggle opens the links and closes on a click @mobile', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await gotoReady(page, '/');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await menu.getByRole('link', { name: 'Docs' }).click();
  await expect(page).toHaveURL(/\/docs$/);
  await expect(menu).toBeHidden();
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

import { expect, test } from '@playwright/test';
import { newEmail, PASSWORD } from '../support/accounts';
import { axe } from '../support/axe';

test('sign up, verify from the mailbox (which signs in), the first-reward prompt, the shell, log out', async ({
  page,
  context,
}) => {
  // The whole first hour in one journey (sign-up, mailbox, verify, catalogue, shell, axe, theme,
  // logout, sign-in): about twenty page loads, more than the default 30 s on a busy machine.
  test.slow();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) errors.push(msg.text());
  });
  const email = newEmail('journey');

  // Sign up.
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  const toast = page.getByRole('region', { name: /Notifications/ });
  await expect(toast.getByText('Success!')).toBeVisible();
  await expect(toast.getByText('Check your email to verify.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  // Open the verification email in the built-in mailbox and follow its link.
  await page.getByRole('link', { name: 'built-in mailbox' }).click();
  await expect(page).toHaveURL(/\/mailbox$/);
  await page
    .getByRole('list', { name: 'Messages' })
    .getByRole('button', { name: new RegExp(`To ${email}`) })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 2, name: 'Verify your email for GiftRelay' })).toBeVisible();
  const mail = page.frameLocator('iframe[title="Email: Verify your email for GiftRelay"]');
  await expect(mail.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await mail.getByRole('link', { name: 'Verify email' }).click();

  // The link signs the person in: the dashboard, greeted as a first visit, offers the first reward.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toast.getByText('Welcome!', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Send your first reward' })).toBeVisible();
  await page.getByRole('link', { name: 'Send an Amazon.com gift card' }).click();
  await expect(page).toHaveURL(/\/catalog\?country=US&currency=USD&category=Retail&q=Amazon\.com$/);
  await expect(page.getByText('Amazon.com Gift Card').first()).toBeVisible();
  await page.getByRole('navigation', { name: 'Navigation' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The shell: six items, the organisation and the Sandbox badge.
  const nav = page.getByRole('navigation', { name: 'Navigation' });
  for (const item of ['Dashboard', 'Order History', 'Analytics', 'Catalog', 'Billing', 'Settings']) {
    await expect(nav.getByRole('link', { name: item })).toBeVisible();
  }
  await expect(page.getByTestId('organisation-name')).toHaveText('Example');
  await expect(page.getByText('Sandbox', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  // Scan once the greeting has gone: a toast caught mid-fade has the contrast of half its opacity.
  await expect(toast.getByText('Welcome!', { exact: true })).toBeHidden({ timeout: 15_000 });
  const scan = await axe(page).analyze();
  expect(scan.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  // Ctrl+B collapses the sidebar, and the state survives a reload (a cookie for 7 days).
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');
  await page.keyboard.press('Control+b');
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  const cookie = (await context.cookies()).find((c) => c.name === 'sidebar_state');
  expect(cookie?.value).toBe('false');
  const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
  expect(days).toBeGreaterThan(6.9);
  expect(days).toBeLessThanOrEqual(7);
  await page.reload();
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  // The session survived the reload too.
  await expect(page).toHaveURL(/\/dashboard$/);
  // Collapsed, an item names itself in a tooltip.
  await sidebar.getByRole('link', { name: 'Order History' }).hover();
  await expect(page.getByRole('tooltip', { name: 'Order History' })).toBeVisible();
  await page.keyboard.press('Control+b');
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');

  // Dark mode: a class on the document, remembered.
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await sidebar.getByRole('button', { name: 'Dark mode' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await sidebar.getByRole('button', { name: 'Light mode' }).click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);

  // Logout: back on the sign-in page, told so, and the dashboard is closed again.
  await sidebar.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast.getByText('Signed out')).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/);
  await expect(page.getByRole('heading', { name: 'Sign in to GiftRelay' })).toBeVisible();

  // Signing in again is a return.
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(toast.getByText('Welcome back!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(errors).toEqual([]);
});

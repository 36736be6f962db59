import { expect, test } from '@playwright/test';
import { createVerifiedAccount, linkIn, newEmail, PASSWORD, signInThroughUi, waitForEmail } from '../support/accounts';

test('forgot password: the emailed link sets a new password, once', async ({ page }) => {
  const account = await createVerifiedAccount(page.request);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

  const link = linkIn(await waitForEmail(page.request, account.email, /reset/i), '/reset-password/');
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('new-Lighthouse-9');
  await page.getByLabel('Confirm new password').fill('new-Lighthouse-8');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm new password').fill('new-Lighthouse-9');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Password changed')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await signInThroughUi(page, { email: account.email, password: 'new-Lighthouse-9' });

  // The link is spent.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('third-Lighthouse-7');
  await page.getByLabel('Confirm new password').fill('third-Lighthouse-7');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.getByRole('region', { name: /Notifications/ }).getByText('This link has already been used.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL(/\/(login|dashboard)$/);
});

test('a verification link signs in once; used twice it says so and links back to sign in', async ({ page }) => {
  const email = newEmail('twice');
  await page.request.post('/api/v1/auth/signup', { data: { email, password: PASSWORD } });
  const link = linkIn(await waitForEmail(page.request, email, /verify/i), '/verify/');
  await page.goto(link);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Send your first reward' })).toBeVisible();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'This link did not work' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('This link has already been used.');
  // Still signed in from the first use: signing in leads on to the dashboard.
  await page.getByRole('main').getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL(/\/(login|dashboard)$/);
});

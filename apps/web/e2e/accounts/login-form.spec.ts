import { expect, test } from '@playwright/test';
import { createVerifiedAccount, newEmail, PASSWORD, signInThroughUi, waitForEmail } from '../support/accounts';
import { axe } from '../support/axe';
import { signedInTest } from '../support/fixtures';

const notifications = (page: import('@playwright/test').Page) => page.getByRole('region', { name: /Notifications/ });

test('the form shows the spec’s validation messages and can show the password', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();

  await page.getByLabel('Email', { exact: true }).fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('abc');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Email', { exact: true }).fill(`${'a'.repeat(250)}@example.com`);
  await page.getByLabel('Email', { exact: true }).blur();
  await expect(page.getByText('Email must be at most 255 characters')).toBeVisible();

  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(password).toHaveAttribute('type', 'password');

  const results = await axe(page).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
});

test('a wrong password and an unknown address get the same error toast', async ({ page }) => {
  const account = await createVerifiedAccount(page.request);
  await page.goto('/login');
  for (const email of [account.email, newEmail('nobody')]) {
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-Password-1');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const toast = notifications(page).getByRole('listitem').filter({ hasText: 'Invalid email or password' });
    await expect(toast.getByText('Error', { exact: true })).toBeVisible();
    await toast.getByRole('button', { name: /close/i }).click();
    await expect(toast).toHaveCount(0);
  }
  await expect(page).toHaveURL(/\/login$/);
});

test('an unverified account is told to verify and can have the link sent again', async ({ page }) => {
  const email = newEmail('unverified');
  expect((await page.request.post('/api/v1/auth/signup', { data: { email, password: PASSWORD } })).status()).toBe(200);
  await waitForEmail(page.request, email, /verify/i);

  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(notifications(page).getByText(/Email not confirmed/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

  await page.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(notifications(page).getByText('Verification email sent')).toBeVisible();
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`/api/mailbox?to=${encodeURIComponent(email)}`)).json()).messages.length,
    )
    .toBe(2);

  await page.getByRole('button', { name: 'Back to sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to GiftRelay' })).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
});

test('a protected page sends you to sign in and back to it', async ({ page }) => {
  const account = await createVerifiedAccount(page.request);
  await page.goto('/orders?status=failed');
  await expect(page).toHaveURL(/\/login\?next=%2Forders%3Fstatus%3Dfailed$/);
  await signInThroughUi(page, account, /\/orders\?status=failed$/);
  await expect(
    page.getByRole('navigation', { name: 'Navigation' }).getByRole('link', { name: 'Order History' }),
  ).toHaveAttribute('aria-current', 'page');
});

// Apart from the test above, which spent most of its budget signing up and in (decision 019).
signedInTest('signed in, each protected page opens on a reload; /login moves on to the dashboard', async ({ page }) => {
  for (const path of ['/orders', '/settings', '/billing', '/analytics']) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
});

signedInTest('a failed logout says so and keeps you signed in', async ({ page }) => {
  await page.goto('/dashboard');
  await page.route('**/api/v1/auth/logout', (route) => route.abort('connectionfailed'));
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(notifications(page).getByText('Failed to sign out')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.unroute('**/api/v1/auth/logout');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

signedInTest('signing out in one tab signs out the others', async ({ page, context }) => {
  await page.goto('/dashboard');
  const other = await context.newPage();
  await other.goto('/settings');
  await expect(other.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(other).toHaveURL(/\/login\?next=%2Fsettings$/);
});

test('a pricing button opens sign-up with its plan, and the account is created', async ({ page }) => {
  await page.goto('/pricing');
  await page.getByRole('link', { name: 'Start with Growth' }).click();
  await expect(page).toHaveURL(/\/login\?mode=signup&plan=growth$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  await expect(page.getByTestId('chosen-plan')).toHaveText('Plan: Growth ($299 per month)');

  const email = newEmail('growth');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await waitForEmail(page.request, email, /verify/i);
  // The plan stays in the address, for whatever comes after verification.
  await expect(page).toHaveURL(/plan=growth/);
});

test('sign-up mode without a known plan shows no plan, and plain /login signs in', async ({ page }) => {
  await page.goto('/login?mode=signup&plan=platinum');
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  await expect(page.getByTestId('chosen-plan')).toHaveCount(0);
  await page.goto('/login?plan=growth');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to GiftRelay' })).toBeVisible();
  await expect(page.getByTestId('chosen-plan')).toHaveCount(0);
});

import { expect, type Page, test } from '@playwright/test';
import { sendThroughApi } from '../reporting/helpers';
import { apiToken } from '../sending/helpers';
import { gotoReady } from '../site/helpers';
import {
  createVerifiedAccount,
  linkIn,
  newEmail,
  PASSWORD,
  signInThroughUi,
  signUpAndSignIn,
  waitForEmail,
} from '../support/accounts';

const notifications = (page: Page) => page.getByRole('region', { name: /Notifications/ });
const banner = (page: Page) => page.getByRole('banner');

test('the public header shows Dashboard instead of Sign in / Get started while signed in', async ({ page }) => {
  await gotoReady(page, '/pricing');
  await expect(banner(page).getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(banner(page).getByRole('link', { name: 'Get started' })).toBeVisible();
  await expect(banner(page).getByRole('link', { name: 'Dashboard' })).toHaveCount(0);

  await signUpAndSignIn(page);
  // Prerendered pages, the home page (which loads no session code) among them.
  for (const path of ['/pricing', '/', '/blog']) {
    await gotoReady(page, path);
    await expect(banner(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(banner(page).getByRole('link', { name: 'Sign in' })).toBeHidden();
    await expect(banner(page).getByRole('link', { name: 'Get started' })).toBeHidden();
  }
  await banner(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(notifications(page).getByText('Signed out')).toBeVisible();
  await gotoReady(page, '/pricing');
  await expect(banner(page).getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(banner(page).getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
});

test('the plan chosen on /pricing is the current plan on /billing', async ({ page }) => {
  await gotoReady(page, '/pricing');
  await page.getByRole('link', { name: 'Start with Growth' }).click();
  await expect(page).toHaveURL(/\/login\?mode=signup&plan=growth$/);
  await expect(page).toHaveTitle('Sign up | GiftRelay');
  const email = newEmail('growth');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

  await page.goto(linkIn(await waitForEmail(page.request, email, /verify/i), '/verify/'));
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(notifications(page).getByText('Welcome!', { exact: true })).toBeVisible();
  await page.getByRole('navigation', { name: 'Navigation' }).getByRole('link', { name: 'Billing' }).click();
  await expect(page.getByTestId('current-plan')).toHaveText('Growth');
  await expect(page.getByText('processing fee, on every plan')).toBeVisible();
});

test('sign-in copy: the sign-up title, a failed attempt’s toast does not follow onto the dashboard', async ({
  page,
}) => {
  const account = await createVerifiedAccount(page.request);
  await page.goto('/login?mode=signup');
  await expect(page).toHaveTitle('Sign up | GiftRelay');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveTitle('Sign in | GiftRelay');

  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill('wrong-Password-99');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(notifications(page).getByText('Error')).toBeVisible();
  await signInThroughUi(page, account);
  // The account was verified (its first sign-in) through the API: this is a return.
  await expect(notifications(page).getByText('Welcome back!')).toBeVisible();
  await expect(notifications(page).getByText('Error')).toHaveCount(0);
});

test('at 375 px the order history and Recent Orders are cards, with no sideways scrolling @mobile', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const account = await signUpAndSignIn(page);
  const token = await apiToken(request, account);
  const long = `a-rather-long-recipient-address-${Date.now()}@example.com`;
  await sendThroughApi(request, token, { product_code: 'AMAZON-US', amount: 25, email: long });
  await sendThroughApi(request, token, { product_code: 'AMAZON-US', amount: 40 });

  await page.goto('/orders');
  const cards = page.getByRole('list', { name: 'Orders' }).getByRole('listitem');
  await expect(cards).toHaveCount(2);
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(cards.filter({ hasText: long })).toContainText('$25.00');
  const noSidewaysScroll = () =>
    page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
  expect(await noSidewaysScroll()).toBe(true);
  // A card opens its order.
  await cards.filter({ hasText: long }).getByRole('link').click();
  await expect(page).toHaveURL(/\/orders\?(.*&)?order=[0-9a-f-]{36}/);
  await page.goBack();

  await page.goto('/dashboard');
  const recent = page.getByRole('list', { name: 'Recent Orders' }).getByRole('listitem');
  await expect(recent).toHaveCount(2);
  await expect(page.getByRole('table', { name: 'Recent Orders' })).toHaveCount(0);
  expect(await noSidewaysScroll()).toBe(true);
  // The organisation's name is readable in the header, not cut to a few letters.
  const name = page.getByTestId('organisation-name');
  const box = await name.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(box.scroll).toBeLessThanOrEqual(box.client);
});

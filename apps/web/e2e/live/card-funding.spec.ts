import { expect, test } from '@playwright/test';
import { signUpAndSignIn } from '../support/accounts';
import { axe } from '../support/axe';
import { goLive, tokenOf } from '../support/live';

// Card funding with Stripe (decision 046), on the live server (scripts/e2e-live.ts): a fake
// Stripe at its HTTP edge hosts the payment page, and its Pay button posts the signed
// checkout.session.completed webhook, as Stripe would.

test.describe.configure({ mode: 'serial' });

/** operator-card-e2e@example.com is named in the live server's OPERATOR_EMAILS. */
const OPERATOR = { email: 'operator-card-e2e@example.com', password: 'violet-Harbour-42' };

test('a live organisation tops up by card: amount, fee shown, Stripe’s page, Pay, back to a credited balance', async ({
  page,
}) => {
  const owner = await signUpAndSignIn(page);
  await goLive(page.request, owner, OPERATOR);

  await page.goto('/billing');
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Add funds by card' });
  await expect(form).toBeVisible();
  const amount = form.getByLabel('Amount to add (USD)');
  const pay = form.getByRole('button', { name: 'Continue to payment' });

  await pay.click();
  await expect(form.getByRole('alert')).toHaveText('Enter an amount to add');
  await amount.fill('5');
  await pay.click();
  await expect(form.getByRole('alert')).toHaveText('Add from $10.00 to $25,000.00 at a time');

  await amount.fill('100');
  const summary = form.getByRole('definition');
  await expect(summary).toHaveText(['$100.00', '$3.20', '$103.20']);
  expect((await axe(page).include('main').analyze()).violations).toEqual([]);

  await pay.click();
  // Stripe's hosted page (the fake's): the amount and the fee as two lines.
  await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
  await expect(page.getByText('Total: 103.20 USD')).toBeVisible();
  await page.getByRole('button', { name: 'Pay 103.20 USD' }).click();

  await expect(page).toHaveURL(/\/billing\?checkout=success/);
  await expect(page.getByText('Payment received: $100.00 added to your balance.')).toBeVisible();
  const available = page
    .getByRole('main')
    .locator('dl > div')
    .filter({ has: page.getByText('Available', { exact: true }) });
  await expect(available).toContainText('$100.00');
  await expect(page.getByTestId('header-balance')).toContainText('$100.00');
});

test('back before Stripe’s confirmation: the page waits for it, then shows the credit (375 px)', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const owner = await signUpAndSignIn(page);
  await goLive(page.request, owner, OPERATOR);
  await page.goto('/billing');
  const form = page.getByRole('form', { name: 'Add funds by card' });
  await form.getByLabel('Amount to add (USD)').fill('250.50');
  await expect(form.getByRole('definition')).toHaveText(['$250.50', '$7.56', '$258.06']);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await form.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('button', { name: 'Pay, confirmed 3 s later' }).click();
  await expect(page).toHaveURL(/\/billing\?checkout=success/);
  await expect(page.getByText('Waiting for Stripe to confirm your payment.', { exact: false })).toBeVisible();
  await expect(page.getByText('Payment received: $250.50 added to your balance.')).toBeVisible({ timeout: 15_000 });
  await expect(
    page
      .getByRole('main')
      .locator('dl > div')
      .filter({ has: page.getByText('Available', { exact: true }) }),
  ).toContainText('$250.50');
});

test('coming back from a cancelled payment says nothing was charged', async ({ page }) => {
  const owner = await signUpAndSignIn(page);
  await goLive(page.request, owner, OPERATOR);
  await page.goto('/billing?checkout=cancelled');
  await expect(page.getByText('Payment cancelled. Nothing was charged to your card.')).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page).toHaveURL(/\/billing$/);
});

import { expect, test } from '@playwright/test';
import { newEmail, signUpAndSignIn, waitForEmail } from '../support/accounts';
import { axe } from '../support/axe';
import { apiToken, balanceOf, toasts } from './helpers';

// Expiry that returns the value (issue 32, decision 081): the owner sets the organisation's default
// in Settings; an order placed through the API (the send dialog has its own journeys) takes it; the
// recipient's claim page says "Claim by"; the expiry comes through the test-only clock seam
// (APP_ENV=test: it moves the order's expiry back and runs the sweep, as the integration tests do),
// and the unopened reward's link shows it expired while its share is back on the balance.
test('set rewards to expire in Settings, see the date on the claim page, and get the unopened one back at expiry', async ({
  page,
  request,
}) => {
  test.slow();
  const account = await signUpAndSignIn(page);
  const token = await apiToken(request, account);
  const auth = { authorization: `Bearer ${token}` };

  await page.goto('/settings');
  const form = page.getByRole('form', { name: 'Organisation settings' });
  const expiry = form.getByLabel('Rewards expire after (days)');
  await expect(expiry).toHaveValue('');
  await expiry.fill('800');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(form.getByText('A whole number of days from 1 to 730, or empty for never')).toBeVisible();
  await expiry.fill('90');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(toasts(page).filter({ hasText: 'Settings saved' })).toBeVisible();

  const to = newEmail('expiry');
  const placed = await request.post('/api/v1/orders', {
    headers: auth,
    data: { product_code: 'AMAZON-US', amount: 25, email: to, quantity: 2 },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as { order_id: string; expires_at: string };
  expect(Math.abs(new Date(order.expires_at).getTime() - (Date.now() + 90 * 86_400_000))).toBeLessThan(300_000);

  // The recipient opens the first link: the code, and the date to claim by.
  const email = await waitForEmail(request, to, /Amazon\.com gift card/);
  const links = email.text.match(/https?:\/\/\S+\/claim\/[A-Za-z0-9_-]{43}/g) ?? [];
  expect(links).toHaveLength(2);
  await page.goto(new URL(links[0] as string).pathname);
  await expect(page.getByText('Code', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/^Claim by /)).toBeVisible();

  // The expiry: the second reward, never opened, is voided and its share refunded.
  const expired = await request.post(`/api/test/orders/${order.order_id}/expire`);
  expect(expired.status(), await expired.text()).toBe(200);
  expect(((await expired.json()) as { report: { refunded: number } }).report.refunded).toBe(1);
  expect((await balanceOf(request, token)).available).toBe(4974.37);

  await page.goto(new URL(links[1] as string).pathname);
  await expect(page.getByRole('status')).toContainText('This reward expired on');
  await expect(page.getByText('Code', { exact: true })).toHaveCount(0);
  const scan = await axe(page).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(scan.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // The sender sees what the expiry did, and the balance back up by reward 2's share.
  await page.goto(`/orders?order=${order.order_id}`);
  await expect(page.getByTestId('header-balance')).toContainText('$4,974.37');
  const detail = page.getByRole('dialog', { name: /^Order / });
  await expect(detail.getByRole('note').filter({ hasText: 'Expired' })).toContainText('1 reward refunded');
  await expect(detail.getByRole('note').filter({ hasText: 'Expired' })).toContainText('opened before it expired');
});

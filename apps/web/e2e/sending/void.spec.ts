import { expect, test } from '@playwright/test';
import { newEmail, signUpAndSignIn, waitForEmail } from '../support/accounts';
import { axe } from '../support/axe';
import { apiToken, balanceOf, toasts } from './helpers';

// Voiding (issue 16, decision 039): the order is placed through the API (the send dialog has its
// own journeys); the recipient opens one of the two claim links; the sender voids the other from
// the order's detail, and sees the refund on the balance and the link go dark.
test('void the unopened reward of an order: the balance goes back up and its claim link shows no code', async ({
  page,
  request,
}) => {
  test.slow();
  const account = await signUpAndSignIn(page);
  const token = await apiToken(request, account);
  const auth = { authorization: `Bearer ${token}` };
  const to = newEmail('void');
  const placed = await request.post('/api/v1/orders', {
    headers: auth,
    data: { product_code: 'AMAZON-US', amount: 25, email: to, quantity: 2 },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = ((await placed.json()) as { order_id: string }).order_id;

  // The recipient opens the first claim link: that reward can no longer be voided.
  const email = await waitForEmail(request, to, /Amazon\.com gift card/);
  const links = email.text.match(/https?:\/\/\S+\/claim\/[A-Za-z0-9_-]{43}/g) ?? [];
  expect(links).toHaveLength(2);
  await page.goto(new URL(links[0] as string).pathname);
  await expect(page.getByText('Code', { exact: true }).first()).toBeVisible();

  // 2 × $25.00 and the $1.25 fee: $4,948.75 left.
  await page.goto(`/orders?order=${orderId}`);
  await expect(page.getByTestId('header-balance')).toContainText('$4,948.75');
  const detail = page.getByRole('dialog', { name: /^Order / });
  const rewards = detail.getByRole('region', { name: 'Rewards (2)' });
  await expect(rewards).toContainText('Opened first');
  await detail.getByRole('button', { name: 'Void unopened rewards' }).click();
  const confirm = page.getByRole('dialog', { name: 'Void unopened rewards?' });
  await expect(confirm).toContainText('The claim links of the unopened reward stop showing the code at once');
  const scan = await axe(page).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(scan.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await confirm.getByLabel(/Reason/).fill('Sent twice by mistake');
  await confirm.getByRole('button', { name: 'Void reward' }).click();

  // Reward 2's share: $25.00 and $0.62 of the fee (the odd cent stays with reward 1).
  await expect(toasts(page).filter({ hasText: 'Rewards voided' })).toContainText('$25.62 is back on your balance.');
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId('header-balance')).toContainText('$4,974.37');
  await expect(rewards).toContainText('cancelled and refunded');
  const history = detail.getByRole('region', { name: 'History' });
  await expect(history).toContainText('Void requested');
  await expect(history).toContainText('Sent twice by mistake');
  await expect(history).toContainText('Reward #2 voided');
  await expect(detail.getByRole('button', { name: 'Void unopened rewards' })).toBeHidden();
  expect((await balanceOf(request, token)).available).toBe(4974.37);

  // Partly voided, and said so (issue 35): the badge, the summary, and "Opened" in the history.
  await expect(detail.getByText('Partly voided', { exact: true })).toBeVisible();
  await expect(detail.getByRole('region', { name: 'Summary' })).toContainText('1 of 2 rewards');
  await expect(history).toContainText('Opened');

  // The recipient's second link: no code, and why.
  await page.goto(new URL(links[1] as string).pathname);
  await expect(page.getByRole('status')).toContainText('cancelled this reward before it was opened');
  await expect(page.getByText('Code', { exact: true })).toHaveCount(0);

  // A second order voided whole (through the API, the dialog is above): Voided in the list, the
  // filter, its page (no Resend) and the dashboard's Recent Orders.
  const whole = await request.post('/api/v1/orders', {
    headers: auth,
    data: { product_code: 'AMAZON-US', amount: 10, email: newEmail('voided') },
  });
  expect(whole.status(), await whole.text()).toBe(201);
  const wholeId = ((await whole.json()) as { order_id: string }).order_id;
  await expect
    .poll(async () => {
      const res = await request.post(`/api/v1/orders/${wholeId}/void`, {
        headers: { ...auth, 'idempotency-key': `e2e-void-${wholeId}` },
        data: { note: 'No longer due' },
      });
      return res.status();
    })
    .toBe(200);
  await page.goto('/orders?status=voided');
  const rows = page.getByRole('region', { name: 'Orders' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Voided');
  await page.goto(`/orders?order=${wholeId}`);
  const voided = page.getByRole('dialog', { name: /^Order / });
  await expect(voided.getByText('Voided', { exact: true }).first()).toBeVisible();
  await expect(voided.getByRole('region', { name: 'Reward', exact: true })).toContainText('“No longer due”');
  await expect(voided.getByRole('region', { name: 'Resend email' })).toHaveCount(0);
  await page.goto('/dashboard');
  const recent = page.getByRole('table', { name: 'Recent Orders' }).locator('tbody tr');
  await expect(recent.first()).toContainText('Voided');
  await expect(recent.nth(1)).toContainText('Partly voided');
});

test('at 375 px the void dialog fits the screen @mobile', async ({ page, request }) => {
  const account = await signUpAndSignIn(page);
  const token = await apiToken(request, account);
  const placed = await request.post('/api/v1/orders', {
    headers: { authorization: `Bearer ${token}` },
    data: { product_code: 'AMAZON-US', amount: 10, email: newEmail('void-mobile'), quantity: 1 },
  });
  const orderId = ((await placed.json()) as { order_id: string }).order_id;
  await page.goto(`/orders?order=${orderId}`);
  const detail = page.getByRole('dialog', { name: /^Order / });
  await detail.getByRole('button', { name: 'Void unopened rewards' }).click({ timeout: 20_000 });
  const confirm = page.getByRole('dialog', { name: 'Void unopened rewards?' });
  await expect(confirm).toBeVisible();
  const box = await confirm.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
  await confirm.getByRole('button', { name: 'Void reward' }).click();
  await expect(toasts(page).filter({ hasText: 'Rewards voided' })).toContainText('$10.25 is back on your balance.');
});

// A choice reward nobody has chosen yet (decision 089): no card exists, so Void releases the
// whole hold at once, and the recipient's link stops offering the choice.
test('void a choice reward before the recipient picks: the whole hold comes back and the link goes dark', async ({
  page,
  request,
}) => {
  const account = await signUpAndSignIn(page);
  const token = await apiToken(request, account);
  const to = newEmail('void-choice');
  const placed = await request.post('/api/v1/orders', {
    headers: { authorization: `Bearer ${token}` },
    data: { choice: { product_codes: ['AMAZON-US'] }, currency: 'USD', amount: 25, email: to },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = ((await placed.json()) as { order_id: string }).order_id;
  const email = await waitForEmail(request, to, /./);
  const link = email.text.match(/https?:\/\/\S+\/claim\/[A-Za-z0-9_-]{43}/)?.[0];
  expect(link).toBeTruthy();

  await page.goto(`/orders?order=${orderId}`);
  await expect(page.getByTestId('header-balance')).toContainText('$4,974.37');
  const detail = page.getByRole('dialog', { name: /^Order / });
  await detail.getByRole('button', { name: 'Void unopened rewards' }).click({ timeout: 20_000 });
  const confirm = page.getByRole('dialog', { name: 'Void unopened rewards?' });
  await expect(confirm).toContainText('The recipient has not chosen a card yet');
  await confirm.getByRole('button', { name: 'Void reward' }).click();
  await expect(toasts(page).filter({ hasText: 'Rewards voided' })).toContainText('$25.63 is back on your balance.');
  await expect(page.getByTestId('header-balance')).toContainText('$5,000.00');
  await expect(detail.getByText('Cancelled', { exact: true }).first()).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Void unopened rewards' })).toBeHidden();
  expect((await balanceOf(request, token)).available).toBe(5000);

  await page.goto(new URL(link as string).pathname);
  await expect(page.getByRole('status')).toContainText('cancelled this reward');
  await expect(page.getByRole('radio')).toHaveCount(0);
});

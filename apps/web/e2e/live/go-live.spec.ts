import { type Browser, expect, type Page, test } from '@playwright/test';
import { apiToken } from '../sending/helpers';
import { type Account, createVerifiedAccount, signInThroughApi, signUpAndSignIn } from '../support/accounts';
import { axe } from '../support/axe';

/** The fake Tango's range card (FAKE_TANGO.activeRangeUtid in apps/server/test/fake-tango.ts). */
const RANGE_CARD = 'U157189';

// Going live (decision 045) on the live server (scripts/e2e-live.ts, a fake Tango as the real
// provider): the owner asks on Billing, an operator approves in the operator area, the
// sandbox balance closes and a live one opens at zero; a bank transfer quoting the organisation's
// reference, recorded by the operator, funds it.

test.describe.configure({ mode: 'serial' });

/** Named in the live server's OPERATOR_EMAILS. */
const OPERATOR = { email: 'operator-live-e2e@example.com', password: 'violet-Harbour-42' };

async function operatorPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const signIn = await page.request.post('/api/v1/auth/token?grant_type=password', { data: OPERATOR });
  if (signIn.status() !== 200) await createVerifiedAccount(page.request, OPERATOR);
  await signInThroughApi(page, OPERATOR as Account);
  return page;
}

/** Sends a 10.00 card through the API and waits for it to be delivered; answers the order. */
async function sendDelivered(page: Page, token: string, email: string) {
  const headers = { authorization: `Bearer ${token}` };
  const res = await page.request.post('/api/v1/orders', {
    headers,
    data: { product_code: RANGE_CARD, amount: 10, email, quantity: 1 },
  });
  expect(res.status(), await res.text()).toBe(201);
  const order = (await res.json()) as { order_id: string; sandbox: boolean };
  await expect
    .poll(async () => (await (await page.request.get(`/api/v1/orders/${order.order_id}`, { headers })).json()).status)
    .toBe('completed');
  return order;
}

test('an owner asks to go live, an operator approves, a bank transfer funds the live balance', async ({
  page,
  browser,
}) => {
  // Two people in two browsers, two deliveries, five pages and three axe scans: a budget for that
  // work (it ran out at the default 30 s under the suite's load).
  test.setTimeout(120_000);
  const owner = await signUpAndSignIn(page);
  // An order sent while in the sandbox, to find again once live (decision 045).
  const token = await apiToken(page.request, owner);
  const sandboxTo = `sandbox-${Date.now()}@example.com`;
  expect((await sendDelivered(page, token, sandboxTo)).sandbox).toBe(true);
  await page.goto('/billing');
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  // The fakes are what npm run demo:live runs on (DEMO=true): every page says so (decision 079).
  await expect(page.getByRole('note', { name: 'Demo' })).toHaveText('Demo: fake Tango and fake Stripe, no real money');
  // The sandbox, labelled, with its play money.
  await expect(page.getByText('Sandbox', { exact: true }).first()).toBeVisible();
  const form = page.getByRole('form', { name: 'Ask to go live' });
  await expect(form).toBeVisible();

  // Nothing filled in: each field says what it needs, and the first takes the focus.
  await form.getByRole('button', { name: 'Ask to go live' }).click();
  await expect(form.getByLabel('Company’s legal name')).toBeFocused();
  await expect(form.getByRole('alert')).toHaveCount(4);
  await form.getByLabel('Company’s legal name').fill('Acme Research Ltd');
  await form.getByLabel('Website').fill('https://acme-research.example.com');
  await form
    .getByLabel('Whom will you send rewards to, and why?')
    .fill('Thank-you gift cards for the people who take part in our user interviews.');
  await form.getByRole('combobox', { name: 'Expected monthly volume' }).click();
  await page.getByRole('option', { name: '$1,000 – $10,000 a month' }).click();
  await form.getByRole('button', { name: 'Ask to go live' }).click();
  await expect(page.getByText('Request sent', { exact: true })).toBeVisible();
  await expect(page.getByText('Your request to go live is waiting for GiftRelay’s review.')).toBeVisible();
  expect((await axe(page).include('main').analyze()).violations).toEqual([]);

  // The operator finds it in the operator area and approves it.
  const op = await operatorPage(browser);
  await op.goto('/operator/live-requests');
  const requests = op.getByRole('list', { name: 'Requests to go live' });
  const item = requests.getByRole('listitem').filter({ hasText: 'Acme Research Ltd' });
  await expect(item).toBeVisible();
  await expect(item.getByText(owner.email)).toBeVisible();
  await item.getByRole('button', { name: 'Approve' }).click();
  const confirm = op.getByRole('alertdialog');
  await expect(confirm).toContainText('Its sandbox balance closes');
  await confirm.getByRole('button', { name: 'Approve and go live' }).click();
  await expect(op.getByText('Organisation is live', { exact: true })).toBeVisible();
  await expect(requests.getByRole('listitem').filter({ hasText: 'Acme Research Ltd' })).toHaveCount(0);

  // The owner is live: no Sandbox label, a live balance of zero, and the account to pay into.
  await page.reload();
  await expect(page.getByText(/^Live since /)).toBeVisible();
  await expect(page.getByRole('form', { name: 'Ask to go live' })).toHaveCount(0);
  await expect(page.getByRole('main').getByText('Sandbox', { exact: true })).toHaveCount(0);
  const available = page.getByRole('definition').filter({ hasText: '$' }).first();
  await expect(available).toHaveText('$0.00');
  const reference = (await page.getByTestId('bank-reference').textContent())?.trim() ?? '';
  expect(reference).toMatch(/^GR-[0-9A-Z]{10}$/);

  // The transfer arrives: the operator records it from the bank statement.
  await op.getByRole('navigation', { name: 'Operations' }).getByRole('link', { name: 'Bank transfers' }).click();
  const record = op.getByRole('form', { name: 'Record a bank transfer' });
  await record.getByRole('button', { name: 'Record transfer' }).click();
  await expect(record.getByLabel('Organisation’s reference')).toBeFocused();
  await record.getByLabel('Organisation’s reference').fill(reference.toLowerCase());
  await record.getByLabel('Amount received').fill('2500.00');
  const bankRef = `FT${Date.now()}`;
  await record.getByLabel('Bank’s transaction reference').fill(bankRef);
  await record.getByRole('button', { name: 'Record transfer' }).click();
  await expect(op.getByText('Transfer recorded', { exact: true })).toBeVisible();
  await expect(op.getByRole('list', { name: 'Bank transfers recorded' })).toContainText(bankRef);
  // The same bank transaction twice is refused: it was credited once.
  await record.getByLabel('Organisation’s reference').fill(reference);
  await record.getByLabel('Amount received').fill('2500.00');
  await record.getByLabel('Bank’s transaction reference').fill(bankRef);
  await record.getByRole('button', { name: 'Record transfer' }).click();
  await expect(op.getByText('Could not record the transfer', { exact: true })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('definition').filter({ hasText: '$' }).first()).toHaveText('$2,500.00');
  await op.context().close();

  // A live order: the order history shows it alone, unlabelled; the switch shows the earlier
  // sandbox order, labelled Sandbox.
  const liveTo = `live-${Date.now()}@example.com`;
  expect((await sendDelivered(page, token, liveTo)).sandbox).toBe(false);
  await page.goto('/orders');
  const orders = page.getByRole('region', { name: 'Orders' });
  const row = (email: string) => orders.getByRole('row').filter({ hasText: email });
  await expect(row(liveTo)).toBeVisible();
  await expect(row(sandboxTo)).toHaveCount(0);
  await expect(orders.getByText('Sandbox', { exact: true })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Mode' }).click();
  await page.getByRole('option', { name: 'Sandbox orders' }).click();
  await expect(page).toHaveURL(/[?&]mode=sandbox/);
  await expect(row(sandboxTo)).toBeVisible();
  await expect(row(sandboxTo).getByText('Sandbox', { exact: true })).toBeVisible();
  await expect(row(liveTo)).toHaveCount(0);
  expect((await axe(page).include('main').analyze()).violations).toEqual([]);
  await page.getByRole('combobox', { name: 'Mode' }).click();
  await page.getByRole('option', { name: 'Live orders' }).click();
  await expect(row(liveTo)).toBeVisible();
  await expect(row(sandboxTo)).toHaveCount(0);

  // The dashboard and analytics count the live order; the same switch shows the sandbox figures.
  await page.goto('/dashboard');
  const recent = page.getByRole('main').locator('[aria-labelledby="recent-orders-heading"]').last();
  await expect(recent.getByText(liveTo)).toBeVisible();
  await expect(recent.getByText(sandboxTo)).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Mode' }).click();
  await page.getByRole('option', { name: 'Sandbox orders' }).click();
  await expect(page).toHaveURL(/\/dashboard\?mode=sandbox$/);
  await expect(recent.getByText(sandboxTo)).toBeVisible();
  await expect(recent.getByText(liveTo)).toHaveCount(0);
  await page.goto('/analytics?mode=sandbox');
  await expect(page.getByRole('combobox', { name: 'Mode' })).toHaveText('Sandbox orders');
  const ordersFigure = page
    .getByRole('term')
    .filter({ hasText: /^Orders$/ })
    .locator('xpath=following-sibling::dd[1]');
  await expect(ordersFigure).toHaveText('1');
  const liveAnswer = page.waitForResponse((r) => /\/api\/v1\/analytics\?.*mode=live/.test(r.url()));
  await page.getByRole('combobox', { name: 'Mode' }).click();
  await page.getByRole('option', { name: 'Live orders' }).click();
  await expect(page).toHaveURL(/[?&]mode=live/);
  expect((await (await liveAnswer).json()).totals).toMatchObject({ orders: 1 });
  await expect(ordersFigure).toHaveText('1');
  expect((await axe(page).include('main').analyze()).violations).toEqual([]);
});

test('the operator area and the go-live form at 375 px, in both themes, pass axe', async ({ page, browser }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signUpAndSignIn(page);
  await page.goto('/billing');
  await expect(page.getByRole('form', { name: 'Ask to go live' })).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect((await axe(page).include('main').analyze()).violations).toEqual([]);
  }
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);

  const op = await operatorPage(browser);
  await op.setViewportSize({ width: 375, height: 740 });
  for (const [path, landmark] of [
    ['/operator/live-requests', op.getByRole('heading', { name: 'Requests to go live' })],
    ['/operator/bank-transfers', op.getByRole('form', { name: 'Record a bank transfer' })],
  ] as const) {
    await op.goto(path);
    await expect(landmark).toBeVisible();
    for (const scheme of ['light', 'dark'] as const) {
      await op.emulateMedia({ colorScheme: scheme });
      expect((await axe(op).include('main').analyze()).violations).toEqual([]);
    }
    expect(await op.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  }
  await op.context().close();
});

import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { apiToken, openSendDialog, ordersOf, sendDialog, toasts } from '../sending/helpers';
import { newEmail, signUpAndSignIn } from '../support/accounts';
import { axe } from '../support/axe';

/** Axe's serious and critical findings on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await axe(page).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

const NO_MATCH = "Hmm, we couldn't find any orders matching that. Try adjusting your filters!";

/** Sends one Amazon card from the catalogue through the send dialog, as a person does. */
async function sendAmazon(page: Page, to: string, amount: string) {
  const dialog = await openSendDialog(page, 'Amazon.com Gift Card');
  await dialog.getByLabel('Recipient Email').fill(to);
  await dialog.getByLabel('Amount').fill(amount);
  await dialog.getByRole('button', { name: 'Send now' }).click();
  await expect(toasts(page).filter({ hasText: `to ${to}` })).toContainText('Reward sent');
  await expect(sendDialog(page)).toBeHidden();
}

const ordersTable = (page: Page) => page.getByRole('region', { name: 'Orders' });
const orderRows = (page: Page) => ordersTable(page).locator('tbody tr');
const statusFilter = (page: Page) => page.getByRole('combobox', { name: 'Status' });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search orders' });
const figure = (page: Page, label: string) =>
  page.getByLabel('Order figures').locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');

async function chooseStatus(page: Page, label: string) {
  await statusFilter(page).click();
  await page.getByRole('option', { name: label, exact: true }).click();
  await expect(statusFilter(page)).toHaveText(label);
}

test('after sending two rewards: search by recipient, filter by status, reload, export the CSV, resend to a corrected address', async ({
  page,
  request,
}) => {
  // Two sends, fulfilment, an export and a resend: more than the default 30 s on a busy machine.
  test.setTimeout(120_000);
  const account = await signUpAndSignIn(page);
  const ada = newEmail('ada');
  const bob = newEmail('bob');
  await page.goto('/catalog?country=US&currency=USD&category=Retail');
  await sendAmazon(page, ada, '25');
  await sendAmazon(page, bob, '40');
  const orders = await ordersOf(request, await apiToken(request, account));
  const adaOrder = orders.find((o) => o.recipient_email === ada);
  expect(adaOrder).toBeDefined();
  const adaId = adaOrder?.order_id as string;

  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Navigation' }).getByRole('link', { name: 'Order History' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your Order History' })).toBeVisible();
  await expect(page.getByPlaceholder('Search by order ID, recipient, or reward...')).toBeVisible();
  await expect(orderRows(page)).toHaveCount(2);
  await expect(figure(page, 'Total Orders')).toHaveText('2');
  // 25.63 + 41.00: what the balance was charged.
  await expect(figure(page, 'Total Value')).toHaveText('$66.63');
  await expect(ordersTable(page).getByRole('columnheader')).toHaveText([
    'Order ID',
    'Recipient',
    'Reward',
    'Amount',
    'Status',
    'Date',
    'Method',
  ]);

  // Search by the recipient: only Ada's order, the search in the URL.
  await searchBox(page).fill(ada.slice(0, 12).toUpperCase());
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(orderRows(page)).toHaveCount(1);
  await expect(orderRows(page)).toContainText(ada);
  await expect(orderRows(page)).toContainText('$25.00');
  await expect(figure(page, 'Total Orders')).toHaveText('1');

  // Delivered shows it once fulfilment has finished (the page refreshes itself meanwhile).
  await chooseStatus(page, 'Delivered');
  await expect(page).toHaveURL(/[?&]status=completed/);
  await expect(orderRows(page)).toHaveCount(1);
  await expect(orderRows(page).getByText('Delivered', { exact: true })).toBeVisible({ timeout: 20_000 });

  // A reload keeps the search and the filter.
  await page.reload();
  await expect(statusFilter(page)).toHaveText('Delivered');
  await expect(searchBox(page)).toHaveValue(ada.slice(0, 12).toUpperCase());
  await expect(orderRows(page)).toHaveCount(1);
  await expect(orderRows(page)).toContainText(ada);

  // Export downloads a CSV of exactly what the search and filter match.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^giftrelay-orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toMatch(/^order_id,created_at,status,recipient_email,/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(adaId);
  expect(lines[1]).toContain(ada);
  expect(csv).not.toContain(bob);
  await expect(toasts(page).filter({ hasText: 'Export ready' })).toContainText('1 order saved');

  // Without the search, Delivered shows both once both are delivered; Failed shows none.
  await searchBox(page).fill('');
  await expect(page).not.toHaveURL(/[?&]q=/);
  await expect(orderRows(page)).toHaveCount(2, { timeout: 20_000 });
  await chooseStatus(page, 'Failed');
  await expect(page.getByText(NO_MATCH)).toBeVisible();
  await expect(figure(page, 'Total Orders')).toHaveText('0');
  await chooseStatus(page, 'All Statuses');
  await expect(page).not.toHaveURL(/status=/);
  await expect(orderRows(page)).toHaveCount(2);

  // The order's detail, from its row, linkable.
  await ordersTable(page)
    .getByRole('link', { name: `Order ${adaId}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`[?&]order=${adaId}`));
  const detail = page.getByRole('dialog', { name: `Order ${adaId.split('-')[0]?.toUpperCase()}` });
  await expect(detail).toBeVisible();
  await expect(detail.getByRole('region', { name: 'Summary' })).toContainText('$0.63');
  await expect(detail.getByRole('region', { name: 'Reward' })).toContainText(/Code •••• \S{4}/);
  await expect(detail.getByRole('region', { name: 'Reward' })).toContainText('Not opened yet');
  const history = detail.getByRole('region', { name: 'History' });
  await expect(history).toContainText('Order placed');
  await expect(history).toContainText('Delivered');

  // Resend to a corrected address: the history records it, and the new address gets the email.
  const fixed = newEmail('ada-fixed');
  const form = detail.getByRole('form', { name: 'Resend email' });
  await expect(form.getByLabel('Send to')).toHaveValue(ada);
  await form.getByLabel('Send to').fill(fixed);
  await form.getByRole('button', { name: 'Resend email' }).click();
  await expect(toasts(page).filter({ hasText: 'Email resent' })).toContainText(fixed);
  await expect(history.getByRole('listitem').filter({ hasText: 'Email resent' })).toContainText(`To ${fixed}`);
  await expect(history.getByRole('listitem').filter({ hasText: 'Recipient corrected' })).toContainText(
    `From ${ada} to ${fixed}`,
  );
  await expect(form.getByLabel('Send to')).toHaveValue(fixed);

  // Closing goes back to the list as it was.
  await detail.getByRole('button', { name: 'Close' }).click();
  await expect(detail).toBeHidden();
  await expect(page).not.toHaveURL(/order=/);
  await expect(orderRows(page).filter({ hasText: fixed })).toHaveCount(1);

  await page.goto('/mailbox');
  const message = page.getByRole('list', { name: 'Messages' }).getByRole('button', { name: new RegExp(`To ${fixed}`) });
  await expect(message).toBeVisible({ timeout: 20_000 });
  await message.click();
  const subject = '[Sandbox] Example sent you a $25.00 Amazon.com gift card';
  await expect(page.getByRole('heading', { level: 2, name: subject })).toBeVisible();
  await expect(
    page.frameLocator(`iframe[title="Email: ${subject}"]`).getByRole('link', { name: 'Claim your reward' }),
  ).toBeVisible();
});

test('a new organisation is welcomed to send its first reward; an order opens by keyboard and Back or Escape closes it', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signUpAndSignIn(page);
  await page.goto('/orders');
  await expect(page.getByText('No orders yet')).toBeVisible();
  await expect(figure(page, 'Total Orders')).toHaveText('0');
  await page.getByRole('link', { name: 'Send your first reward' }).click();
  await expect(page).toHaveURL(/\/catalog$/);

  await page.goto('/catalog?country=US&currency=USD&category=Retail');
  const to = newEmail('keyboard');
  await sendAmazon(page, to, '10');
  await page.goto('/orders');
  const link = ordersTable(page).getByRole('link', { name: /^Order / });
  await link.focus();
  await page.keyboard.press('Enter');
  const detail = page.getByRole('dialog', { name: /^Order / });
  await expect(detail.getByRole('region', { name: 'Summary' })).toContainText(to);
  await page.goBack();
  await expect(detail).toBeHidden();
  await expect(page).toHaveURL(/\/orders$/);

  await page.goForward();
  await expect(detail).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await expect(page).toHaveURL(/\/orders$/);
});

test('at 375 px the order history is a list of cards, and an order’s detail fills the screen @mobile', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signUpAndSignIn(page);
  await page.goto('/catalog?country=US&currency=USD&category=Retail');
  await sendAmazon(page, newEmail('narrow'), '15');
  await page.goto('/orders');
  const cards = page.getByRole('list', { name: 'Orders' }).getByRole('listitem');
  await expect(cards).toHaveCount(1);
  await expect(page.getByRole('table')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await cards.getByRole('link', { name: /^Order / }).click();
  const detail = page.getByRole('dialog', { name: /^Order / });
  await expect(detail).toBeVisible();
  const box = await detail.boundingBox();
  expect(box?.width).toBe(375);
});

test('the order history and an order’s detail have no serious accessibility problems, light or dark', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signUpAndSignIn(page);
  await page.goto('/catalog?country=US&currency=USD&category=Retail');
  await sendAmazon(page, newEmail('axe'), '20');
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto('/orders');
    await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /dark/ : /^(?!.*dark)/);
    await expect(orderRows(page).getByText('Delivered', { exact: true })).toBeVisible({ timeout: 20_000 });
    expect(await seriousViolations(page)).toEqual([]);
    await ordersTable(page)
      .getByRole('link', { name: /^Order / })
      .click();
    await expect(page.getByRole('dialog').getByRole('form', { name: 'Resend email' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  }
});

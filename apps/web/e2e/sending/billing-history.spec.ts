import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { signUpAndSignIn } from '../support/accounts';
import { axe } from '../support/axe';
import { apiToken } from './helpers';

/** An order sent through the API (the send dialog has its own specs), waited for until delivered. */
async function sendDeliveredOrder(request: APIRequestContext, token: string): Promise<string> {
  const headers = { authorization: `Bearer ${token}` };
  const products = await request.get('/api/v1/products?country=US&currency=USD&category=Retail&limit=100');
  const list = (await products.json()).data as { code: string; minValue: number; denominations: number[] | null }[];
  const product = list.find((p) => !p.denominations?.length);
  expect(product).toBeTruthy();
  const res = await request.post('/api/v1/orders', {
    headers,
    data: {
      product_code: product?.code,
      amount: Math.max(25, product?.minValue ?? 25),
      email: 'pat@example.com',
      quantity: 1,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const id = (await res.json()).order_id as string;
  await expect
    .poll(async () => (await (await request.get(`/api/v1/orders/${id}`, { headers })).json()).status, {
      timeout: 20_000,
    })
    .toBe('completed');
  return id;
}

const history = (page: Page) => page.getByRole('region', { name: 'Transactions table' });
const rowsOf = (page: Page) => history(page).getByTestId('transaction-row');

test('billing lists the hold and capture of a sent order, filters by type in the URL, and downloads statements', async ({
  page,
}) => {
  const account = await signUpAndSignIn(page);
  const token = await apiToken(page.request, account);
  const orderId = await sendDeliveredOrder(page.request, token);

  await page.goto('/billing');
  await expect(page.getByRole('heading', { level: 2, name: 'Transactions' })).toBeVisible();
  await expect(rowsOf(page)).toHaveCount(3);
  const kinds = await rowsOf(page).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-kind')));
  expect(kinds).toEqual(['capture', 'hold', 'funding']);
  const capture = rowsOf(page).first();
  await expect(capture).toContainText('Capture');
  await expect(capture).toContainText('debit');
  await expect(capture).toContainText('Paid from held funds');
  await expect(rowsOf(page).last()).toContainText('+$5,000.00');
  await expect(rowsOf(page).last()).toContainText('credit');
  await expect(rowsOf(page).last()).toContainText('Sandbox starting funds');
  // The reference goes to the order.
  await capture.getByRole('link', { name: `Order ${orderId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}$`));
  await page.goBack();

  // Filtering by type keeps the choice in the address, and a reload keeps it.
  await page.getByRole('checkbox', { name: 'Hold', exact: true }).check();
  await expect(page).toHaveURL(/[?&]type=hold/);
  await expect(rowsOf(page)).toHaveCount(1);
  await expect(rowsOf(page).first()).toHaveAttribute('data-kind', 'hold');
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Hold', exact: true })).toBeChecked();
  await expect(rowsOf(page)).toHaveCount(1);
  await page.getByRole('checkbox', { name: 'Refund', exact: true }).check();
  await page.getByRole('checkbox', { name: 'Hold', exact: true }).uncheck();
  await expect(page.getByText('No transactions match these filters')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(rowsOf(page)).toHaveCount(3);

  // The statement, as CSV: the header, the three movements and a closing balance that is the balance.
  const statement = page.getByRole('form', { name: 'Download a statement' });
  await statement.getByRole('radio', { name: 'CSV' }).check();
  let downloading = page.waitForEvent('download');
  await statement.getByRole('button', { name: 'Download statement' }).click();
  let download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^giftrelay-statement-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path()) as string, 'utf8');
  expect(csv).toContain('Organisation,');
  expect(csv).toContain('Billing currency,USD');
  const movements = csv.split('\r\n').filter((l) => l.startsWith('Movement,'));
  expect(movements.map((l) => l.split(',')[3])).toEqual(['funding', 'hold', 'capture']);
  const balance = (await (
    await page.request.get('/api/v1/balance', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as {
    available: number;
  };
  const closing = csv
    .split('\r\n')
    .find((l) => l.startsWith('Closing balance,'))
    ?.split(',');
  expect(closing?.[10]).toBe(balance.available.toFixed(2));

  // And as PDF.
  await statement.getByRole('radio', { name: 'PDF' }).check();
  downloading = page.waitForEvent('download');
  await statement.getByRole('button', { name: 'Download statement' }).click();
  download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const pdf = await readFile((await download.path()) as string);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');

  // A sandbox organisation is told bank transfers are for live ones.
  await expect(page.getByRole('region', { name: 'Fund by bank transfer' })).toContainText(
    'Bank transfers fund live organisations',
  );
});

test('the history at 375 px: the table scrolls in a keyboard-reachable region, nothing else overflows, no axe violations @mobile', async ({
  page,
}) => {
  await signUpAndSignIn(page);
  await page.goto('/billing?type=funding');
  await expect(rowsOf(page)).toHaveCount(1);
  await expect(page.getByRole('checkbox', { name: 'Funding', exact: true })).toBeChecked();
  const region = history(page);
  await region.focus();
  await expect(region).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  const results = await axe(page).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(rowsOf(page)).toHaveCount(1);
  const dark = await axe(page).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(dark.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

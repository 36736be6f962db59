import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiToken, ordersOf } from '../sending/helpers';
import { type Account, signUpAndSignIn } from '../support/accounts';
import { axe } from '../support/axe';
import { figuresOf, rowsOf, sendThroughApi } from './helpers';

const utcDay = (offsetDays = 0) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const longDay = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

async function openAnalytics(page: Page) {
  await page.getByRole('navigation', { name: 'Navigation' }).getByRole('link', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(/\/analytics$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
}

/** Amazon $25 and 2 × Starbucks $10, both delivered: $25.63 + $20.50 charged. */
async function sendTwo(request: APIRequestContext, account: Account) {
  const token = await apiToken(request, account);
  await sendThroughApi(request, token, { product_code: 'AMAZON-US', amount: 25 });
  await sendThroughApi(request, token, { product_code: 'STARBUCKS-US', amount: 10, quantity: 2 });
  await expect
    .poll(async () => (await ordersOf(request, token)).map((o) => o.status), { timeout: 20_000 })
    .toEqual(['completed', 'completed']);
}

test('a new organisation’s analytics say there are no orders in the last 30 days', async ({ page }) => {
  await signUpAndSignIn(page);
  await openAnalytics(page);
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(utcDay(-29));
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(utcDay());
  await expect(page.getByText(`No orders from ${longDay(utcDay(-29))} to ${longDay(utcDay())}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');
});

test('spend, fees and breakdowns for the range; presets and interval live in the URL; Export downloads them as CSV', async ({
  page,
  request,
}) => {
  const account = await signUpAndSignIn(page);
  await sendTwo(request, account);
  await openAnalytics(page);

  const summary = page.getByRole('main').locator('dl');
  await expect
    .poll(() => figuresOf(summary))
    .toEqual({
      Load: '$46.13',
      'Gross Margin': '$1.13',
      Orders: '2',
      'Redemption Rate': '0.0%',
    });
  await expect(summary).toContainText('0 of 3 delivered rewards opened');
  expect(await rowsOf(page.getByRole('table', { name: 'By brand' }))).toEqual([
    'Amazon | $25.63 | 1',
    'Starbucks | $20.50 | 1',
  ]);
  expect(await rowsOf(page.getByRole('table', { name: 'By category' }))).toEqual([
    'Retail | $25.63 | 1',
    'Food & Beverage | $20.50 | 1',
  ]);
  expect(await rowsOf(page.getByRole('table', { name: 'By country' }))).toEqual(['United States | $46.13 | 2']);
  expect(await rowsOf(page.getByRole('table', { name: 'Spend by day' }))).toEqual([
    `${longDay(utcDay())} | $46.13 | $1.13 | 2`,
  ]);
  await expect(page.getByRole('figure', { name: 'Spend over time' }).locator('svg.recharts-surface')).toBeVisible();

  // A preset, then the interval: each is in the URL and asked of the server.
  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(page).toHaveURL(new RegExp(`/analytics\\?from=${utcDay(-6)}&to=${utcDay()}&interval=day$`));
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(utcDay(-6));
  await page.getByRole('radio', { name: 'Week' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${utcDay(-6)}&to=${utcDay()}&interval=week$`));
  await expect(page.getByRole('table', { name: 'Spend by week' })).toContainText('$46.13');
  // The keyboard moves along the interval too.
  await page.getByRole('radio', { name: 'Week' }).press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Month' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/interval=month$/);
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Month' })).toHaveAttribute('aria-checked', 'true');
  await expect.poll(() => figuresOf(summary)).toMatchObject({ Load: '$46.13' });

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^giftrelay-analytics-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
  expect(lines[0]).toBe('section,key,spend,fees,orders,currency,from,to');
  const range = `USD,${utcDay(-6)},${utcDay()}`;
  expect(lines).toContain(`totals,all,46.13,1.13,2,${range}`);
  expect(lines).toContain(`brand,Amazon,25.63,0.63,1,${range}`);
  expect(lines).toContain(`brand,Starbucks,20.50,0.50,1,${range}`);
  expect(lines.some((l) => l.startsWith('series_month,'))).toBe(true);
});

test('a range that ends before it starts: the server’s message beside the dates, no export, until it is fixed', async ({
  page,
}) => {
  await signUpAndSignIn(page);
  await openAnalytics(page);
  await page.getByLabel('From', { exact: true }).fill(utcDay(5));
  const error = page.getByRole('alert').filter({ hasText: 'To must not be before from' });
  await expect(error).toBeVisible();
  await expect(page.getByLabel('From', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('From', { exact: true })).toHaveAccessibleDescription('To must not be before from');
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();

  await page.getByRole('button', { name: 'Last 90 days' }).click();
  await expect(error).toBeHidden();
  await expect(page.getByRole('radio', { name: 'Week' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText(`No orders from ${longDay(utcDay(-89))} to ${longDay(utcDay())}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
});

// One test scans both themes, with the account and its two orders made once (decision 064).
test('at 375 px the analytics fit the screen with no serious accessibility violations, light and dark @mobile', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const account = await signUpAndSignIn(page);
  await sendTwo(request, account);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto('/analytics');
    await expect(page.getByRole('table', { name: 'By brand' })).toBeVisible();
    await expect(page.getByRole('figure', { name: 'Spend over time' }).locator('svg.recharts-surface')).toBeVisible();
    await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /dark/ : /^(?!.*dark)/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const { violations } = await axe(page).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  }
});

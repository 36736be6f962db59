import { FIGURE_NOTES } from '@giftrelay/contracts/figures';
import { expect, type Page, test } from '@playwright/test';
import { apiToken, ordersOf } from '../sending/helpers';
import { signUpAndSignIn, waitForEmail } from '../support/accounts';
import { axe } from '../support/axe';
import { figuresOf, rowsOf, sendThroughApi, sendThroughDialog } from './helpers';

const cards = (page: Page) => page.getByRole('main').locator('dl').first();
const recentOrders = (page: Page) => page.getByRole('table', { name: 'Recent Orders' });
const thisMonth = () =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date());

/** Counts the requests for the chart library's chunk. */
function watchChartChunk(page: Page) {
  const loads: string[] = [];
  page.on('request', (req) => {
    if (/\/assets\/bar-charts-[\w-]+\.js$/.test(req.url())) loads.push(req.url());
  });
  return loads;
}

test('a new organisation’s dashboard: zero cards, No orders yet, every chart empty, and no chart code downloaded', async ({
  page,
}) => {
  const chartLoads = watchChartChunk(page);
  await signUpAndSignIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('No orders yet')).toBeVisible();
  await expect(page.getByText(`This month: ${thisMonth()} (UTC)`)).toBeVisible();
  expect(await figuresOf(cards(page))).toEqual({
    'Monthly Load': '$0.00',
    'Gross Margin': '$0.00',
    Orders: '0',
    'Redemption Rate': '0.0%',
  });
  // The captions say what each figure is.
  // The captions say what each figure is: the one definition of each (issue 35).
  for (const caption of [FIGURE_NOTES.grossMargin, FIGURE_NOTES.redemptionRate]) {
    await expect(cards(page).getByText(caption, { exact: true })).toBeVisible();
  }
  await expect(page.getByText(`${FIGURE_NOTES.topCustomers}, last 30 days`)).toBeVisible();
  await expect(page.getByText('No rewards sent in the last 30 days')).toBeVisible();
  await expect(page.getByText('No brands to rank yet')).toBeVisible();
  await expect(page.getByText('No recipients to rank yet')).toBeVisible();
  await expect(recentOrders(page)).toHaveCount(0);
  expect(chartLoads).toEqual([]);
});

test('after two rewards sent from the dialog, the cards, Recent Orders and the charts show them', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const chartLoads = watchChartChunk(page);
  const account = await signUpAndSignIn(page);
  const ada = await sendThroughDialog(page, { category: 'Retail', product: 'Amazon.com Gift Card', amount: '25' });
  const bob = await sendThroughDialog(page, {
    category: 'Food & Beverage',
    product: 'Starbucks Gift Card',
    amount: '10',
    quantity: '2',
  });

  // Back from the catalogue by the sidebar, without a reload.
  await page.getByRole('navigation', { name: 'Navigation' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // $25.00 + 2.5 % = $25.63; 2 × $10.00 + 2.5 % = $20.50. Both are delivered within seconds, and
  // the page, asking every 3 s while an order is pending, shows it without a reload.
  await expect
    .poll(() => figuresOf(cards(page)), { timeout: 20_000 })
    .toEqual({
      'Monthly Load': '$46.13',
      'Gross Margin': '$1.13',
      Orders: '2',
      // Delivered, but neither recipient has opened a claim page yet.
      'Redemption Rate': '0.0%',
    });
  await expect
    .poll(() => rowsOf(recentOrders(page)))
    .toEqual([
      expect.stringMatching(new RegExp(`^Delivered \\| Starbucks \\| 2 × \\$10\\.00 \\| ${bob} \\| .+`)),
      expect.stringMatching(new RegExp(`^Delivered \\| Amazon \\| \\$25\\.00 \\| ${ada} \\| .+`)),
    ]);

  // The API agrees with the cards, to the cent.
  const orders = await ordersOf(request, await apiToken(request, account));
  expect(orders.map((o) => o.total).reduce((a, b) => a + b, 0)).toBeCloseTo(46.13, 2);

  // The charts: drawn with the chart code fetched after the cards, and told in tables for screen readers.
  await expect(page.getByRole('figure', { name: 'Load Value by Day' }).locator('svg.recharts-surface')).toBeVisible();
  expect(chartLoads).toHaveLength(1);
  await expect
    .poll(() => rowsOf(page.getByRole('table', { name: 'Top brands by value' })))
    .toEqual(['Amazon | $25.63 | 1', 'Starbucks | $20.50 | 1']);
  expect(await rowsOf(page.getByRole('table', { name: 'Top customers by value' }))).toEqual([
    `${ada} | $25.63 | 1`,
    `${bob} | $20.50 | 1`,
  ]);
  const today = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date());
  expect(await rowsOf(page.getByRole('table', { name: 'Load value by day' }))).toEqual([`${today} | $46.13`]);

  // Ada opens her claim link: one of the month's three rewards is claimed.
  const mail = await waitForEmail(request, ada, /gift card|reward/i);
  const claim = /\/claim\/([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
  expect((await request.get(`/api/v1/claims/${claim}`)).status()).toBe(200);
  await page.reload();
  await expect.poll(() => figuresOf(cards(page))).toMatchObject({ 'Redemption Rate': '33.3%' });

  // An order opens in the order history, found by its id.
  await recentOrders(page).getByRole('link', { name: 'Amazon' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders\\?q=${orders.find((o) => o.recipient_email === ada)?.order_id}$`));
});

test('a reward sent while the dashboard is open shows up there as pending, then delivered, without a reload', async ({
  page,
  request,
}) => {
  const account = await signUpAndSignIn(page);
  await expect(page.getByText('No orders yet')).toBeVisible();
  // Sent from elsewhere (the API), the dashboard's own polling picks it up.
  const order = await sendThroughApi(request, await apiToken(request, account), {
    product_code: 'AMAZON-US',
    amount: 50,
  });
  // Coming back to the tab asks again at once; then every 3 s while the order is pending.
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
  const row = recentOrders(page).getByRole('row').filter({ hasText: order.recipient_email });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Delivered', { timeout: 15_000 });
  await expect.poll(() => figuresOf(cards(page))).toMatchObject({ 'Monthly Load': '$51.25', Orders: '1' });
});

test.describe('dark mode', () => {
  test.use({ colorScheme: 'dark' });
  test('the dashboard with figures has no serious accessibility violations', async ({ page, request }) => {
    const account = await signUpAndSignIn(page);
    const token = await apiToken(request, account);
    await sendThroughApi(request, token, { product_code: 'AMAZON-US', amount: 25 });
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(recentOrders(page)).toBeVisible();
    await expect(page.getByRole('figure', { name: 'Top Brands' }).locator('svg.recharts-surface')).toBeVisible();
    const { violations } = await axe(page).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });
});

test('at 375 px the dashboard fits the screen; Recent Orders are cards @mobile', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const account = await signUpAndSignIn(page);
  await sendThroughApi(request, await apiToken(request, account), { product_code: 'AMAZON-US', amount: 25 });
  await page.reload();
  await expect(page.getByRole('list', { name: 'Recent Orders' }).getByRole('listitem')).toHaveCount(1);
  await expect(recentOrders(page)).toHaveCount(0);
  await expect(page.getByRole('figure', { name: 'Load Value by Day' }).locator('svg.recharts-surface')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const { violations } = await axe(page).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
});

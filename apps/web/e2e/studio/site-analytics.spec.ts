import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { newEmail, signInThroughApi, signUpAndSignIn } from '../support/accounts';
import { notFound, operatorAccount, publishThroughApi, seriousViolations } from '../support/studio';

// Site analytics (issue 14, decision 049). OPERATOR_EMAILS names operator-e2e@example.com on the
// test server (playwright.config.ts).

/**
 * What two visitors of one landing page send, as its tracker would: a beacon's text/plain body
 * for the first, JSON for the second. 3 views, 2 clicks (primary, Book a Demo), 1 lead.
 */
async function postVisits(request: APIRequestContext, slug: string, campaign: string) {
  const common = { slug, utm_campaign: campaign, primary_keyword: 'gift cards for teams' };
  const first = randomUUID();
  const second = randomUUID();
  // Events are taken for published pages only (decision 060), known to every process within a
  // second of publishing: a batch refused before then is refused whole, so it is sent again.
  await expect
    .poll(
      async () =>
        (
          await request.post('/api/v1/analytics/events', {
            headers: { 'content-type': 'text/plain;charset=UTF-8' },
            data: JSON.stringify({
              events: [
                { type: 'page_view', session_id: first, ...common },
                { type: 'cta_click', session_id: first, cta_type: 'primary', ...common },
                { type: 'lead_submitted', session_id: first, ...common },
              ],
            }),
          })
        ).status(),
      { timeout: 15_000 },
    )
    .toBe(202);
  const json = await request.post('/api/v1/analytics/events', {
    data: {
      events: [
        { type: 'page_view', session_id: second, ...common },
        { type: 'page_view', session_id: second, ...common },
        { type: 'cta_click', session_id: second, cta_type: 'secondary', ...common },
      ],
    },
  });
  expect(json.status(), await json.text()).toBe(202);
}

/** The cells of a page's or campaign's row, after its name. */
const rowCells = (page: Page, table: string, name: string | RegExp) =>
  page.getByRole('region', { name: table }).getByRole('row', { name }).getByRole('cell');

test('an operator reads the views, clicks, leads and conversion of a landing page @both', async ({ page }) => {
  test.slow();
  const tag = newEmail('t').slice(2, 12);
  const slug = await publishThroughApi(page.request, `analytics e2e ${tag}`);
  const campaign = `e2e-campaign-${tag}`;
  await postVisits(page.request, slug, campaign);

  await signInThroughApi(
    page,
    await operatorAccount(page.request),
    '/marketing/analytics?from=2020-01-01&to=2020-01-07',
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Site analytics' })).toBeVisible();
  await expect(page.getByText(/No landing-page visits/)).toBeVisible();

  // The last 7 days hold today's visits. Views, sessions, clicks, primary, Book a Demo, the three
  // use cases, leads, conversion (1 lead / 2 sessions).
  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
  const expected = ['3', '2', '2', '1', '1', '0', '0', '0', '1', '50.0%'];
  await expect(rowCells(page, 'By page', new RegExp(slug))).toHaveText(expected);
  await expect(rowCells(page, 'By campaign', campaign)).toHaveText(expected);
  await expect(page.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');

  // Keyboard: the tables' scrolling regions take focus.
  await page.getByRole('region', { name: 'By page' }).focus();
  await expect(page.getByRole('region', { name: 'By page' })).toBeFocused();

  // The theme is read as the page loads: each scheme on a fresh load of the same range.
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.reload();
    await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /dark/ : /^(?!.*dark)/);
    await expect(rowCells(page, 'By page', new RegExp(slug))).toHaveText(expected);
    await expect(page.getByRole('figure', { name: 'Views over time' }).locator('svg.recharts-surface')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  }
  // Nothing wider than the screen but the tables' own scrolling regions.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('a customer and a visitor get the 404 page at /marketing/analytics', async ({ page }) => {
  // The operator first: on a fresh server the first verified account becomes one.
  await operatorAccount(page.request);
  await page.goto('/marketing/analytics');
  await expect(notFound(page)).toBeVisible();
  await signUpAndSignIn(page);
  await page.goto('/marketing/analytics');
  await expect(notFound(page)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Site analytics' })).toHaveCount(0);
  const api = await page.request.get('/api/v1/operator/site-analytics?from=2026-01-01&to=2026-01-02');
  expect(api.status()).toBe(404);
});

import { expect, type Page, test } from '@playwright/test';
import { gotoReady } from '../site/helpers';
import { newEmail, signInThroughApi, signUpAndSignIn } from '../support/accounts';
import { notFound, operatorAccount, publishThroughApi, seriousViolations, toasts } from '../support/studio';

// Landing pages (issue 14, decision 051). OPERATOR_EMAILS names operator-e2e@example.com on the
// test server (playwright.config.ts).

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an operator generates a page, previews it, publishes it; a visitor opens it, clicks the CTA and leaves a lead', async ({
  page,
  browser,
}) => {
  test.slow();
  // Capitals throughout, so the H1 (the keyword in title case) reads exactly as typed.
  const keyword = `Team Rewards ${Date.now().toString(36).toUpperCase()}`;
  const slug = keyword.toLowerCase().replace(/\s+/g, '-');
  await signInThroughApi(page, await operatorAccount(page.request), '/landing-page-generator');
  await expect(page.getByRole('heading', { level: 1, name: 'AI Landing Page Generator' })).toBeVisible();
  // No keyword: the spec's toast, and nothing generated.
  await page.getByRole('button', { name: 'Generate Landing Page' }).click();
  await expect(toasts(page).filter({ hasText: 'Missing Information' })).toContainText(
    'Please provide at least a primary keyword.',
  );

  await page.getByLabel('Primary Keyword (required)').fill(keyword);
  await page.getByLabel('UTM Campaign ID').fill('e2e-spring');
  await page.getByLabel('Supporting Keywords').fill('spot awards, recognition');
  await choose(page, 'Target Audience', 'Marketing Ops');
  await choose(page, 'Offer Type', 'Demo');
  await choose(page, 'Hero Visual Style', 'Dashboard');
  await page.getByRole('button', { name: 'Generate Landing Page' }).click();
  await expect(toasts(page).filter({ hasText: 'Landing Page Generated!' })).toContainText('Opening preview...');
  await expect(page).toHaveURL(new RegExp(`/lp/${slug}$`));

  // The preview, from session storage.
  const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem('landing_page_preview') ?? '{}'));
  expect(stored).toMatchObject({
    primary_keyword: keyword,
    supporting_keywords: 'spot awards, recognition',
    audience_segment: 'marketing_ops',
    offer_type: 'demo',
    hero_visual: 'dashboard',
    utm_campaign: 'e2e-spring',
  });
  expect(stored.heroImageUrl).toMatch(/^data:image\/svg\+xml;base64,/);
  expect(Date.parse(stored.generatedAt)).not.toBeNaN();
  await expect(page.getByRole('heading', { level: 1, name: keyword })).toBeVisible();
  await expect(page.getByRole('img', { name: keyword })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Book a Demo' })).toHaveCount(2);
  await expect(page.getByText('Only this browser sees it until you publish it.')).toBeVisible();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(toasts(page).filter({ hasText: 'Landing Page Published!' })).toBeVisible();
  await expect(page.getByText('Only this browser sees it')).toHaveCount(0);

  // A visitor on another device: no session storage, the server's page.
  const visitor = await browser.newContext();
  const other = await visitor.newPage();
  const answer = await other.request.get(`/lp/${slug}`);
  expect(answer.status()).toBe(200);
  const html = await answer.text();
  expect(html).toContain(`<title>${keyword} | GiftRelay</title>`);
  expect(html).toContain(`<h1 class="font-bold text-4xl tracking-tight">${keyword}</h1>`);
  expect(await (await other.request.get('/sitemap.xml')).text()).toContain(`/lp/${slug}</loc>`);

  // The page is the server's HTML first; its tabs work once React has taken it over.
  await gotoReady(other, `/lp/${slug}`);
  await expect(other.getByRole('heading', { level: 1, name: keyword })).toBeVisible();
  await expect(other.getByRole('tab', { name: 'HR' })).toBeVisible();
  await other.getByRole('tab', { name: 'Finance' }).click();
  await expect(other.getByRole('tabpanel')).toContainText('Finance');
  await other.getByRole('button', { name: 'What happens in the demo?' }).click();
  await expect(other.getByText('We send a reward from the dashboard')).toBeVisible();
  // The CTA takes the visitor to the form.
  await other.getByRole('button', { name: 'Book a Demo' }).first().click();
  const email = newEmail('lp-lead');
  await other.getByLabel('Work email').fill(email);
  const leadEvent = other.waitForRequest(
    (r) => r.url().endsWith('/api/v1/analytics/events') && (r.postData() ?? '').includes('lead_submitted'),
  );
  await other.getByRole('button', { name: 'Get in touch' }).click();
  await expect(toasts(other).filter({ hasText: 'Success!' })).toContainText("We'll be in touch soon.");
  await expect(other.getByLabel('Work email')).toHaveValue('');
  await leadEvent;
  await visitor.close();

  // The lead in the operators' inbox.
  await page.goto('/marketing/leads');
  await expect(page.getByText(email)).toBeVisible();

  // The visitor's view, clicks and lead in Site analytics: views, sessions, clicks, primary,
  // Book a Demo, HR, Marketing, Finance, leads, conversion.
  await page.goto('/marketing/analytics');
  await page.getByRole('button', { name: 'Last 7 days' }).click();
  const cells = page
    .getByRole('region', { name: 'By page' })
    .getByRole('row', { name: new RegExp(slug) })
    .getByRole('cell');
  await expect(cells.nth(3)).toHaveText('1');
  await expect(cells.nth(7)).toHaveText('1');
  await expect(cells.nth(8)).toHaveText('1');
});

test('a customer gets the 404 page at the generator, and an unpublished address is a 404', async ({ page }) => {
  // On a fresh instance the first verified account becomes an operator: make sure it is not this one.
  await operatorAccount(page.request);
  await signUpAndSignIn(page);
  await page.goto('/landing-page-generator');
  await expect(notFound(page)).toBeVisible();
  const answer = await page.request.get('/lp/no-page-was-ever-published-here');
  expect(answer.status()).toBe(404);
  await page.goto('/lp/no-page-was-ever-published-here');
  await expect(notFound(page)).toBeVisible();
});

// One published page, scanned in both themes (decision 064).
test('a published page at 375 px has no serious axe violations, light and dark @both', async ({ page }) => {
  const slug = await publishThroughApi(page.request, `Axe Check ${Date.now().toString(36)}`);
  await page.setViewportSize({ width: 375, height: 740 });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await gotoReady(page, `/lp/${slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByLabel('Work email')).toBeVisible();
    await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /dark/ : /^(?!.*dark)/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByRole('tab', { name: 'Marketing' }).click();
    expect(await seriousViolations(page)).toEqual([]);
  }
});

test('the generator has no serious axe violations, light and dark @both', async ({ page }) => {
  await signInThroughApi(page, await operatorAccount(page.request), '/landing-page-generator');
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto('/landing-page-generator');
    await expect(page.getByRole('button', { name: 'Generate Landing Page' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Saved landing pages' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  }
});

import { BLOG_ARTICLE_SLUGS, REDIRECTS } from '@giftrelay/contracts/routes';
import { expect, type Page, test } from '@playwright/test';
import { gotoReady, NOT_FOUND_HEADING, watchPage } from './helpers';

const cards = (page: Page) => page.getByRole('main').getByRole('article');

test('the blog lists six articles and its search filters by title, excerpt or category', async ({ page }) => {
  await gotoReady(page, '/blog');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('GiftRelay Insights');
  await expect(cards(page)).toHaveCount(6);
  const search = page.getByRole('searchbox', { name: 'Search articles' });

  // Title, any case.
  await search.fill('VISA');
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).getByRole('heading')).toHaveText('Visa vs Mastercard Prepaid Cards for Employee Incentives');
  await expect(page.getByRole('status')).toHaveText('1 article matches “VISA”');
  await expect(page).toHaveURL(/\/blog\?q=VISA$/);

  // Excerpt only: the word appears in no title or category.
  await search.fill('worked example');
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).getByRole('heading')).toHaveText('How to Measure the ROI of an Employee Incentive Program');

  // Category.
  await search.fill('employee recognition');
  await expect(cards(page).getByRole('heading')).toHaveText([
    'Home Depot Gift Cards as Incentives for Field and Facilities Teams',
    'Starbucks Gift Cards for Employee Recognition: Small Thanks, Big Effect',
  ]);

  // The search survives a reload, since it lives in the URL.
  await search.fill('engineering');
  await expect(cards(page)).toHaveCount(1);
  await page.reload();
  await expect(page.locator('html[data-app-ready="true"]')).toHaveCount(1);
  await expect(search).toHaveValue('engineering');
  await expect(cards(page).getByRole('heading')).toHaveText('Automating Rewards with the GiftRelay API');

  // Nothing matches: say so, and offer a way back.
  await search.fill('cryptocurrency');
  await expect(cards(page)).toHaveCount(0);
  await expect(page.getByText('No articles match “cryptocurrency”.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear the search' }).click();
  await expect(cards(page)).toHaveCount(6);
  await expect(search).toHaveValue('');

  await page.getByRole('main').getByRole('link', { name: 'Get started free' }).click();
  await expect(page).toHaveURL(/\/login\?mode=signup$/);
});

for (const slug of BLOG_ARTICLE_SLUGS) {
  test(`the article ${slug} opens from the blog and all its links resolve`, async ({ page, request }) => {
    await gotoReady(page, '/blog');
    const card = cards(page).filter({ has: page.locator(`a[href="/blog/${slug}"]`) });
    const title = (await card.getByRole('heading').textContent()) ?? '';
    await card.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/blog/${slug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page).toHaveTitle(`${title} | GiftRelay`);

    // A real body: several sections and well over a few hundred words.
    const article = page.getByRole('article').first();
    expect(await article.getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(5);
    const words = (await article.innerText()).split(/\s+/).length;
    expect(words).toBeGreaterThan(900);

    // Structured data that names the article.
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(jsonLd).toMatchObject({
      '@type': 'BlogPosting',
      headline: title,
      datePublished: expect.stringMatching(/^2025-/),
    });
    expect(jsonLd.mainEntityOfPage['@id']).toBe(page.url());

    // Every link inside the page that stays on the site answers with a page, never the 404.
    const hrefs = await page
      .getByRole('main')
      .locator('a[href^="/"]')
      .evaluateAll((els) => [...new Set(els.map((el) => el.getAttribute('href') ?? ''))]);
    for (const href of hrefs) expect((await request.get(href)).status(), href).toBe(200);

    // Related articles: three, each a real article.
    const related = page.getByRole('navigation', { name: 'Related articles' }).getByRole('link');
    await expect(related).toHaveCount(3);
    const relatedTitles = await related.allTextContents();
    for (const [i, relatedTitle] of relatedTitles.entries()) {
      await related.nth(i).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(relatedTitle);
      await expect(page.getByRole('heading', { name: NOT_FOUND_HEADING })).toHaveCount(0);
      await page.goBack();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    }

    // The sign-up call to action and the way back.
    await expect(page.getByRole('main').getByRole('link', { name: 'Get started free' })).toHaveAttribute(
      'href',
      '/login?mode=signup',
    );
    await page.getByRole('link', { name: 'Back to blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });
}

test("an article's body is in its HTML and loads its code only when a reader reaches for it", async ({ page }) => {
  const { consoleErrors, scripts } = watchPage(page);
  const bodyScripts = () => scripts.filter((s) => /\/(automate-rewards-giftrelay-api|markdown)-/.test(s));
  const res = await gotoReady(page, '/blog/automate-rewards-giftrelay-api');
  const html = (await res?.text()) ?? '';
  expect(html).toContain('data-deferred-part="article-body-automate-rewards-giftrelay-api"');
  expect(html).toContain('Idempotency-Key');
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(jsonLd.wordCount).toBeGreaterThan(900);
  await page.waitForLoadState('networkidle');
  expect(bodyScripts()).toEqual([]);

  // Reaching for a code block's copy button loads the body's code, and then the button works.
  const body = page.locator('[data-deferred-part="article-body-automate-rewards-giftrelay-api"]');
  const block = body.locator('div:has(> pre)').first();
  await block.hover();
  await expect(page.locator('[data-deferred-part^="article-body"][data-deferred-ready]')).toHaveCount(1);
  expect(bodyScripts().some((s) => s.includes('/automate-rewards-giftrelay-api-'))).toBe(true);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const code = await block.locator('pre').innerText();
  await block.getByRole('button', { name: /^Copy/ }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  expect(consoleErrors).toEqual([]);
});

test('an article reached from the blog waits for its body: whole, or the error page if it cannot load', async ({
  page,
}) => {
  let offline = true;
  await page.route('**/assets/roi-employee-incentive-programs-*.js', (route) =>
    offline ? route.abort('failed') : route.continue(),
  );
  await gotoReady(page, '/blog');
  await page.locator('a[href="/blog/roi-employee-incentive-programs"]').first().click();
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();

  offline = false;
  await gotoReady(page, '/blog');
  await page.locator('a[href="/blog/roi-employee-incentive-programs"]').first().click();
  await expect(page).toHaveURL(/\/blog\/roi-employee-incentive-programs$/);
  // The body is there as soon as the page is: no empty body, no spinner.
  const body = page.locator('[data-deferred-part="article-body-roi-employee-incentive-programs"]');
  await expect(body).toHaveAttribute('data-deferred-ready', '');
  expect((await body.innerText()).split(/\s+/).length).toBeGreaterThan(900);
  await expect(page.getByRole('status', { name: 'Loading the article' })).toHaveCount(0);
});

test('the old Starbucks address leads to the Starbucks article', async ({ page }) => {
  const [from, to] = Object.entries(REDIRECTS).find(([f]) => f.includes('starbucks')) ?? [];
  const res = await page.goto(from ?? '');
  expect(res?.status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`${to}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Starbucks Gift Cards for Employee Recognition');
});

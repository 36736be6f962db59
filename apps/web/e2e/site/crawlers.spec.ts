import { BLOG_ARTICLE_SLUGS, SITEMAP_PATHS } from '@giftrelay/contracts/routes';
import { expect, test } from '@playwright/test';
import { decodeHtml, gotoReady, PUBLIC_PAGES } from './helpers';

const ARTICLE = {
  path: `/blog/${BLOG_ARTICLE_SLUGS[0]}`,
  h1: 'Employee Incentive Gift Cards: A Practical Guide for HR Teams',
  title: 'Employee Incentive Gift Cards: A Practical Guide for HR Teams | GiftRelay',
};

const attr = (html: string, pattern: RegExp) => decodeHtml(pattern.exec(html)?.[1] ?? '');

test.describe('without JavaScript', () => {
  for (const p of [...PUBLIC_PAGES, ARTICLE]) {
    test(`${p.path} has its content and metadata in the HTML`, async ({ request, baseURL }) => {
      const res = await request.get(p.path);
      expect(res.status()).toBe(200);
      const html = await res.text();
      const canonical = `${baseURL}${p.path}`;
      expect(attr(html, /<title>([^<]*)<\/title>/)).toBe(p.title);
      const description = attr(html, /<meta name="description" content="([^"]*)"/);
      expect(description.length).toBeGreaterThan(50);
      expect(attr(html, /<meta name="keywords" content="([^"]*)"/)).not.toBe('');
      expect(attr(html, /<meta property="og:title" content="([^"]*)"/)).toBe(p.title.replace(' | GiftRelay', ''));
      expect(attr(html, /<meta property="og:description" content="([^"]*)"/)).toBe(description);
      expect(attr(html, /<meta property="og:url" content="([^"]*)"/)).toBe(canonical);
      expect(attr(html, /<meta name="twitter:title" content="([^"]*)"/)).toBe(p.title.replace(' | GiftRelay', ''));
      expect(attr(html, /<meta name="twitter:description" content="([^"]*)"/)).toBe(description);
      expect(attr(html, /<link rel="canonical" href="([^"]*)"/)).toBe(canonical);
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html).not.toContain('__GIFTRELAY_PUBLIC_URL__');
      // The headline is in the page itself, not added later by a script.
      const root = html.slice(html.indexOf('<div id="root">'));
      expect(decodeHtml(root.replace(/<[^>]+>/g, ''))).toContain(p.h1);
    });
  }

  test('a browser with JavaScript off shows the pages and can move between them', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Digital Rewards That Scale with Your Business');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveTitle('Pricing | GiftRelay');
    await expect(page.getByRole('heading', { name: 'Growth', exact: true })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
    await page.getByRole('link', { name: ARTICLE.h1 }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ARTICLE.h1);
    await expect(page.getByRole('heading', { name: 'Tax: what HR needs to know' })).toBeVisible();
    await context.close();
  });
});

test('moving around in the app keeps the head in step with the page', async ({ page, baseURL }) => {
  await gotoReady(page, '/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Docs' }).click();
  await expect(page).toHaveTitle('API Documentation | GiftRelay');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/docs`);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', `${baseURL}/docs`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /REST API/);
  await page.getByRole('link', { name: 'GiftRelay home' }).first().click();
  await expect(page).toHaveTitle('GiftRelay - Digital Rewards That Scale');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/`);
  await expect(page.locator('meta[name="description"]')).toHaveCount(1);
});

test('robots.txt and sitemap.xml list the public pages, and every listed page answers', async ({
  request,
  baseURL,
}) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  expect(robots).toContain('Disallow: /dashboard');
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');
  expect(locs).toEqual(SITEMAP_PATHS.map((p) => `${baseURL}${p}`));
  for (const p of [...PUBLIC_PAGES, ARTICLE]) expect(locs).toContain(`${baseURL}${p.path}`);
  for (const loc of locs) expect((await request.get(loc)).status(), loc).toBe(200);
});

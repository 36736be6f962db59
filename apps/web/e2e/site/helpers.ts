import { expect, type Page } from '@playwright/test';

/** Opens a page and waits until React has taken it over (prerendered pages work before that, as plain links). */
export async function gotoReady(page: Page, url: string) {
  const res = await page.goto(url);
  await expect(page.locator('html[data-app-ready="true"]')).toHaveCount(1);
  return res;
}

/** What a page logs as errors and the scripts it requests (paths), from now on. */
export function watchPage(page: Page) {
  const consoleErrors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  });
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  return { consoleErrors, scripts };
}

/** The public pages with their headline (h1), as a visitor reaches them. */
export const PUBLIC_PAGES = [
  { path: '/', h1: 'Digital Rewards That Scale with Your Business', title: 'GiftRelay - Digital Rewards That Scale' },
  { path: '/pricing', h1: 'Simple, transparent pricing', title: 'Pricing | GiftRelay' },
  { path: '/solutions', h1: 'One platform, every team that rewards people', title: 'Solutions | GiftRelay' },
  { path: '/docs', h1: 'API Documentation', title: 'API Documentation | GiftRelay' },
  { path: '/blog', h1: 'GiftRelay Insights', title: 'Blog | GiftRelay' },
  { path: '/contact', h1: 'Talk to us', title: 'Contact Us | GiftRelay' },
  { path: '/privacy', h1: 'Privacy Policy', title: 'Privacy Policy | GiftRelay' },
  { path: '/terms', h1: 'Terms of Service', title: 'Terms of Service | GiftRelay' },
  { path: '/security', h1: 'Security', title: 'Security | GiftRelay' },
];

export const NOT_FOUND_HEADING = 'Oops! Page not found';

/** Text as it was before HTML escaped it, for reading pages fetched without a browser. */
export const decodeHtml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

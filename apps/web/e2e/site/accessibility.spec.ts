import { BLOG_ARTICLE_SLUGS } from '@giftrelay/contracts/routes';
import { expect, test } from '@playwright/test';
import { axe } from '../support/axe';
import { gotoReady, PUBLIC_PAGES } from './helpers';

const ARTICLES = BLOG_ARTICLE_SLUGS.map((s) => `/blog/${s}`);
const [FIRST_ARTICLE = '/blog'] = ARTICLES;
const MAIN_PAGES = [...PUBLIC_PAGES.map((p) => p.path), '/no-such-page'];

// Every page in the light theme on the desktop (each article has its own content); the dark theme
// on every template (the articles share one); at 375 px the pages whose layout changes most.
// About 30 scans instead of 45: the browser phase is the longest part of `npm test` (decision 019).
// The pages of a run are scanned one after another in one tab, in groups of a few: a browser
// context of their own for each page loaded and compiled the app's scripts again before every
// scan (decision 100). Each page is still loaded whole and scanned whole, and a violation names it.
const GROUP = 4;
const RUNS = [
  { colorScheme: 'light', tag: '', pages: [...MAIN_PAGES, ...ARTICLES] },
  { colorScheme: 'dark', tag: '', pages: [...MAIN_PAGES, FIRST_ARTICLE] },
  { colorScheme: 'light', tag: ' @mobile', pages: ['/', '/pricing', '/docs', FIRST_ARTICLE] },
] as const;

for (const { colorScheme, tag, pages } of RUNS) {
  test.describe(`accessibility, ${colorScheme} theme${tag}`, () => {
    test.use({ colorScheme });
    for (let i = 0; i < pages.length; i += GROUP) {
      const group = pages.slice(i, i + GROUP);
      test(`${group.join(', ')} have no serious or critical violations`, async ({ page }) => {
        test.slow(group.length > 2);
        for (const path of group) {
          await test.step(path, async () => {
            await gotoReady(page, path);
            await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /dark/ : /^(?!.*dark)/);
            const { violations } = await axe(page).analyze();
            const serious = violations
              .filter((v) => v.impact === 'serious' || v.impact === 'critical')
              .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
            expect.soft(serious, `${path} in the ${colorScheme} theme`).toEqual([]);
          });
        }
      });
    }
  });
}

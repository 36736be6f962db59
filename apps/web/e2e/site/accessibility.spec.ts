import AxeBuilder from '@axe-core/playwright';
import { BLOG_ARTICLE_SLUGS } from '@giftrelay/contracts/routes';
import { expect, test } from '@playwright/test';
import { gotoReady, PUBLIC_PAGES } from './helpers';

const PAGES = [...PUBLIC_PAGES.map((p) => p.path), ...BLOG_ARTICLE_SLUGS.map((s) => `/blog/${s}`), '/no-such-page'];

for (const colorScheme of ['light', 'dark'] as const) {
  // Light at both widths, dark on the desktop: enough to catch layout and contrast problems.
  test.describe(`accessibility, ${colorScheme} theme${colorScheme === 'light' ? ' @mobile' : ''}`, () => {
    test.use({ colorScheme });
    for (const path of PAGES) {
      test(`${path} has no serious or critical violations`, async ({ page }) => {
        await gotoReady(page, path);
        await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /dark/ : /^(?!.*dark)/);
        const { violations } = await new AxeBuilder({ page }).analyze();
        const serious = violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
        expect(serious).toEqual([]);
      });
    }
  });
}

import { BLOG_ARTICLE_SLUGS } from '@giftrelay/contracts/routes';
import { expect, test } from '@playwright/test';
import { gotoReady, NOT_FOUND_HEADING, PUBLIC_PAGES, watchPage } from './helpers';

const MAIN_LINKS = [
  { name: 'Catalog', path: '/catalog', heading: 'Catalog' },
  { name: 'Pricing', path: '/pricing', heading: 'Simple, transparent pricing' },
  { name: 'Solutions', path: '/solutions', heading: 'One platform, every team that rewards people' },
  { name: 'Docs', path: '/docs', heading: 'API Documentation' },
  { name: 'Blog', path: '/blog', heading: 'GiftRelay Insights' },
];

test('each link of the navigation bar reaches its page and is highlighted there', async ({ page }) => {
  await gotoReady(page, '/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const link of MAIN_LINKS) {
    await nav.getByRole('link', { name: link.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${link.path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(link.heading);
    await expect(nav.getByRole('link', { name: link.name, exact: true })).toHaveAttribute('aria-current', 'page');
    for (const other of MAIN_LINKS.filter((l) => l !== link)) {
      await expect(nav.getByRole('link', { name: other.name, exact: true })).not.toHaveAttribute('aria-current');
    }
  }
  await page.getByRole('link', { name: 'GiftRelay home' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goBack();
  await page.getByRole('banner').getByRole('link', { name: 'Get started' }).click();
  await expect(page).toHaveURL(/\/login\?mode=signup$/);
});

const FOOTER_LINKS = [
  { name: 'Catalog', href: '/catalog' },
  { name: 'Pricing', href: '/pricing' },
  { name: 'Solutions', href: '/solutions' },
  { name: 'Dashboard', href: '/dashboard' },
  { name: 'API Docs', href: '/docs' },
  { name: 'Blog', href: '/blog' },
  { name: 'Help Center', href: '/contact?topic=support' },
  { name: 'Contact Us', href: '/contact' },
  { name: 'Privacy Policy', href: '/privacy' },
  { name: 'Terms of Service', href: '/terms' },
  { name: 'Security', href: '/security' },
];

test('the footer links where it says, and says the current year', async ({ page }) => {
  await gotoReady(page, '/');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(`© ${new Date().getFullYear()} GiftRelay`);
  const links = await footer
    .getByRole('link')
    .evaluateAll((els) =>
      els.map((el) => ({ name: el.textContent?.trim() ?? '', href: el.getAttribute('href') ?? '' })),
    );
  // The brand links home; every other link is one of the footer's destinations.
  expect(links.filter((l) => l.href !== '/')).toEqual(FOOTER_LINKS);
});

for (const link of FOOTER_LINKS) {
  test(`the footer link ${link.name} reaches a real page`, async ({ page, request }) => {
    // The server knows the page (no 404 status) ...
    expect((await request.get(link.href)).status()).toBe(200);
    // ... and a visitor clicking it sees that page, not the 404 page.
    await gotoReady(page, '/');
    await page.getByRole('contentinfo').getByRole('link', { name: link.name, exact: true }).click();
    // (A signed-in area may send a visitor to sign in first; that is a real page too.)
    await expect(page).toHaveURL(new RegExp(`(${link.href.replace('?', '\\?')}|/login(\\?.*)?)$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: NOT_FOUND_HEADING })).toHaveCount(0);
  });
}

test("the home page's buttons lead where the spec says", async ({ page }) => {
  const cases = [
    { name: 'View Catalog', url: /\/catalog$/ },
    { name: 'Get Started Free', url: /\/login\?mode=signup$/ },
    { name: 'View Security Docs', url: /\/security$/ },
    // The closing call to action says it the same way as the hero: one wording a page.
    { name: 'Get Started Free', url: /\/login\?mode=signup$/, last: true },
  ];
  for (const c of cases) {
    await gotoReady(page, '/');
    const links = page.getByRole('main').getByRole('link', { name: c.name, exact: true });
    await (c.last ? links.last() : links.first()).click();
    await expect(page).toHaveURL(c.url);
  }
  await gotoReady(page, '/');
  await expect(page.getByRole('main').getByRole('link', { name: /get started free/i })).toHaveCount(2);
  await expect(page.getByRole('main').getByRole('link', { name: 'Get started free', exact: true })).toHaveCount(0);
});

test('pricing shows the three plans and their buttons sign up with the plan or reach sales', async ({ page }) => {
  await gotoReady(page, '/pricing');
  // One story: every plan costs face value plus the one processing fee; no plan shows a markup.
  await expect(page.getByRole('main')).not.toContainText('markup');
  for (const [plan, price, markup] of [
    ['Starter', '$0', 'Face value + 2.5% processing fee'],
    ['Growth', '$299', 'Face value + 2.5% processing fee'],
    ['Enterprise', 'Custom', 'Face value + 2.5% processing fee'],
  ] as const) {
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: plan, exact: true }) });
    await expect(card).toContainText(price);
    await expect(card).toContainText(markup);
  }
  await expect(page.getByText('Most Popular')).toBeVisible();

  await page.getByRole('link', { name: 'Start Free' }).click();
  await expect(page).toHaveURL(/\/login\?mode=signup&plan=starter$/);
  await gotoReady(page, '/pricing');
  await page.getByRole('link', { name: 'Start with Growth' }).click();
  await expect(page).toHaveURL(/\/login\?mode=signup&plan=growth$/);
  await gotoReady(page, '/pricing');
  await page.getByRole('link', { name: 'Talk to Sales' }).click();
  await expect(page).toHaveURL(/\/contact\?topic=sales&plan=enterprise$/);
  await expect(page.getByLabel('What is it about?')).toHaveValue('sales');
  await expect(page.getByText('About the Enterprise plan')).toBeVisible();

  // The FAQ opens in place.
  await gotoReady(page, '/pricing');
  const question = page.getByText('How is the processing fee calculated?');
  await expect(page.getByText('A $25.00 gift card costs $25.00 + $0.63 = $25.63.', { exact: false })).toBeHidden();
  await question.click();
  await expect(page.getByText('A $25.00 gift card costs $25.00 + $0.63 = $25.63.', { exact: false })).toBeVisible();
});

test('solutions has a tab per team with its headline figure, and its two calls to action', async ({ page }) => {
  await gotoReady(page, '/solutions');
  const tabs = page.getByRole('tablist', { name: 'Solutions by team' });
  for (const [tab, figure] of [
    ['HR & People', '35%'],
    ['Marketing Ops', '3x'],
    ['Research & CX', '40%'],
    ['Finance', '2.5%'],
  ] as const) {
    await tabs.getByRole('tab', { name: tab }).click();
    await expect(tabs.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel');
    await expect(panel).toHaveCount(1);
    await expect(panel).toContainText(figure);
    await expect(panel.getByRole('heading', { name: 'Use cases' })).toBeVisible();
  }
  // Keyboard: arrows move between tabs.
  await tabs.getByRole('tab', { name: 'Finance' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(tabs.getByRole('tab', { name: 'Research & CX' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('link', { name: 'Launch a Pilot' }).click();
  await expect(page).toHaveURL(/\/login\?mode=signup$/);
  await gotoReady(page, '/solutions');
  await page.getByRole('link', { name: 'See API Docs' }).click();
  await expect(page).toHaveURL(/\/docs$/);
});

test('docs has its nine side tabs, and a section can be linked to', async ({ page }) => {
  await gotoReady(page, '/docs');
  const tabs = page.getByRole('tablist', { name: 'API documentation sections' });
  await expect(tabs.getByRole('tab')).toHaveText([
    'Overview',
    'Auth',
    'List Products',
    'Create Order',
    'Choice & Expiry',
    'Orders & Reports',
    'Webhooks',
    'Errors',
    'AI agents',
  ]);
  // Keyboard: the arrows move down the side tabs, and the URL follows.
  await tabs.getByRole('tab', { name: 'Choice & Expiry' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(tabs.getByRole('tab', { name: 'Orders & Reports' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/docs#reports$/);
  await expect(page.getByRole('tabpanel').getByRole('heading', { name: 'Search orders' })).toBeVisible();
  await tabs.getByRole('tab', { name: 'Webhooks' }).click();
  await expect(page).toHaveURL(/\/docs#webhooks$/);
  for (const event of ['order.created', 'order.completed', 'order.failed', 'reward.opened', 'balance.low']) {
    await expect(page.getByRole('tabpanel').getByText(event, { exact: true }).first()).toBeVisible();
  }
  await expect(page.getByTestId('webhook-receiver-example')).toContainText(
    "import { Webhook } from 'standardwebhooks'",
  );
  await page.reload();
  await expect(page.locator('html[data-app-ready="true"]')).toHaveCount(1);
  await expect(tabs.getByRole('tab', { name: 'Webhooks' })).toHaveAttribute('aria-selected', 'true');
  await tabs.getByRole('tab', { name: 'Errors' }).click();
  for (const code of [
    'INSUFFICIENT_FUNDS',
    'INVALID_PRODUCT',
    'UNAUTHORIZED',
    'VALIDATION_ERROR',
    'IDEMPOTENCY_KEY_REUSED',
  ]) {
    await expect(page.getByRole('tabpanel').getByRole('cell', { name: code, exact: true })).toBeVisible();
  }
});

test("docs' reference sections are in the page's HTML and load their code only when a reader turns to them", async ({
  page,
}) => {
  const { consoleErrors, scripts } = watchPage(page);
  const res = await gotoReady(page, '/docs');
  // Every section is in the HTML the server sent, before any script ran.
  const html = (await res?.text()) ?? '';
  expect(html).toContain('data-example-id="create-order"');
  expect(html).toContain('IDEMPOTENCY_KEY_REUSED');
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((s) => s.includes('docs-reference'))).toEqual([]);

  // Choosing a section loads its code: the server's HTML is hydrated and its copy button works.
  const tabs = page.getByRole('tablist', { name: 'API documentation sections' });
  await tabs.getByRole('tab', { name: 'Create Order' }).click();
  const panel = page.getByRole('tabpanel');
  await expect(panel.locator('[data-example-id="create-order"]')).toBeVisible();
  await expect.poll(() => scripts.filter((s) => s.includes('docs-reference')).length).toBe(1);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  // React has taken the section over from the server's HTML: its copy button works.
  await expect(panel.locator('[data-deferred-part="docs-reference"][data-deferred-ready]')).toHaveCount(1);
  const command = await panel.locator('[data-example-id="create-order"]').innerText();
  expect(command).toContain('Idempotency-Key');
  const copy = panel.locator('div:has(> pre > code[data-example-id="create-order"])').getByRole('button', {
    name: 'Copy sh',
  });
  await copy.click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(command);
  expect(consoleErrors).toEqual([]);
});

test("the app's runtime, loaded by pointing at a link, keeps the docs' sections as the server sent them", async ({
  page,
}) => {
  await gotoReady(page, '/docs');
  const sections = page.locator('[data-deferred-part="docs-reference"]');
  await expect(sections).toHaveCount(8);
  // Pointing at a header link loads the runtime (the toaster's region appears). It changes the
  // context every section is under: they must be hydrated first, not redrawn as spinners.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).hover();
  await expect(page.getByRole('region', { name: /Notifications/ })).toBeAttached();
  await expect(page.locator('[data-deferred-part="docs-reference"][data-deferred-ready]')).toHaveCount(8);
  await expect(page.locator('code[data-example-id="create-order"]')).toHaveCount(1);
  await expect(page.getByRole('status', { name: 'Loading the section' })).toHaveCount(0);
});

test('docs reached from another page show every section', async ({ page }) => {
  await gotoReady(page, '/pricing');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Docs' }).click();
  await expect(page).toHaveURL(/\/docs$/);
  await page.getByRole('tablist', { name: 'API documentation sections' }).getByRole('tab', { name: 'Errors' }).click();
  await expect(page.getByRole('tabpanel').getByRole('cell', { name: 'INSUFFICIENT_FUNDS', exact: true })).toBeVisible();
});

test('an unknown path and an unknown article show the 404 page with a 404 status', async ({ page }) => {
  for (const url of ['/no/such/page', '/blog/no-such-article', '/pricing/extra']) {
    const res = await page.goto(url);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: NOT_FOUND_HEADING })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  }
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Digital Rewards That Scale with Your Business');
});

test('at 375 px the menu opens, lists the links and closes on a link or Escape @mobile', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await gotoReady(page, '/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu).toBeHidden();

  await toggle.click();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('link')).toHaveText([
    'Catalog',
    'Pricing',
    'Solutions',
    'Docs',
    'Blog',
    'Sign in',
    'Get started',
  ]);
  await menu.getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');

  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(menu.getByRole('link', { name: 'Pricing' })).toHaveAttribute('aria-current', 'page');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
});

test('no public page is wider than a 375 px screen @mobile', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  for (const path of [...PUBLIC_PAGES.map((p) => p.path), ...BLOG_ARTICLE_SLUGS.map((s) => `/blog/${s}`)]) {
    await gotoReady(page, path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
  }
});

import { expect, type Page, test } from '@playwright/test';
import { signInThroughApi, signUpAndSignIn } from '../support/accounts';
import { notFound, operatorAccount, seriousViolations } from '../support/studio';

// The operator area (issue 35, decision 079) on the default test server: OPERATOR_EMAILS names
// operator-e2e@example.com, and there is no real gift-card provider. SHOTS_DIR=/some/dir keeps
// screenshots of the changed screens (light and dark, 1366 and 375 px) for a person to look at.

const shoot = async (page: Page, name: string, prepare?: () => Promise<void>) => {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  // Eight reloads and full-page pictures: time beyond the test's own.
  test.info().setTimeout(test.info().timeout + 60_000);
  for (const [width, height] of [
    [1366, 900],
    [375, 740],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      // The theme follows the system's at load.
      await page.reload();
      await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /dark/ : /^(?!.*dark)/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
      await prepare?.();
      await page.screenshot({ path: `${dir}/${name}-${width}-${colorScheme}.png`, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.reload();
};

const TOOLS = [
  ['Operations', 'Go-live requests', /\/operator\/live-requests$/, 'Go-live requests'],
  ['Operations', 'Reward review', /\/operator\/reward-reviews$/, 'Reward review'],
  ['Operations', 'Bank transfers', /\/operator\/bank-transfers$/, 'Bank transfers'],
  ['Operations', 'Operators', /\/operator\/operators$/, 'Operators'],
  ['Marketing', 'Blog generator', /\/blog\/generator$/, 'AI Blog Generator'],
  ['Marketing', 'Landing pages', /\/landing-page-generator$/, 'AI Landing Page Generator'],
  ['Marketing', 'Leads', /\/marketing\/leads$/, 'Leads'],
  ['Marketing', 'Testimonials', /\/marketing\/testimonials$/, 'Testimonials'],
  ['Marketing', 'Site analytics', /\/marketing\/analytics/, 'Site analytics'],
] as const;

test('an operator works in an area of their own: its frame and navigation, no customer balance, each tool, and back', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInThroughApi(page, await operatorAccount(page.request));
  // Their organisation's frame: its balance, and one way to the operator area.
  await expect(page.getByTestId('header-balance')).toBeVisible();
  await page.getByRole('navigation', { name: 'GiftRelay' }).getByRole('link', { name: 'Operator area' }).click();

  await expect(page).toHaveURL(/\/operator\/live-requests$/);
  await expect(page.getByTestId('area-name')).toHaveText('Operator area');
  await expect(page.getByRole('heading', { level: 1, name: 'Go-live requests' })).toBeVisible();
  // Nothing of a customer's: no balance, no organisation or its switcher, no Sandbox label.
  const header = page.getByRole('banner');
  await expect(header.getByTestId('header-balance')).toHaveCount(0);
  await expect(header.getByTestId('organisation-name')).toHaveCount(0);
  await expect(header.getByRole('button', { name: /organisation/i })).toHaveCount(0);
  await expect(header.getByText('Sandbox', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Navigation' })).toHaveCount(0);
  // No real provider on this server: the queue says what would let anyone go live.
  await expect(page.getByTestId('what-to-configure')).toContainText('GIFT_CARD_PROVIDER=tango');
  await expect(page.getByTestId('what-to-configure')).toContainText('npm run demo:live');
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'operator-live-requests');

  for (const [group, link, url, heading] of TOOLS) {
    await page.getByRole('navigation', { name: group }).getByRole('link', { name: link, exact: true }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByTestId('area-name')).toHaveText('Operator area');
    await expect(page.getByTestId('header-balance')).toHaveCount(0);
  }
  // The generators open in the area, not in the public site's frame.
  await page.goto('/blog/generator');
  await expect(page.getByRole('heading', { level: 1, name: 'AI Blog Generator' })).toBeVisible();
  await expect(page.getByTestId('area-name')).toHaveText('Operator area');
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'operator-blog-generator');

  // And back to the organisation they belong to.
  await page.getByRole('navigation', { name: 'Your organisation' }).getByRole('link').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('header-balance')).toBeVisible();
});

test('at 375 px the operator area’s menu holds its tools, and a customer gets the 404 page there @mobile', async ({
  page,
}) => {
  await signInThroughApi(page, await operatorAccount(page.request), '/operator');
  await expect(page).toHaveURL(/\/operator\/live-requests$/);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'GiftRelay' });
  await expect(menu.getByText('Operator area')).toBeVisible();
  await menu.getByRole('navigation', { name: 'Operations' }).getByRole('link', { name: 'Bank transfers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bank transfers' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await seriousViolations(page)).toEqual([]);

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signUpAndSignIn(page);
  for (const path of ['/operator', '/operator/live-requests', '/operator/operators']) {
    await page.goto(path);
    await expect(notFound(page)).toBeVisible();
    await expect(page.getByTestId('area-name')).toHaveCount(0);
  }
});

test('without a real provider, Going live tells the operator what to configure and the customer who can switch it on', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  // A customer (owner of their own sandbox organisation, not an operator): plain words first.
  await operatorAccount(page.request);
  await signUpAndSignIn(page);
  await page.goto('/billing');
  const card = page.getByRole('heading', { name: 'Go live' }).locator('..').locator('..');
  await expect(card.getByText(/Going live is not switched on for this GiftRelay yet/)).toBeVisible();
  await expect(card.getByTestId('what-to-configure')).toBeHidden();
  await card.getByText('What they need to configure').click();
  await expect(card.getByTestId('what-to-configure')).toContainText('STRIPE_SECRET_KEY');
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'billing-go-live-customer', () => page.getByText('What they need to configure').click());

  // The operator runs this instance: the list, open.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signInThroughApi(page, await operatorAccount(page.request), '/billing');
  const list = page.getByTestId('what-to-configure');
  await expect(list).toBeVisible();
  for (const text of [
    'GIFT_CARD_PROVIDER=tango',
    'TANGO_PLATFORM_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'BANK_TRANSFER_ACCOUNT',
  ]) {
    await expect(list).toContainText(text);
  }
  await expect(list).toContainText('npm run demo:live');
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'billing-go-live-operator');
});

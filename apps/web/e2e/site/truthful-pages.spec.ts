import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { createVerifiedAccount, newEmail, waitForEmail } from '../support/accounts';
import { tokenOf } from '../support/live';
import { operatorAccount, publishThroughApi, seriousViolations } from '../support/studio';
import { gotoReady } from './helpers';

// Issue 35, what a visitor and a recipient see: the home page quotes only approved testimonials
// and its security button reaches a real /security page; the catalogue shows popular cards to a
// signed-out visitor, with every country and no Sandbox label or bulk sending; the claim page at
// 375 px shows the whole sender's name and links to the brand's redemption site. With SHOTS_DIR
// set, each screen is also saved in light and dark at 1366 and 375 px.

const SENDER = 'Northwind Traders International Holdings';

async function shoot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const url = page.url();
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1366, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.emulateMedia({ colorScheme: theme });
      await page.evaluate((t) => localStorage.setItem('giftrelay-theme', t), theme);
      await gotoReady(page, url);
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `${dir}/${name}-${theme}-${width}.png`, fullPage: true });
    }
  }
  await page.evaluate(() => localStorage.removeItem('giftrelay-theme'));
}

test('a visitor reads true pages; a recipient’s claim page at 375 px shows the sender and the brand’s site', async ({
  page,
  request,
}) => {
  test.slow();
  // An approved testimonial from the studio, through the API as the operator.
  const operator = await tokenOf(request, await operatorAccount(request));
  const quote = `Our anniversaries go out on the day now (${newEmail('q').slice(2, 12)}).`;
  const created = await request.post('/api/v1/operator/testimonials', {
    headers: { authorization: `Bearer ${operator}` },
    data: { quote, author_name: 'Ada Quinn', role: 'People Lead', company: 'Fabrikam', status: 'approved' },
  });
  expect(created.status(), await created.text()).toBe(201);

  // Home: the approved quote, none of the made-up customers; the security button is a real page.
  await gotoReady(page, '/');
  const said = page.getByRole('region', { name: 'Teams that stopped chasing gift cards' });
  await expect(said).toContainText(quote);
  await expect(said).toContainText('Ada Quinn');
  await expect(page.getByRole('main')).not.toContainText('Maya Okafor');
  await expect(page.getByRole('main')).not.toContainText('SOC 2');
  await shoot(page, 'home');
  await page.getByRole('main').getByRole('link', { name: 'View Security Docs' }).click();
  await expect(page).toHaveURL(/\/security$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
  for (const fact of ['AES-256-GCM', 'argon2id', 'Stripe Checkout', 'Standard Webhooks', 'answers 404', 'audit log']) {
    await expect(page.getByRole('main')).toContainText(fact);
  }
  expect(await seriousViolations(page)).toEqual([]);
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Security', exact: true })).toHaveAttribute(
    'href',
    '/security',
  );
  await shoot(page, 'security');

  // A landing page the built-in writer wrote: the keyword in title case as its H1, and a brand
  // strip with the catalogue's own figures.
  const tag = newEmail('k').slice(2, 8);
  const slug = await publishThroughApi(request, `gift cards for remote teams ${tag}`);
  await gotoReady(page, `/lp/${slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Gift Cards for Remote Teams ${tag.charAt(0).toUpperCase()}${tag.slice(1)}`,
  );
  const totals = (await (await request.get('/api/v1/catalog/facets')).json()).totals as { brands: number };
  await expect(page.getByRole('region', { name: 'Brands' })).toContainText(
    `Gift cards from ${totals.brands} brands in`,
  );
  await expect(page.getByRole('main')).not.toContainText('thousands');
  await shoot(page, 'landing');

  // The catalogue, signed out: popular cards under the prompt, every country, no Sandbox, no bulk.
  await gotoReady(page, '/catalog');
  await expect(page.getByText('Select filters to view brands')).toBeVisible();
  const popular = page.getByRole('region', { name: 'Popular gift cards' });
  await expect(popular.getByRole('heading', { level: 3 }).first()).toBeVisible();
  expect(await popular.getByRole('heading', { level: 3 }).count()).toBeGreaterThanOrEqual(4);
  await expect(page.getByText('Sandbox', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Send in bulk' })).toHaveCount(0);
  const facets = (await (await request.get('/api/v1/catalog/facets')).json()) as { countries: { count: number }[] };
  const countries = facets.countries.filter((c) => c.count > 0).length;
  await expect(page.getByRole('region', { name: 'Browse by country' }).getByRole('button')).toHaveCount(countries);
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'catalog');

  // A reward from an organisation with a long sender name, sent through the API.
  const owner = await tokenOf(request, await createVerifiedAccount(request));
  const auth = { authorization: `Bearer ${owner}` };
  const renamed = await request.patch('/api/v1/organisation', { headers: auth, data: { sender_name: SENDER } });
  expect(renamed.status(), await renamed.text()).toBe(200);
  const to = newEmail('claim');
  const order = await request.post('/api/v1/orders', {
    headers: auth,
    data: { product_code: 'AMAZON-US', amount: 25, email: to, quantity: 1 },
  });
  expect(order.status(), await order.text()).toBe(201);
  const mail = await waitForEmail(request, to, /./);
  const claim = mail.text.match(/\/claim\/[A-Za-z0-9_-]{43}/)?.[0];
  if (!claim) throw new Error(`no claim link in:\n${mail.text}`);

  await page.setViewportSize({ width: 375, height: 812 });
  await gotoReady(page, claim);
  const sender = page.getByTestId('claim-sender');
  await expect(sender).toHaveText(SENDER);
  // Not cut: the whole name fits its box (it wraps), and the page does not scroll sideways.
  expect(await sender.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expect(page.getByRole('link', { name: 'Redeem at Amazon' })).toHaveAttribute(
    'href',
    'https://redeem.sandbox.example/amazon',
  );
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'claim');
});

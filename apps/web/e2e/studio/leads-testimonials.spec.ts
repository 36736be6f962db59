import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { newEmail, signInThroughApi, signUpAndSignIn } from '../support/accounts';
import { notFound, operatorAccount, seriousViolations, toasts } from '../support/studio';

// The marketing studio's testimonials and leads inbox (issue 14, decision 048). OPERATOR_EMAILS
// names operator-e2e@example.com on the test server (playwright.config.ts).

const marketingNav = (page: Page) => page.getByRole('navigation', { name: 'Marketing' });

async function postLeads(request: APIRequestContext, tag: string) {
  const landing = { email: newEmail(`lp-${tag}`), slug: `studio-e2e-${tag}` };
  const landed = await request.post('/api/v1/leads/landing-page', {
    data: { ...landing, utm_campaign: 'e2e-spring', primary_keyword: 'gift cards for teams' },
  });
  expect(landed.status(), await landed.text()).toBe(201);
  const contact = { email: newEmail(`contact-${tag}`) };
  const sent = await request.post('/api/v1/leads', {
    data: {
      name: 'Ada Lovelace',
      email: contact.email,
      company: 'Analytical Engines',
      topic: 'sales',
      message: 'We would like to send rewards to 400 people a month.',
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  return { landing, contact };
}

test('an operator adds and approves a testimonial, reads the leads inbox, filters it and exports it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInThroughApi(page, await operatorAccount(page.request));
  // The studio is in the operator area (issue 35), one link away from the organisation's dashboard.
  await page.getByRole('navigation', { name: 'GiftRelay' }).getByRole('link', { name: 'Operator area' }).click();
  const nav = marketingNav(page);
  for (const name of ['Blog generator', 'Landing pages', 'Leads', 'Testimonials', 'Site analytics']) {
    await expect(nav.getByRole('link', { name })).toBeVisible();
  }

  // Testimonials: added pending, approved, then served publicly.
  await nav.getByRole('link', { name: 'Testimonials' }).click();
  await expect(page).toHaveURL(/\/marketing\/testimonials$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Testimonials' })).toBeVisible();
  const quote = `Rewards arrive in seconds and our finance team loves the statements (${newEmail('q')}).`;
  await page.getByRole('button', { name: 'Add testimonial' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a testimonial' });
  await dialog.getByRole('button', { name: 'Add testimonial' }).click();
  await expect(dialog.getByText('Please enter the quote')).toBeVisible();
  await dialog.getByLabel('Quote').fill(quote);
  await dialog.getByLabel('Author’s name').fill('Grace Hopper');
  await dialog.getByLabel('Role').fill('Head of People');
  await dialog.getByLabel('Company').fill('Compilers Inc');
  await dialog.getByRole('button', { name: 'Add testimonial' }).click();
  await expect(toasts(page).filter({ hasText: 'Testimonial added' })).toBeVisible();
  await expect(dialog).toBeHidden();
  const item = page.getByTestId('testimonial').filter({ hasText: quote });
  await expect(item.getByText('Pending', { exact: true })).toBeVisible();
  const before = await (await page.request.get('/api/v1/testimonials?limit=10')).json();
  expect(JSON.stringify(before.data)).not.toContain(quote);
  await item.getByRole('button', { name: /^Approve Grace Hopper/ }).click();
  await expect(toasts(page).filter({ hasText: 'Testimonial approved' })).toBeVisible();
  await expect(item.getByText('Approved', { exact: true })).toBeVisible();
  const served = await page.request.get('/api/v1/testimonials?limit=10');
  expect(served.status()).toBe(200);
  expect((await served.json()).data).toContainEqual({
    id: expect.any(String),
    quote,
    author_name: 'Grace Hopper',
    role: 'Head of People',
    company: 'Compilers Inc',
  });
  // The theme follows the system's at load.
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.reload();
    await expect(item.getByText('Approved', { exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /dark/ : /^(?!.*dark)/);
    expect(await seriousViolations(page)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.reload();

  // Leads: one from a landing page, one from the contact form, in one inbox.
  const tag = newEmail('t').slice(2, 12);
  const { landing, contact } = await postLeads(page.request, tag);
  await marketingNav(page).getByRole('link', { name: 'Leads' }).click();
  await expect(page).toHaveURL(/\/marketing\/leads$/);
  const table = page.getByRole('region', { name: 'Leads' });
  await expect(table.getByText(landing.email)).toBeVisible();
  await expect(table.getByText(contact.email)).toBeVisible();
  await expect(table.getByText(`landing_page_${landing.slug}`)).toBeVisible();

  await page.getByRole('combobox', { name: 'Source' }).click();
  await page.getByRole('option', { name: 'Landing page' }).click();
  await expect(page).toHaveURL(/source=landing_page/);
  await expect(table.getByText(landing.email)).toBeVisible();
  await expect(table.getByText(contact.email)).toHaveCount(0);
  // The filter lives in the address: a reload keeps it.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Source' })).toHaveText('Landing page');
  await expect(page.getByRole('region', { name: 'Leads' }).getByText(landing.email)).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^giftrelay-leads-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  expect(csv.split('\r\n')[0]).toMatch(/^id,created_at,last_submitted_at,submissions,source,email,/);
  const line = csv.split('\r\n').find((l) => l.includes(landing.email));
  expect(line).toContain(`,landing_page,${landing.email},`);
  expect(line).toContain(`landing_page_${landing.slug},${landing.slug},e2e-spring,gift cards for teams`);
  expect(csv).not.toContain(contact.email);
  await expect(toasts(page).filter({ hasText: 'Export ready' })).toBeVisible();

  await expect(toasts(page)).toHaveCount(0, { timeout: 15_000 });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.reload();
    await expect(page.getByRole('region', { name: 'Leads' }).getByText(landing.email)).toBeVisible();
    await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /dark/ : /^(?!.*dark)/);
    expect(await seriousViolations(page)).toEqual([]);
  }
});

test('a customer has no Marketing group (nor a way to the operator area), and the studio’s pages are the 404 page, signed in or not', async ({
  page,
}) => {
  // The operator first: on a fresh server the first verified account becomes one.
  await operatorAccount(page.request);
  await signUpAndSignIn(page);
  for (const path of ['/marketing/leads', '/marketing/testimonials']) {
    await page.goto(path);
    // The 404 page shows once the server has said "not an operator", in the signed-in frame.
    await expect(notFound(page)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Navigation' })).toBeVisible();
    await expect(marketingNav(page)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Operator area' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Leads' })).toHaveCount(0);
  }
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto('/marketing/leads');
  await expect(notFound(page)).toBeVisible();
  await expect(page).toHaveURL(/\/marketing\/leads$/);
});

test('at 375 px the studio’s pages fit the screen with no serious accessibility problems, light or dark @mobile', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 375, height: 740 });
  await postLeads(page.request, newEmail('m').slice(2, 12));
  await signInThroughApi(page, await operatorAccount(page.request), '/operator');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await marketingNav(page).getByRole('link', { name: 'Leads' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
  await expect(page.getByTestId('lead-row').first()).toBeVisible();
  for (const path of ['/marketing/leads', '/marketing/testimonials']) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
      await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /dark/ : /^(?!.*dark)/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(await seriousViolations(page)).toEqual([]);
    }
  }
});

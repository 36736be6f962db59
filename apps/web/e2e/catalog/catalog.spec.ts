import { expect, type Page, test } from '@playwright/test';
import { signUpAndSignIn } from '../support/accounts';
import { axe } from '../support/axe';

// The server runs the default sandbox catalogue. What a listing should hold is asked of the API,
// so the page is checked against the real data rather than a copy of it.
async function apiNames(page: Page, query: string): Promise<string[]> {
  const res = await page.request.get(`/api/v1/products?${query}&limit=100`);
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { products: { name: string }[]; next_cursor: string | null };
  expect(body.next_cursor).toBeNull();
  return body.products.map((p) => p.name);
}

/** The first page the catalogue shows (24 cards), as the API lists it. */
async function apiFirstPage(page: Page, query: string): Promise<string[]> {
  const res = await page.request.get(`/api/v1/products?${query}&limit=24`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { products: { name: string }[] }).products.map((p) => p.name);
}

const cardNames = (page: Page) => page.getByRole('list', { name: 'Products' }).getByRole('heading', { level: 3 });

async function choose(page: Page, filter: 'Country' | 'Currency' | 'Category', option: string) {
  await page.getByRole('combobox', { name: filter }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('combobox', { name: filter })).toHaveText(option);
}

/** Opens the focused select with Enter, types to find the option, Enter to choose it. */
async function chooseByKeyboard(page: Page, filter: string, typed: string, chosen: string) {
  const select = page.getByRole('combobox', { name: filter });
  await expect(select).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.keyboard.type(typed);
  await expect(page.getByRole('option', { name: chosen, exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(select).toHaveText(chosen);
  // Radix gives focus back to the trigger a moment after the list closes; a Tab pressed before
  // that starts from the page instead (seen once on a loaded machine, at 375 px).
  await expect(select).toBeFocused();
}

test('choosing US, USD and Retail lists the cards; search and the value slider narrow them; the URL keeps the view', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) errors.push(msg.text());
  });
  await page.goto('/catalog');
  await expect(page.getByRole('heading', { level: 1, name: 'Catalog' })).toBeVisible();
  // A visitor browses it in the public site's frame.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  // A visitor has no organisation: no Sandbox label, no bulk sending (issue 35).
  await expect(page.getByText('Select filters to view brands')).toBeVisible();
  await expect(page.getByText('Sandbox', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Send in bulk' })).toHaveCount(0);

  await choose(page, 'Country', 'United States');
  // The country brings its currency, and one filter is enough to list cards.
  await expect(page.getByRole('combobox', { name: 'Currency' })).toHaveText('USD');
  await expect(page).toHaveURL(/\/catalog\?country=US&currency=USD$/);
  await expect(cardNames(page)).toHaveText(await apiFirstPage(page, 'country=US&currency=USD'));
  await choose(page, 'Category', 'Retail');

  const retail = await apiNames(page, 'country=US&currency=USD&category=Retail');
  expect(retail.length).toBeGreaterThan(5);
  await expect(cardNames(page)).toHaveText(retail);
  await expect(page).toHaveURL(/\/catalog\?country=US&currency=USD&category=Retail$/);
  const amazon = page.getByRole('article', { name: 'Amazon.com Gift Card' });
  await expect(amazon).toContainText('USD 1 - 2,000');
  await expect(amazon).toContainText('Gift card');
  await expect(amazon.locator('img')).toHaveAttribute('src', '/api/v1/products/AMAZON-US/logo.svg');

  // Search narrows to brands whose name matches, ignoring case.
  await page.getByLabel('Search brands').fill('AMA');
  const searched = await apiNames(page, 'country=US&currency=USD&category=Retail&q=ama');
  expect(searched.length).toBeLessThan(retail.length);
  await expect(cardNames(page)).toHaveText(searched);
  await expect(page).toHaveURL(/q=AMA/);
  await page.getByLabel('Search brands').fill('');
  await expect(cardNames(page)).toHaveText(retail);

  // The slider, by keyboard: the lower thumb up to 600 leaves cards that reach 600 or more.
  const lower = page.getByRole('slider', { name: 'Minimum value' });
  await lower.focus();
  for (let i = 0; i < 6; i++) await lower.press('PageUp');
  await expect(lower).toHaveAttribute('aria-valuenow', '600');
  await expect(page.getByText('USD 600 - 1,000+')).toBeVisible();
  const from600 = await apiNames(page, 'country=US&currency=USD&category=Retail&minValue=600');
  expect(from600.length).toBeLessThan(retail.length);
  await expect(cardNames(page)).toHaveText(from600);
  await expect(page).toHaveURL(/minValue=600/);

  // A reload restores the whole view from the URL.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Country' })).toHaveText('United States');
  await expect(page.getByRole('combobox', { name: 'Currency' })).toHaveText('USD');
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveText('Retail');
  await expect(page.getByRole('slider', { name: 'Minimum value' })).toHaveAttribute('aria-valuenow', '600');
  await expect(cardNames(page)).toHaveText(from600);

  // Back steps through earlier choices: one slider step down.
  await page.goBack();
  await expect(page).toHaveURL(/minValue=500/);
  await expect(cardNames(page)).toHaveText(
    await apiNames(page, 'country=US&currency=USD&category=Retail&minValue=500'),
  );
  expect(errors).toEqual([]);
});

test('options with nothing to list are shown with their 0 but not offered; no match shows No products found', async ({
  page,
}) => {
  await page.goto('/catalog');
  await choose(page, 'Country', 'United Kingdom');
  await expect(page.getByRole('combobox', { name: 'Currency' })).toHaveText('GBP');
  await choose(page, 'Category', 'Retail');
  await expect(page.getByRole('article', { name: 'Tesco Gift Card' })).toBeVisible();
  // No dollar cards in the United Kingdom: USD is listed with its 0, and cannot be chosen.
  await page.getByRole('combobox', { name: 'Currency' }).click();
  const usd = page.getByRole('option', { name: 'USD', exact: true });
  await expect(usd).toHaveAttribute('aria-disabled', 'true');
  await expect(usd).toContainText('0');
  await expect(page.getByRole('option', { name: 'GBP', exact: true })).not.toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Escape');

  await page.getByLabel('Search brands').fill('no such brand anywhere');
  await expect(page.getByText('No products found')).toBeVisible();
});

test('a shared link opens the same view', async ({ page }) => {
  await page.goto('/catalog?country=UK&currency=GBP&category=Food+%26+Beverage&q=costa');
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveText('Food & Beverage');
  await expect(page.getByLabel('Search brands')).toHaveValue('costa');
  await expect(cardNames(page)).toHaveText(['Costa Coffee Gift Card']);
  await expect(page.getByRole('article', { name: 'Costa Coffee Gift Card' })).toContainText('GBP 5 - 100');
});

test('shows Loading products... until the listing arrives', async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  // Holds the real server's answer back, so the loading state can be seen.
  await page.route(
    (url) => url.pathname === '/api/v1/products',
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await page.goto('/catalog?country=CA&currency=CAD&category=Entertainment');
  await expect(page.getByRole('status').filter({ hasText: 'Loading products...' })).toBeVisible();
  release();
  await expect(page.getByRole('article', { name: 'Cineplex Gift Card' })).toBeVisible();
  await expect(page.getByText('Loading products...')).toBeHidden();
});

test('a listing the server refuses shows Error loading products and an Error toast', async ({ page }) => {
  await page.goto(`/catalog?country=US&currency=USD&category=Retail&q=${'x'.repeat(101)}`);
  await expect(page.getByRole('alert').filter({ hasText: 'Error loading products' })).toBeVisible();
  const toast = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');
  await expect(toast).toContainText('Error');
  await expect(toast).toContainText('query.q: must be at most 100 characters');
  // Fixing the search recovers.
  await page.getByLabel('Search brands').fill('target');
  await expect(cardNames(page)).toHaveText(['Target Gift Card']);
});

test('Load more brings the next page, from where the last ended', async ({ page }) => {
  // Smaller pages from the real server, so the default catalogue spans several.
  await page.route(
    (url) => url.pathname === '/api/v1/products',
    (route) =>
      route.continue({
        url: route
          .request()
          .url()
          .replace(/limit=\d+/, 'limit=5'),
      }),
  );
  await page.goto('/catalog?country=US&currency=USD&category=Retail');
  const all = await apiNames(page, 'country=US&currency=USD&category=Retail');
  await expect(cardNames(page)).toHaveText(all.slice(0, 5));
  await expect(page.getByText('5 products so far')).toBeVisible();
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(cardNames(page)).toHaveText(all.slice(0, 10));
  while (await page.getByRole('button', { name: 'Load more' }).isVisible()) {
    const shown = await cardNames(page).count();
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(cardNames(page)).toHaveCount(Math.min(shown + 5, all.length));
  }
  await expect(cardNames(page)).toHaveText(all);
  await expect(page.getByText(`${all.length} products`, { exact: true })).toBeVisible();
});

test('Send selects a product and shows the bar with Configure & Send; it closes with its button or Escape', async ({
  page,
}) => {
  await page.goto('/catalog?country=US&currency=USD&category=Entertainment');
  const netflix = page.getByRole('article', { name: 'Netflix Gift Card' });
  await expect(netflix).toContainText('Fixed values: 25, 30, 50, 60, 100');
  await netflix.getByRole('button', { name: 'Send' }).click();
  // Send opens the send dialog; closing it leaves the product selected.
  const dialog = page.getByRole('dialog', { name: 'Send reward' });
  await expect(dialog).toContainText('Netflix Gift Card');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const bar = page.getByRole('region', { name: 'Selected product' });
  await expect(bar).toContainText('Netflix Gift Card');
  await expect(bar).toContainText('USD 25 - 100');
  await expect(bar.getByRole('button', { name: 'Configure & Send' })).toBeVisible();

  // Choosing another product moves the selection.
  await page.getByRole('article', { name: 'Spotify Gift Card' }).getByRole('button', { name: 'Send' }).click();
  await expect(dialog).toContainText('Spotify Gift Card');
  await page.keyboard.press('Escape');
  await expect(bar).toContainText('Spotify Gift Card');
  await bar.getByRole('button', { name: 'Clear selection' }).click();
  await expect(bar).toBeHidden();

  await netflix.getByRole('button', { name: 'Send' }).click();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(bar).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(bar).toBeHidden();
});

test('works by keyboard alone at 375 px wide, the filters folded behind a Filters button @mobile', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/catalog');
  await expect(page.getByText('Select filters to view brands')).toBeVisible();
  const toggle = page.getByRole('button', { name: /^Filters/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('combobox', { name: 'Country' })).toBeHidden();
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');

  await page.getByRole('combobox', { name: 'Country' }).focus();
  await chooseByKeyboard(page, 'Country', 'Canada', 'Canada');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('combobox', { name: 'Currency' })).toBeFocused();
  await chooseByKeyboard(page, 'Currency', 'CAD', 'CAD');
  await page.keyboard.press('Tab');
  await chooseByKeyboard(page, 'Category', 'Food', 'Food & Beverage');
  await expect(toggle).toContainText('3');

  const expected = await apiNames(page, 'country=CA&currency=CAD&category=Food+%26+Beverage');
  await expect(cardNames(page)).toHaveText(expected);

  // On to the first card's Send by Tab, as a keyboard user gets there.
  const firstSend = page.getByRole('list', { name: 'Products' }).getByRole('button', { name: 'Send' }).first();
  for (let i = 0; i < 20 && !(await firstSend.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(firstSend).toBeFocused();
  await page.keyboard.press('Enter');
  // The send dialog opens with focus inside; Escape closes it and gives focus back to Send.
  const dialog = page.getByRole('dialog', { name: 'Send reward' });
  await expect(dialog).toContainText(expected[0] ?? '');
  await expect(dialog.getByLabel('Recipient Email')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(firstSend).toBeFocused();
  const bar = page.getByRole('region', { name: 'Selected product' });
  await expect(bar).toContainText(expected[0] ?? '');

  // Nothing wider than the screen, the bar included.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const box = await bar.boundingBox();
  expect(box?.width).toBeLessThanOrEqual(375);
});

test('has no accessibility violations, with filters and results shown', async ({ page }) => {
  await page.goto('/catalog?country=US&currency=USD&category=Retail');
  await expect(cardNames(page).first()).toBeVisible();
  const results = await axe(page).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test('signed in, the catalogue keeps the sidebar and the header balance, across a reload and at 375 px', async ({
  page,
}) => {
  await signUpAndSignIn(page);
  await page.goto('/catalog?country=US&currency=USD&category=Retail');
  const sidebar = page.getByRole('navigation', { name: 'Navigation' });
  await expect(sidebar.getByRole('link', { name: 'Catalog' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('header-balance')).toContainText('$5,000.00');
  await expect(page.getByRole('article', { name: 'Amazon.com Gift Card' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toHaveCount(0);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(page.getByRole('article', { name: 'Amazon.com Gift Card' })).toBeVisible();
  await expect(page.getByTestId('header-balance')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Catalog' })).toHaveAttribute('aria-current', 'page');
});

test('with nothing chosen: popular brands and one-click countries; a search alone lists cards; sort and details', async ({
  page,
}) => {
  await page.goto('/catalog');
  await expect(page.getByText('Select filters to view brands')).toBeVisible();
  // A search alone lists every card it finds, in any country.
  await page.getByLabel('Search brands').fill('amazon');
  await expect(cardNames(page)).toHaveText(await apiFirstPage(page, 'q=amazon'));
  await expect(page).toHaveURL(/\/catalog\?q=amazon$/);
  // The filters count under the search: a category without an Amazon card shows 0 and is not offered.
  const found = (await (await page.request.get('/api/v1/catalog/facets?q=amazon')).json()) as {
    categories: { name: string; count: number }[];
  };
  const none = found.categories.find((c) => c.count === 0);
  const some = found.categories.find((c) => c.count > 0);
  if (!none || !some) throw new Error('expected categories with and without Amazon cards');
  await page.getByRole('combobox', { name: 'Category' }).click();
  await expect(page.getByRole('option', { name: none.name, exact: true })).toHaveAttribute('aria-disabled', 'true');
  const offered = page.getByRole('option', { name: some.name, exact: true });
  await expect(offered).not.toHaveAttribute('aria-disabled', 'true');
  await expect(offered).toContainText(String(some.count));
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Clear filters' }).click();

  // Popular cards are there before any filter, under the prompt.
  await expect(
    page.getByRole('region', { name: 'Popular gift cards' }).getByRole('heading', { level: 3, name: /Starbucks/ }),
  ).toBeVisible();

  // So is a country, with its currency: the one with the most cards comes first.
  const facets = (await (await page.request.get('/api/v1/catalog/facets')).json()) as {
    countries: { code: string; name: string; count: number }[];
  };
  const top = [...facets.countries].sort((a, b) => b.count - a.count)[0];
  if (!top) throw new Error('no countries in the catalogue');
  await page
    .getByRole('region', { name: 'Browse by country' })
    .getByRole('button', { name: new RegExp(`^${top.name}`) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/catalog\\?country=${top.code}&currency=[A-Z]{3}$`));
  const currency = new URL(page.url()).searchParams.get('currency');
  await expect(page.getByRole('combobox', { name: 'Currency' })).toHaveText(currency ?? '');
  const base = `country=${top.code}&currency=${currency}`;
  await expect(cardNames(page)).toHaveText(await apiFirstPage(page, base));

  // Sorting by value asks the server for that order.
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Value', exact: true }).click();
  await expect(page).toHaveURL(/sort=value/);
  const byValue = await apiFirstPage(page, `${base}&sort=value`);
  await expect(cardNames(page)).toHaveText(byValue);

  // A card's details: what it is, where it works, its terms; and Send from there.
  const first = byValue[0] ?? '';
  await page.getByRole('article', { name: first }).getByRole('button', { name: 'Details' }).click();
  const details = page.getByRole('dialog', { name: first });
  await expect(details.getByRole('heading', { name: 'Terms' })).toBeVisible();
  await expect(details).toContainText(`${top.name} (${top.code})`);
  await details.getByRole('button', { name: 'Send this card' }).click();
  await expect(page.getByRole('dialog', { name: 'Send reward' })).toContainText(first);
});

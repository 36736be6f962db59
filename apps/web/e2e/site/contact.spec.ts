import { expect, test } from '@playwright/test';
import { gotoReady } from './helpers';

test('the contact form checks what is typed, stores the message and says so', async ({ page }) => {
  await gotoReady(page, '/contact');
  const form = page.getByRole('main');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Please enter your name')).toBeVisible();
  await expect(form.getByText('Invalid email address')).toBeVisible();
  await expect(form.getByText('Please tell us a little more (at least 10 characters)')).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  // The first field in error has the focus, and once checked, each change is checked again.
  await expect(form.getByLabel('Name')).toBeFocused();
  await form.getByLabel('Name').fill('Grace Hopper');
  await expect(form.getByText('Please enter your name')).toBeHidden();
  await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'false');
  await expect(form.getByText('Invalid email address')).toBeVisible();

  await form.getByLabel('Work email').fill('grace@example.com');
  await form.getByLabel('Company (optional)').fill('Compilers Inc.');
  await form.getByLabel('What is it about?').selectOption('partnership');
  await form
    .getByLabel('Message')
    .fill('We would like to offer GiftRelay rewards to our customers. Who should we talk to?');
  const answer = page.waitForResponse(
    (res) => res.url().endsWith('/api/v1/leads') && res.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Send message' }).click();
  const res = await answer;
  expect(res.status()).toBe(201);
  expect(await res.json()).toMatchObject({ success: true, lead_id: expect.any(String) });
  expect(res.request().postDataJSON()).toEqual({
    name: 'Grace Hopper',
    email: 'grace@example.com',
    company: 'Compilers Inc.',
    topic: 'partnership',
    message: 'We would like to offer GiftRelay rewards to our customers. Who should we talk to?',
  });

  const toast = page.getByRole('region', { name: /Notifications/ });
  await expect(toast.getByText('Success!')).toBeVisible();
  await expect(toast.getByText("We'll be in touch soon.")).toBeVisible();
  await expect(form.getByRole('status')).toHaveText(
    'Thanks! We received your message and will reply to grace@example.com.',
  );
  await expect(form.getByLabel('Name')).toHaveValue('');
  await expect(form.getByLabel('Message')).toHaveValue('');
});

test('a message the server refuses shows the error toast and keeps what was typed', async ({ page }) => {
  await gotoReady(page, '/contact');
  // The server is the last line: pretend the network fails once.
  await page.route('**/api/v1/leads', (route) => route.abort('failed'), { times: 1 });
  const form = page.getByRole('main');
  await form.getByLabel('Name').fill('Ada');
  await form.getByLabel('Work email').fill('ada@example.com');
  await form.getByLabel('Message').fill('Please call me about pricing for 500 employees.');
  await form.getByRole('button', { name: 'Send message' }).click();
  const toast = page.getByRole('region', { name: /Notifications/ });
  await expect(toast.getByText('Error')).toBeVisible();
  await expect(toast.getByText('Please try again.')).toBeVisible();
  await expect(form.getByLabel('Message')).toHaveValue('Please call me about pricing for 500 employees.');
});

test('a form whose checks cannot load says so, and sends once they can', async ({ page }) => {
  let offline = true;
  // The API's schema arrives as a chunk of its own on the first focus: the network drops it.
  await page.route('**/assets/leads-*.js', (route) => (offline ? route.abort('failed') : route.continue()));
  await gotoReady(page, '/contact');
  const form = page.getByRole('main');
  await form.getByLabel('Name').fill('Ada');
  await form.getByLabel('Work email').fill('ada@example.com');
  await form.getByLabel('Message').fill('Please call me about pricing for 500 employees.');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'The form could not be checked. Check your connection and try again.',
  );
  await expect(form.getByRole('button', { name: 'Send message' })).toBeEnabled();

  offline = false;
  const answer = page.waitForResponse(
    (res) => res.url().endsWith('/api/v1/leads') && res.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Send message' }).click();
  expect((await answer).status()).toBe(201);
  await expect(form.getByRole('status')).toHaveText(
    'Thanks! We received your message and will reply to ada@example.com.',
  );
  await expect(form.getByRole('alert')).toHaveCount(0);
});

test("the home page's catalogue figures are the catalogue's own, with no console error", async ({ page, request }) => {
  const consoleErrors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  });
  const facets = await request.get('/api/v1/catalog/facets');
  expect(facets.status()).toBe(200);
  const { totals } = await facets.json();
  expect(totals.products).toBeGreaterThan(0);
  const asked = page.waitForResponse((res) => res.url().endsWith('/api/v1/catalog/facets'));
  await gotoReady(page, '/');
  expect((await asked).status()).toBe(200);
  const hero = page.getByTestId('hero-catalog-figures');
  const shown = (name: string) => hero.locator(`[data-catalog-figure="${name}"]`);
  const format = (n: number) => new Intl.NumberFormat('en-US').format(n);
  await expect(shown('products')).toHaveText(format(totals.products));
  await expect(shown('brands')).toHaveText(format(totals.brands));
  await expect(shown('countries')).toHaveText(format(totals.countries));
  expect(consoleErrors).toEqual([]);
});

test('without the catalogue the home page states no figures rather than made-up ones', async ({ page }) => {
  // The network fails for the figures only.
  await page.route('**/api/v1/catalog/facets', (route) => route.abort('failed'));
  const failed = page.waitForEvent('requestfailed', (req) => req.url().endsWith('/api/v1/catalog/facets'));
  await gotoReady(page, '/');
  await failed;
  const hero = page.getByTestId('hero-catalog-figures');
  await expect(hero).toHaveText('Gift cards from brands people love, in every market our catalogue covers.');
  await expect(page.locator('[data-catalog-figure]')).toHaveCount(0);
  await expect(page.getByRole('main')).not.toContainText(/5,000\+|190 countries|1,000\+/);
});

import { expect, test } from '@playwright/test';
import { createVerifiedAccount, newEmail, signInThroughUi, signUpAndSignIn } from '../support/accounts';
import { axe } from '../support/axe';
import { apiToken, balanceOf, expectSummary, openSendDialog, ordersOf, sendDialog, toasts } from './helpers';

const RETAIL = '/catalog?country=US&currency=USD&category=Retail';

test('signed out: the dialog says to log in, sends nothing, and its sign-in link comes back to the catalogue', async ({
  page,
  request,
}) => {
  // An account made through the API apart from the page, which stays signed out.
  const account = await createVerifiedAccount(request);
  const orderRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/orders')) orderRequests.push(r.method());
  });
  await page.goto(RETAIL);
  const dialog = await openSendDialog(page, 'Amazon.com Gift Card');
  const notice = dialog.getByRole('alert').filter({ hasText: 'You must be logged in to place an order' });
  await expect(notice).toBeVisible();
  // The sums still show, in the default billing currency.
  await dialog.getByLabel('Recipient Email').fill(newEmail('recipient'));
  await dialog.getByLabel('Amount').fill('40');
  await expectSummary(dialog, { Subtotal: '$40.00', 'Processing Fee (2.5%)': '$1.00', Total: '$41.00' });
  await dialog.getByRole('button', { name: 'Send now' }).click();
  const signIn = notice.getByRole('link', { name: 'Sign in' });
  await expect(signIn).toBeFocused();
  expect(orderRequests).toEqual([]);

  await signIn.click();
  await expect(page).toHaveURL(/\/login\?next=%2Fcatalog%3Fcountry%3DUS/);
  await signInThroughUi(page, account, /\/catalog\?country=US&currency=USD&category=Retail$/);
  const again = await openSendDialog(page, 'Amazon.com Gift Card');
  await expect(again.getByText('You must be logged in to place an order')).toBeHidden();
  await expect(again.getByText('Available balance: $5,000.00')).toBeVisible();
});

test('the notices: Missing information, Invalid amount, an invalid email and quantity; fixed values are chosen, not typed', async ({
  page,
}) => {
  await page.goto(RETAIL);
  const dialog = await openSendDialog(page, 'Amazon.com Gift Card');
  const sendNow = dialog.getByRole('button', { name: 'Send now' });
  const alert = (title: string) => dialog.getByRole('alert').filter({ hasText: title });

  // Enter in a field with another left empty: the spec's notice, and the empty field to fill.
  await dialog.getByLabel('Amount').fill('50');
  await expect(sendNow).toBeDisabled();
  await dialog.getByLabel('Amount').press('Enter');
  await expect(alert('Missing information')).toContainText('Please fill in all required fields');
  await expect(dialog.getByLabel('Recipient Email')).toBeFocused();
  await expect(dialog.getByLabel('Recipient Email')).toHaveAttribute('aria-invalid', 'true');

  await dialog.getByLabel('Recipient Email').fill('pat@example.com');
  await expect(alert('Missing information')).toBeHidden();
  await dialog.getByLabel('Quantity').fill('');
  await expect(sendNow).toBeDisabled();
  await dialog.getByLabel('Quantity').fill('1');

  // Each field is checked as it is typed, beside it; Send now (still pressable) gives the spec's notice.
  await dialog.getByLabel('Amount').fill('2000.01');
  await expect(dialog.getByText('Amount must be between $1.00 and $2,000.00')).toBeVisible();
  await expect(sendNow).toBeDisabled();
  await sendNow.click({ force: true });
  await expect(alert('Invalid amount')).toContainText('Amount must be between $1.00 and $2,000.00');
  await expect(dialog.getByLabel('Amount')).toBeFocused();
  await dialog.getByLabel('Amount').fill('0.50');
  await sendNow.click({ force: true });
  await expect(alert('Invalid amount')).toContainText('Amount must be between $1.00 and $2,000.00');
  await dialog.getByLabel('Amount').fill('12.345');
  await sendNow.click({ force: true });
  await expect(alert('Invalid amount')).toContainText('at most 2 decimals');
  await expectSummary(dialog, { Subtotal: '—', 'Processing Fee (2.5%)': '—', Total: '—' });

  await dialog.getByLabel('Amount').fill('2000');
  await dialog.getByLabel('Recipient Email').fill('pat@example');
  await expect(dialog.getByText('Enter an email address such as name@company.com')).toBeVisible();
  await sendNow.click({ force: true });
  await expect(alert('Invalid email address')).toBeVisible();
  await expect(dialog.getByLabel('Recipient Email')).toBeFocused();

  await dialog.getByLabel('Recipient Email').fill('pat@example.com');
  await dialog.getByLabel('Quantity').fill('101');
  await expect(sendNow).toBeDisabled();
  await sendNow.click({ force: true });
  await expect(alert('Invalid quantity')).toContainText('Quantity must be a whole number from 1 to 100');

  // Escape closes the dialog and leaves the product selected.
  await page.keyboard.press('Escape');
  await expect(sendDialog(page)).toBeHidden();
  await expect(page.getByRole('region', { name: 'Selected product' })).toContainText('Amazon.com Gift Card');

  // A fixed-value card: its values as choices.
  await page.goto('/catalog?country=US&currency=USD&category=Entertainment');
  const netflix = await openSendDialog(page, 'Netflix Gift Card');
  const values = netflix.getByRole('radiogroup', { name: 'Amount' });
  await expect(values.getByRole('radio')).toHaveText(['$25.00', '$30.00', '$50.00', '$60.00', '$100.00']);
  await values.getByRole('radio', { name: '$50.00' }).click();
  await expect(values.getByRole('radio', { name: '$50.00' })).toBeChecked();
  await netflix.getByLabel('Quantity').fill('2');
  await expectSummary(netflix, { Subtotal: '$100.00', 'Processing Fee (2.5%)': '$2.50', Total: '$102.50' });
});

test('a double click sends once; a send whose answer was lost is retried with the same key and charged once', async ({
  page,
  request,
}) => {
  const account = await signUpAndSignIn(page);
  const keys: string[] = [];
  let dropNext = false;
  await page.route('**/api/v1/orders', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    const response = await route.fetch();
    // The server took the order, but its answer never reaches the browser.
    if (dropNext) {
      dropNext = false;
      await route.abort('connectionreset');
      return;
    }
    await route.fulfill({ response });
  });
  await page.goto(RETAIL);
  const dialog = await openSendDialog(page, 'Amazon.com Gift Card');
  await dialog.getByLabel('Recipient Email').fill(newEmail('twice'));
  await dialog.getByLabel('Amount').fill('20');
  await dialog.getByRole('button', { name: 'Send now' }).dblclick();
  await expect(toasts(page).filter({ hasText: 'Reward sent' })).toBeVisible();
  expect(keys).toHaveLength(1);

  const to = newEmail('lost');
  await openSendDialog(page, 'Amazon.com Gift Card');
  await dialog.getByLabel('Recipient Email').fill(to);
  await dialog.getByLabel('Amount').fill('30');
  dropNext = true;
  await dialog.getByRole('button', { name: 'Send now' }).click();
  await expect(toasts(page).filter({ hasText: /^Error/ })).toContainText('Cannot reach GiftRelay');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Send now' }).click();
  await expect(toasts(page).filter({ hasText: `Sent $30.00 Amazon.com Gift Card to ${to}.` })).toBeVisible();

  expect(keys).toHaveLength(3);
  expect(keys[2]).toBe(keys[1]);
  expect(keys[1]).not.toBe(keys[0]);
  expect(keys.every((k) => /^[0-9a-f-]{36}$/.test(k))).toBe(true);
  const token = await apiToken(request, account);
  const orders = await ordersOf(request, token);
  expect(orders.map((o) => o.amount).sort()).toEqual([20, 30]);
  // 20.50 and 30.75 taken once each.
  expect((await balanceOf(request, token)).available).toBe(4948.75);
});

test('a card in pounds shows the charge in dollars before sending, the same as the server charges', async ({
  page,
  request,
}) => {
  const account = await signUpAndSignIn(page);
  await page.goto('/catalog?country=UK&currency=GBP&category=Retail');
  const dialog = await openSendDialog(page, 'Tesco Gift Card');
  await dialog.getByLabel('Recipient Email').fill(newEmail('uk'));
  await dialog.getByLabel('Amount').fill('10');
  await dialog.getByLabel('Quantity').fill('3');
  // £30.00 at 1.27 is $38.10, and its 2.5 % fee $0.95 (0.9525): $39.05.
  await expectSummary(dialog, {
    Subtotal: '£30.00',
    'Processing Fee (2.5%)': '£0.75',
    Total: '£30.75',
    'Charged in USD': '$39.05',
  });
  await expect(dialog.getByText('$38.10 + $0.95 fee, at 1 GBP = 1.2700 USD')).toBeVisible();
  // The rate is an FX quote held for the organisation, and the order names it (decision 039).
  await expect(dialog.getByText('This rate is held for you while this window is open')).toBeVisible();
  const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/v1/orders'));
  await dialog.getByRole('button', { name: 'Send now' }).click();
  expect((await sent).postDataJSON().quote_id).toMatch(/^[0-9a-f-]{36}$/);
  await expect(toasts(page).filter({ hasText: 'Reward sent' })).toContainText('Sent 3 × £10.00 Tesco Gift Card');

  const token = await apiToken(request, account);
  const [order] = await ordersOf(request, token);
  expect(order?.charged).toMatchObject({ currency: 'USD', subtotal: 38.1, fee: 0.95, total: 39.05 });
  expect((await balanceOf(request, token)).available).toBe(4960.95);
});

// Both themes in one test: one sign-up and one catalogue load, then the dialog opened, filled and
// scanned in each; its budget is two ordinary ones (decisions 019, 064).
test('the open dialog has no accessibility violations, in light and dark mode', async ({ page }) => {
  test.setTimeout(60_000);
  await signUpAndSignIn(page);
  for (const theme of ['light', 'dark']) {
    await page.evaluate((t) => localStorage.setItem('giftrelay-theme', t), theme);
    await page.goto(RETAIL);
    await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
    const dialog = await openSendDialog(page, 'Amazon.com Gift Card');
    await dialog.getByLabel('Recipient Email').fill('pat@example.com');
    await dialog.getByLabel('Amount').fill('3000');
    await dialog.getByLabel('Recipient name (optional)').fill('Pat');
    await dialog.getByRole('button', { name: 'Send now' }).click({ force: true });
    await dialog.getByText('Preview the recipient’s email').click();
    await expect(dialog.getByTestId('email-preview')).toBeVisible();
    await expect(dialog.getByRole('alert').filter({ hasText: 'Invalid amount' })).toBeVisible();
    await expect(dialog.getByText('Available balance: $5,000.00')).toBeVisible();
    const results = await axe(page).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(
      results.violations.map((v) => `${theme} ${v.id}: ${v.nodes.map((n) => `${n.target} ${n.failureSummary}`)}`),
    ).toEqual([]);
  }
});

test('at 375 px the dialog fits the screen and sends @mobile', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signUpAndSignIn(page);
  await expect(page.getByTestId('header-balance')).toContainText('$5,000.00');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.goto(RETAIL);
  const dialog = await openSendDialog(page, 'Amazon.com Gift Card');
  const box = await dialog.boundingBox();
  expect(box?.x).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
  expect(box?.height).toBeLessThanOrEqual(740);
  await dialog.getByLabel('Recipient Email').fill(newEmail('phone'));
  await dialog.getByLabel('Amount').fill('15');
  await expectSummary(dialog, { Subtotal: '$15.00', 'Processing Fee (2.5%)': '$0.38', Total: '$15.38' });
  const sendNow = dialog.getByRole('button', { name: 'Send now' });
  await sendNow.scrollIntoViewIfNeeded();
  await expect(sendNow).toBeInViewport();
  await sendNow.click();
  await expect(toasts(page).filter({ hasText: 'Reward sent' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

import { expect, type Page, test } from '@playwright/test';
import { newEmail, signUpAndSignIn } from '../support/accounts';
import { chooseCatalog } from '../support/catalog';
import { apiToken, balanceOf, expectSummary, openSendDialog, ordersOf, sendDialog, toasts } from './helpers';

const headerBalance = (page: Page) => page.getByTestId('header-balance');

/** Opens the recipient's email in the built-in mailbox and follows its claim link. */
async function claimFromMailbox(page: Page, to: string, subject: string) {
  await page.goto('/mailbox');
  // The list refreshes itself: the email appears once the card is issued.
  const message = page.getByRole('list', { name: 'Messages' }).getByRole('button', { name: new RegExp(`To ${to}`) });
  await expect(message).toBeVisible({ timeout: 20_000 });
  await message.click();
  await expect(page.getByRole('heading', { level: 2, name: subject })).toBeVisible();
  const mail = page.frameLocator(`iframe[title="Email: ${subject}"]`);
  await mail.getByRole('link', { name: 'Claim your reward' }).click();
  await expect(page).toHaveURL(/\/claim\/[A-Za-z0-9_-]{43}$/);
}

test('sign in, send from the catalogue with exact sums, Reward sent, the header balance drops, the email’s claim link shows the code', async ({
  page,
  request,
}) => {
  const account = await signUpAndSignIn(page);
  await expect(headerBalance(page)).toContainText('$5,000.00');

  const sidebar = page.getByRole('navigation', { name: 'Navigation' });
  await sidebar.getByRole('link', { name: 'Catalog' }).click();
  // Signed in, the catalogue stays in the signed-in frame, with the balance in its header.
  await expect(sidebar.getByRole('link', { name: 'Catalog' })).toHaveAttribute('aria-current', 'page');
  await expect(headerBalance(page)).toContainText('$5,000.00');
  await chooseCatalog(page, 'United States', 'USD', 'Retail');
  const dialog = await openSendDialog(page, 'Amazon.com Gift Card');
  await expect(dialog.getByText('Delivery: Auto (code/email)')).toBeVisible();
  await expect(dialog.getByText('From USD 1.00 to USD 2,000.00')).toBeVisible();
  await expect(dialog.getByText('Available balance: $5,000.00')).toBeVisible();
  const sendNow = dialog.getByRole('button', { name: 'Send now' });
  await expect(dialog.getByLabel('Quantity')).toHaveValue('1');
  await expect(sendNow).toBeDisabled();

  // The sums follow the typing: 2.5 % rounded half-up to the cent.
  const to = newEmail('recipient');
  await dialog.getByLabel('Recipient Email').fill(to);
  await dialog.getByLabel('Amount').fill('25');
  await expectSummary(dialog, { Subtotal: '$25.00', 'Processing Fee (2.5%)': '$0.63', Total: '$25.63' });
  await dialog.getByLabel('Quantity').fill('3');
  await expectSummary(dialog, { Subtotal: '$75.00', 'Processing Fee (2.5%)': '$1.88', Total: '$76.88' });
  await dialog.getByLabel('Amount').fill('12.34');
  await expectSummary(dialog, { Subtotal: '$37.02', 'Processing Fee (2.5%)': '$0.93', Total: '$37.95' });
  await dialog.getByLabel('Amount').fill('25');
  await dialog.getByLabel('Quantity').fill('1');
  await expectSummary(dialog, { Subtotal: '$25.00', 'Processing Fee (2.5%)': '$0.63', Total: '$25.63' });
  await dialog.getByLabel('Personal message (optional)').fill('Thank you for a great quarter!');
  await expect(sendNow).toBeEnabled();

  // Held back at the network, so 'Sending...' can be seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/v1/orders', async (route) => {
    await held;
    await route.continue();
  });
  await sendNow.click();
  await expect(dialog.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  release();

  await expect(toasts(page).filter({ hasText: 'Reward sent' })).toContainText(
    `Sent USD 25.00 Amazon.com Gift Card to ${to}.`,
  );
  await expect(dialog).toBeHidden();

  // The bar's Configure & Send opens the same dialog, reset.
  await page
    .getByRole('region', { name: 'Selected product' })
    .getByRole('button', { name: 'Configure & Send' })
    .click();
  await expect(sendDialog(page)).toBeVisible();
  await expect(sendDialog(page).getByLabel('Recipient Email')).toHaveValue('');
  await expect(sendDialog(page).getByLabel('Amount')).toHaveValue('');
  await expect(sendDialog(page).getByLabel('Quantity')).toHaveValue('1');
  await expect(sendDialog(page).getByText('Available balance: $4,974.37')).toBeVisible();
  await sendDialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(sendDialog(page)).toBeHidden();

  // The header already shows the balance less the order's total, without a reload, and so does
  // the dashboard's.
  await expect(headerBalance(page)).toContainText('$4,974.37');
  await page.getByRole('button', { name: 'Clear selection' }).click();
  await sidebar.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(headerBalance(page)).toContainText('$4,974.37');

  const token = await apiToken(request, account);
  const orders = await ordersOf(request, token);
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({ amount: 25, quantity: 1, currency: 'USD', total: 25.63, recipient_email: to });

  await claimFromMailbox(page, to, 'Example sent you a $25.00 Amazon gift card');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('$25.00 Amazon');
  await expect(page.getByText('Example sent you')).toBeVisible();
  await expect(page.getByText('Thank you for a great quarter!')).toBeVisible();
  await expect(page.getByRole('status', { name: 'Code' })).toHaveText(/^[A-Z0-9]{4}-[A-Z0-9]{6}-[A-Z0-9]{4}$/);
  await expect(page.getByRole('heading', { name: 'How to redeem' })).toBeVisible();
  // The page holds a gift card's code: search engines are told to keep it out, by the page and by the server.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  const served = await request.get(page.url());
  expect(served.headers()['x-robots-tag']).toBe('noindex, nofollow');
});

test('Configure & Send for a card with a PIN: the claim page shows code and PIN, each copied with one click', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUpAndSignIn(page);
  await page.goto('/catalog');
  await chooseCatalog(page, 'United States', 'USD', 'Food & Beverage');
  await page.getByRole('article', { name: 'Starbucks Gift Card' }).getByRole('button', { name: 'Send' }).click();
  const dialog = sendDialog(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page
    .getByRole('region', { name: 'Selected product' })
    .getByRole('button', { name: 'Configure & Send' })
    .click();
  await expect(dialog).toContainText('Starbucks Gift Card');

  const to = newEmail('barista');
  await dialog.getByLabel('Recipient Email').fill(to);
  await dialog.getByLabel('Amount').fill('10');
  await expectSummary(dialog, { Subtotal: '$10.00', 'Processing Fee (2.5%)': '$0.25', Total: '$10.25' });
  await dialog.getByRole('button', { name: 'Send now' }).click();
  await expect(toasts(page).filter({ hasText: 'Reward sent' })).toContainText(
    `Sent USD 10.00 Starbucks Gift Card to ${to}.`,
  );

  await claimFromMailbox(page, to, 'Example sent you a $10.00 Starbucks gift card');
  const code = page.getByRole('status', { name: 'Code' });
  const pin = page.getByRole('status', { name: 'PIN' });
  await expect(code).toHaveText(/^\d{4} \d{4} \d{4} \d{4}$/);
  await expect(pin).toHaveText(/^\d{8}$/);
  await page.getByRole('button', { name: 'Copy PIN' }).click();
  await expect(toasts(page).filter({ hasText: 'Copied!' })).toContainText('Content copied to clipboard');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await pin.innerText());
});

test('a balance too low: Failed to send reward with Insufficient balance, and nothing is charged', async ({
  page,
  request,
}) => {
  const account = await signUpAndSignIn(page);
  await page.goto('/catalog?country=US&currency=USD&category=Retail');
  const dialog = await openSendDialog(page, 'Amazon.com Gift Card');
  await dialog.getByLabel('Recipient Email').fill(newEmail('lucky'));
  await dialog.getByLabel('Amount').fill('2000');
  await dialog.getByLabel('Quantity').fill('100');
  await expectSummary(dialog, {
    Subtotal: '$200,000.00',
    'Processing Fee (2.5%)': '$5,000.00',
    Total: '$205,000.00',
  });
  await dialog.getByRole('button', { name: 'Send now' }).click();
  const failure = toasts(page).filter({ hasText: 'Failed to send reward' });
  await expect(failure).toContainText('Insufficient balance');
  // The form stays as it was, to change and try again.
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Quantity')).toHaveValue('100');

  // A smaller order from the same form goes through.
  await dialog.getByLabel('Quantity').fill('2');
  await dialog.getByRole('button', { name: 'Send now' }).click();
  await expect(toasts(page).filter({ hasText: 'Reward sent' })).toContainText('Sent 2 × USD 2,000.00');

  const token = await apiToken(request, account);
  expect(await ordersOf(request, token)).toHaveLength(1);
  expect((await balanceOf(request, token)).available).toBe(900);
});

test('a claim link that is wrong or cut short gets a friendly not-found page', async ({ page }) => {
  for (const token of ['not-a-token', 'A'.repeat(43)]) {
    const res = await page.goto(`/claim/${token}`);
    expect(res?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    await expect(page.getByRole('heading', { name: 'We could not find this reward' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.getByText('Check that the link is complete')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeHidden();
  }
  await page.getByRole('link', { name: 'Go to GiftRelay' }).click();
  await expect(page).toHaveURL(/\/$/);
});

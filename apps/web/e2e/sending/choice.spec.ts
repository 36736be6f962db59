import { expect } from '@playwright/test';
import { newEmail } from '../support/accounts';
import { axe } from '../support/axe';
import { signedInTest as test } from '../support/fixtures';
import { apiToken, claimFromMailbox, expectSummary, sendDialog, toasts } from './helpers';

/**
 * Recipient's choice (issue 32, decision 080) as people use it: a choice set made from the
 * catalogue, a choice reward sent from it with the usual sums, and the recipient choosing their
 * card on the claim page (at 375 px, axe clean) and seeing its code; the order then names the pick.
 */
test('make a choice set, send a choice reward, the recipient picks a card from the emailed link and sees its code', async ({
  page,
}) => {
  // Set, send, fulfilment's email, the mailbox and the pick's issue: the whole flow (decision 019).
  test.slow();
  await page.goto('/catalog');
  await page.getByRole('link', { name: 'Choice sets' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Choice sets' })).toBeVisible();

  const name = `Treats ${Date.now()}`;
  await page.getByRole('button', { name: 'New choice set' }).first().click();
  const editor = page.getByRole('dialog', { name: 'New choice set' });
  await editor.getByLabel('Name').fill(name);
  await editor.getByLabel('Search cards').fill('Amazon');
  await editor.getByRole('checkbox', { name: /AMAZON-US/ }).check();
  await editor.getByLabel('Search cards').fill('Starbucks');
  await editor.getByRole('checkbox', { name: /STARBUCKS-US/ }).check();
  await expect(editor.getByRole('list', { name: 'Chosen cards' }).getByRole('listitem')).toHaveCount(2);
  await editor.getByRole('button', { name: 'Create choice set' }).click();
  await expect(toasts(page).filter({ hasText: 'Choice set created' })).toBeVisible();
  const set = page.getByRole('article', { name });
  await expect(set).toContainText('2 cards: AMAZON-US, STARBUCKS-US');

  // Which cards a value allows: both take $25; only Amazon takes $1.
  await set.getByRole('button', { name: 'Check a value' }).click();
  await expect(set.getByRole('status')).toHaveText('2 cards accept $25.00');
  await set.getByLabel('Value').fill('1');
  await expect(set.getByRole('status')).toHaveText('1 card accepts $1.00');

  await set.getByRole('button', { name: 'Send' }).click();
  const dialog = sendDialog(page);
  await expect(dialog).toContainText(`Recipient’s choice: ${name}, delivered by email`);
  const to = newEmail('chooser');
  await dialog.getByLabel('Recipient Email').fill(to);
  await dialog.getByLabel('Amount').fill('25');
  await expectSummary(dialog, { Subtotal: '$25.00', 'Processing Fee (2.5%)': '$0.63', Total: '$25.63' });
  await expect(dialog.getByRole('region', { name: 'Cards the recipient can choose from' })).toContainText(
    '2 cards accept $25.00',
  );
  await dialog.getByRole('button', { name: 'Send now' }).click();
  await expect(toasts(page).filter({ hasText: 'Reward sent' })).toContainText(
    `Sent $25.00 Recipient’s choice (${name}) to ${to}.`,
  );

  await claimFromMailbox(page, to, /\$25\.00/, /Claim your reward|Choose/);
  // The recipient's phone.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('$25.00 gift card of your choice');
  const cards = page.getByRole('group', { name: 'Choose your gift card' });
  await expect(cards.getByRole('radio')).toHaveCount(2);
  await expect(page.getByRole('note', { name: 'Sandbox card' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const scan = await axe(page).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(scan.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // By keyboard, as a person without a mouse: to the first card, then the button.
  await cards.getByRole('radio', { name: /Amazon\.com/ }).focus();
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: 'Choose Amazon.com Gift Card' }).click();
  await expect(page.getByRole('status', { name: 'Code' })).toHaveText(/^[A-Z0-9]{4}-[A-Z0-9]{6}-[A-Z0-9]{4}$/, {
    timeout: 20_000,
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('$25.00 Amazon');

  // The order history names the pick.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/orders');
  await page
    .getByRole('row', { name: new RegExp(to) })
    .getByRole('link')
    .first()
    .click();
  await expect(page.getByText(/^Chose Amazon/)).toBeVisible();
});

/**
 * A bulk batch of choice rewards (issue 32's "through a bulk batch, end to end in the browser"):
 * the rows get a saved choice set on the bulk page, one row by text only, the batch is sent, the
 * text reaches the built-in mailbox, and a recipient picks a card from the emailed link. The set is made through the API: its page is the journey above.
 */
test('a bulk batch lets each recipient choose: the rows get a choice set and a recipient picks a card', async ({
  page,
  request,
  account,
}) => {
  test.slow();
  const token = await apiToken(request, account);
  const name = `Bulk treats ${Date.now()}`;
  const created = await request.post('/api/v1/choice-sets', {
    headers: { authorization: `Bearer ${token}` },
    data: { name, product_codes: ['AMAZON-US', 'STARBUCKS-US'] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const [first, second] = [newEmail('bulk-chooser'), newEmail('bulk-chooser')];
  const phone = `+1${201 + Math.floor(Math.random() * 700)}55501${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`;

  await page.goto('/orders');
  await page.getByRole('link', { name: 'Send in bulk' }).click();
  await page.getByLabel('Or let each recipient choose their card').selectOption({ label: name });
  await expect(page.getByText(`Every row without its own product code gets ${name}`)).toBeVisible();
  await page.getByLabel('CSV file').setInputFiles({
    name: 'choosers.csv',
    mimeType: 'text/csv',
    // The third recipient by text only (decision 088): a fictional number (+1 NXX 555-01XX).
    buffer: Buffer.from(`email,mobile,amount\r\n${first},,25\r\n${second},,25\r\n,${phone},25\r\n`),
  });
  await page.getByRole('button', { name: 'Check rows' }).click();
  await expect(page.getByText('3 of 3', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('preview-row').first()).toContainText('Recipient’s choice');
  await page.getByRole('button', { name: 'Send 3 rewards' }).click();
  await expect(toasts(page).filter({ hasText: 'Batch accepted' })).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/batches\/[0-9a-f-]{36}$/);

  // The text-only recipient's invitation is a text in the built-in mailbox, with its link.
  await page.goto('/mailbox');
  await page
    .getByRole('list', { name: 'Messages' })
    .getByRole('button', { name: new RegExp(`To \\${phone}`) })
    .click();
  await expect(page.getByRole('region', { name: `Text message to ${phone}` }).getByRole('link')).toBeVisible();

  await claimFromMailbox(page, second, /\$25\.00/, /Claim your reward|Choose/);
  const cards = page.getByRole('group', { name: 'Choose your gift card' });
  await expect(cards.getByRole('radio')).toHaveCount(2);
  await cards.getByRole('radio', { name: /Starbucks/ }).check();
  await page.getByRole('button', { name: /^Choose Starbucks/ }).click();
  await expect(page.getByRole('status', { name: 'Code' })).toBeVisible({ timeout: 20_000 });
});

import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { apiToken, openSendDialog, toasts } from '../sending/helpers';
import { newEmail, signUpAndSignIn, waitForEmail } from '../support/accounts';
import { chooseCatalog } from '../support/catalog';
import { seriousViolations } from '../support/studio';

/** Risk rules and the review queue (issue 37, decision 083), clicked through as an owner would. */

const queue = (page: Page) => page.getByRole('list', { name: 'Rewards held for review' });
const orderRow = (page: Page, recipient: string) =>
  page.getByRole('region', { name: 'Orders' }).locator('tbody tr').filter({ hasText: recipient });

test('an owner adds a domain rule in Settings → Risk; a reward to that domain waits in Review until they release it, then it is delivered; a claim held and blocked gives its share back', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const account = await signUpAndSignIn(page);
  const nav = page.getByRole('navigation', { name: 'Navigation' });
  // A domain of this test's own: nothing else the server sends is caught by it.
  const domain = `held-${randomBytes(4).toString('hex')}.example`;
  const recipient = `sam@${domain}`;

  // Settings → Risk: no rules yet; the form refuses what the API would, then adds the rule.
  await nav.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Risk' }).click();
  await expect(page.getByText('No risk rules yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a risk rule' });
  await expect(dialog.getByTestId('rule-explains')).toContainText('at the domains you list');
  await dialog.getByLabel('Domains', { exact: true }).fill('held-domain');
  await dialog.getByRole('button', { name: 'Add rule' }).click();
  await expect(dialog.getByText('“held-domain” is not a domain name such as example.com.')).toBeVisible();
  await dialog.getByLabel('Domains', { exact: true }).fill(domain);
  await dialog.getByLabel('Reason shown to reviewers (optional)').fill('New survey panel: check each reward');
  await dialog.getByRole('button', { name: 'Add rule' }).click();
  await expect(toasts(page).filter({ hasText: 'Risk rule added' })).toBeVisible();
  const rule = page.getByRole('list', { name: 'Risk rules' }).getByRole('listitem', { name: 'Recipient domain' });
  await expect(rule).toContainText(`Addresses at ${domain}`);
  await expect(rule).toContainText('Holds for review');
  expect(await seriousViolations(page)).toEqual([]);

  // A reward to that domain from the send dialog is held, its amount with it.
  await nav.getByRole('link', { name: 'Catalog' }).click();
  await chooseCatalog(page, 'United States', 'USD', 'Retail');
  const send = await openSendDialog(page, 'Amazon.com Gift Card');
  await send.getByLabel('Recipient Email').fill(recipient);
  await send.getByLabel('Amount').fill('25');
  await send.getByRole('button', { name: 'Send now' }).click();
  await expect(toasts(page).filter({ hasText: `to ${recipient}` })).toContainText('Pending review');
  await nav.getByRole('link', { name: 'Order History' }).click();
  await expect(orderRow(page, recipient)).toContainText('Pending review');

  // Review: counted in the sidebar, with the rule that matched and why.
  await expect(nav.getByRole('link', { name: 'Review' })).toContainText('1');
  await nav.getByRole('link', { name: 'Review' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Review' })).toBeVisible();
  const held = queue(page).getByRole('listitem', { name: `$25.00 Amazon.com Gift Card to ${recipient}` });
  await expect(held.getByRole('region', { name: 'Why it was held' })).toContainText('Recipient domain');
  await expect(held).toContainText('held when it was sent');
  await held.getByRole('button', { name: 'Recipient’s history' }).click();
  await expect(held.getByTestId('recipient-history')).toContainText('Held 0 times before');
  expect(await seriousViolations(page)).toEqual([]);

  // Release, after asking, by keyboard.
  await held.getByRole('button', { name: `Release the reward of $25.00 to ${recipient}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Release this reward?' });
  await confirm.getByLabel('Note for the audit log (optional)').fill('Known panel member');
  await confirm.getByRole('button', { name: 'Release reward' }).focus();
  await page.keyboard.press('Enter');
  await expect(toasts(page).filter({ hasText: 'Reward released' })).toContainText(recipient);
  await expect(page.getByText('Nothing waits for review')).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Review' })).toHaveText('Review');
  await page.getByRole('button', { name: 'Released', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Rewards held for review' })).toContainText('Known panel member');

  // It goes on and is delivered.
  await nav.getByRole('link', { name: 'Order History' }).click();
  await expect(orderRow(page, recipient)).toContainText('Delivered', { timeout: 20_000 });

  // At the claim (decision 090): with one claim per address, the recipient's second link opened from
  // the same address shows no code; blocking it in Review cancels the card and gives its share back.
  const auth = { authorization: `Bearer ${await apiToken(request, account)}` };
  const rule2 = await request.post('/api/v1/risk/rules', {
    headers: auth,
    data: { kind: 'claims_per_address', action: 'hold', max_claims: 1, period_days: 1 },
  });
  expect(rule2.status(), await rule2.text()).toBe(201);
  const claimer = newEmail('claim');
  const placed = await request.post('/api/v1/orders', {
    headers: auth,
    data: { product_code: 'AMAZON-US', amount: 25, email: claimer, quantity: 2 },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const links = (await waitForEmail(request, claimer, /Amazon\.com gift card/)).text.match(
    /https?:\/\/\S+\/claim\/[A-Za-z0-9_-]{43}/g,
  );
  expect(links).toHaveLength(2);
  await page.goto(new URL(links?.[0] as string).pathname);
  await expect(page.getByText('Code', { exact: true }).first()).toBeVisible();
  await page.goto(new URL(links?.[1] as string).pathname);
  await expect(page.getByText('This reward is being prepared. Please check back later.')).toBeVisible();
  await expect(page.getByText('Code', { exact: true })).toHaveCount(0);

  await page.goto('/review');
  const claimHeld = queue(page).getByRole('listitem', { name: `$25.00 Amazon.com Gift Card to ${claimer}` });
  await expect(claimHeld.getByTestId('review-claim')).toContainText('Claim page opened from');
  await claimHeld.getByRole('button', { name: `Block the reward of $25.00 to ${claimer}` }).click();
  const block = page.getByRole('dialog', { name: 'Block this reward?' });
  await expect(block).toContainText('its card is cancelled');
  await block.getByRole('button', { name: 'Block reward' }).click();
  const refunded = /The card was cancelled: \$25\.6[23] is back on the balance\./;
  await expect(toasts(page).filter({ hasText: 'Reward blocked' })).toContainText(refunded);
  await expect(page.getByText('Nothing waits for review')).toBeVisible();
  await page.getByRole('button', { name: 'Blocked', exact: true }).click();
  await expect(
    queue(page)
      .getByRole('listitem', { name: `$25.00 Amazon.com Gift Card to ${claimer}` })
      .getByTestId('review-refund'),
  ).toHaveText(refunded);

  // Dark, at 375 px: the queue fits and passes axe.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/review');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.getByText('Nothing waits for review')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await seriousViolations(page)).toEqual([]);
});

import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiToken, openSendDialog, ordersOf, sendDialog, toasts } from '../sending/helpers';
import { linkIn, newEmail, PASSWORD, signUpAndSignIn, waitForEmail } from '../support/accounts';
import { axe } from '../support/axe';
import { chooseCatalog } from '../support/catalog';
import { invite, joinFromMailbox } from '../support/members';

/** Approvals (issue 15, decision 035), clicked through as an owner and a sender would. */

async function expectAccessible(page: Page) {
  const scan = await axe(page).include('main').analyze();
  expect(scan.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}

/** Sends an Amazon card from the catalogue and expects it to wait for approval. */
async function sendForApproval(page: Page, to: string, amount: string) {
  const dialog = await openSendDialog(page, 'Amazon.com Gift Card');
  await dialog.getByLabel('Recipient Email').fill(to);
  await dialog.getByLabel('Amount').fill(amount);
  // Said before sending, with the rule that catches it (issue 35).
  await expect(dialog.getByRole('note').filter({ hasText: 'This order will wait for approval' })).toContainText(
    'Orders above $100.00 USD wait for an owner or admin',
  );
  await dialog.getByRole('button', { name: 'Send now' }).click();
  await expect(toasts(page).filter({ hasText: `to ${to}` })).toContainText('Pending approval');
  await expect(sendDialog(page)).toBeHidden();
}

const orderRow = (page: Page, recipient: string) =>
  page.getByRole('region', { name: 'Orders' }).locator('tbody tr').filter({ hasText: recipient });
const queue = (page: Page) => page.getByRole('list', { name: 'Orders waiting for approval' });

test('an owner sets a rule; a sender’s order above it waits; the owner approves one from the queue (the recipient gets it) and rejects another with a note the sender reads', async ({
  page,
  browser,
  request,
}) => {
  // Two people in two browsers, the mailbox, a delivery and the audit log: about three ordinary
  // journeys in one (decision 019).
  test.setTimeout(180_000);
  const owner = await signUpAndSignIn(page);
  const nav = page.getByRole('navigation', { name: 'Navigation' });
  await nav.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Members' }).click();
  const senderEmail = newEmail('sender');
  await invite(page, senderEmail, 'Sender');

  // The rule: a sender's order above 100.00 USD waits.
  await page.getByRole('tab', { name: 'Approvals' }).click();
  const rules = page.getByRole('form', { name: 'Approval rules' });
  await rules.getByLabel('Orders above (USD)').fill('ten');
  await rules.getByRole('button', { name: 'Save approval rules' }).click();
  await expect(rules.getByText('An amount in USD, such as 250')).toBeVisible();
  await rules.getByLabel('Orders above (USD)').fill('100');
  await rules.getByRole('button', { name: 'Save approval rules' }).click();
  await expect(toasts(page).filter({ hasText: 'Approval rules saved' })).toBeVisible();

  // The sender joins, has no approval queue, and sends two orders above the rule.
  const sender = await joinFromMailbox(browser, senderEmail);
  const senderNav = sender.getByRole('navigation', { name: 'Navigation' });
  await expect(senderNav.getByRole('link', { name: 'Order History' })).toBeVisible();
  await expect(senderNav.getByRole('link', { name: 'Approvals' })).toHaveCount(0);
  await senderNav.getByRole('link', { name: 'Catalog' }).click();
  await chooseCatalog(sender, 'United States', 'USD', 'Retail');
  const approved = newEmail('approved');
  const rejected = newEmail('rejected');
  await sendForApproval(sender, approved, '150');
  await sendForApproval(sender, rejected, '120');
  await senderNav.getByRole('link', { name: 'Order History' }).click();
  await expect(orderRow(sender, approved)).toContainText('Pending approval');
  await expect(orderRow(sender, rejected)).toContainText('Pending approval');
  // A sender is not offered play money (issue 35).
  await senderNav.getByRole('link', { name: 'Billing' }).click();
  await expect(sender.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  await expect(sender.getByRole('button', { name: /Add sandbox funds/ })).toHaveCount(0);
  await senderNav.getByRole('link', { name: 'Order History' }).click();

  // Every owner and admin is emailed; the owner opens the queue.
  const notice = await waitForEmail(request, owner.email, /^Approval needed/);
  expect(notice.text).toContain(senderEmail);
  // The sidebar counts what waits for the owner.
  await page.reload();
  await expect(nav.getByRole('link', { name: 'Approvals' })).toContainText('2');
  await nav.getByRole('link', { name: 'Approvals' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Approvals' })).toBeVisible();
  await expect(queue(page).getByRole('listitem')).toHaveCount(2);
  await expect(queue(page).getByRole('listitem').filter({ hasText: approved })).toContainText(`from ${senderEmail}`);
  await expectAccessible(page);

  // Approve one, with a note.
  await queue(page)
    .getByRole('button', { name: new RegExp(`^Approve the order .* to ${approved}$`) })
    .click();
  const approveDialog = page.getByRole('dialog', { name: 'Approve this order?' });
  await approveDialog.getByLabel('Note to the sender (optional)').fill('Thanks for asking');
  await approveDialog.getByRole('button', { name: 'Approve order' }).click();
  await expect(toasts(page).filter({ hasText: 'Order approved' })).toContainText(approved);
  await expect(queue(page).getByRole('listitem')).toHaveCount(1);

  // Reject the other: a reason is required.
  await queue(page)
    .getByRole('button', { name: new RegExp(`^Reject the order .* to ${rejected}$`) })
    .click();
  const rejectDialog = page.getByRole('dialog', { name: 'Reject this order?' });
  await rejectDialog.getByRole('button', { name: 'Reject order' }).click();
  await expect(rejectDialog.getByText('Write a reason')).toBeVisible();
  await rejectDialog.getByLabel('Reason for the sender').fill('Over this quarter’s budget');
  await rejectDialog.getByRole('button', { name: 'Reject order' }).click();
  await expect(toasts(page).filter({ hasText: 'Order rejected' })).toContainText('back on the balance');
  await expect(page.getByText('Nothing waits for approval')).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Approvals' })).toHaveText('Approvals');
  // The sender is emailed each decision, with the note.
  expect((await waitForEmail(request, senderEmail, /^Approved:/)).text).toContain('Thanks for asking');
  expect((await waitForEmail(request, senderEmail, /^Rejected:/)).text).toContain('Over this quarter’s budget');

  // The approved recipient gets the reward; the rejected one gets nothing.
  await waitForEmail(request, approved, /sent you/);
  const token = await apiToken(request, { email: owner.email, password: PASSWORD });
  const orders = await ordersOf(request, token);
  expect(orders.find((o) => o.recipient_email === rejected)?.status).toBe('rejected');

  // The sender sees both outcomes, and reads the note.
  await sender.reload();
  await expect(orderRow(sender, approved)).toContainText('Delivered', { timeout: 20_000 });
  await expect(orderRow(sender, rejected)).toContainText('Rejected');
  const rejectedId = orders.find((o) => o.recipient_email === rejected)?.order_id as string;
  await orderRow(sender, rejected)
    .getByRole('link', { name: `Order ${rejectedId}` })
    .click();
  const detail = sender.getByRole('dialog', { name: `Order ${rejectedId.split('-')[0]?.toUpperCase()}` });
  await expect(detail.getByRole('note')).toContainText('Over this quarter’s budget');
  await expect(detail.getByRole('region', { name: 'History' })).toContainText('Rejected');

  // The audit log shows each step.
  await page.goto('/settings?tab=audit-log');
  const log = page.getByRole('table', { name: 'Audit log' });
  await expect(log.getByRole('row').filter({ hasText: 'Changed the approval rules' })).toContainText(owner.email);
  await expect(log.getByRole('row').filter({ hasText: 'Approved an order' })).toContainText(approved);
  await expect(log.getByRole('row').filter({ hasText: 'Rejected an order' })).toContainText(rejected);
});

/** A sender in the owner's organisation, made through the API and the mailbox; answers their token. */
async function senderThroughApi(request: APIRequestContext, ownerToken: string): Promise<string> {
  const email = newEmail('sender');
  const invited = await request.post('/api/v1/invitations', {
    headers: { authorization: `Bearer ${ownerToken}` },
    data: { email, role: 'sender' },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const link = linkIn(await waitForEmail(request, email, /invited/i), '/invitations/');
  const accepted = await request.post('/api/v1/invitations/accept-new', {
    data: { token: link.slice(link.lastIndexOf('/') + 1), password: PASSWORD },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return apiToken(request, { email, password: PASSWORD });
}

// One test scans both themes: the sign-up, the sender and the waiting order are made once (decision 064).
test('the approval queue and the rules pass axe and fit the screen, light and dark @both', async ({
  page,
  request,
}) => {
  // Four axe scans of whole pages (two pages, two themes) on a two-core machine: 31.5 s of a 30 s
  // budget in a full run at load 6.7 (28 November).
  test.slow();
  const owner = await signUpAndSignIn(page);
  const ownerToken = await apiToken(request, owner);
  const rule = await request.patch('/api/v1/approval-rules', {
    headers: { authorization: `Bearer ${ownerToken}` },
    data: { every_sender_order: true },
  });
  expect(rule.status()).toBe(200);
  const senderToken = await senderThroughApi(request, ownerToken);
  const products = await (await request.get('/api/v1/products?country=US&currency=USD&category=Retail')).json();
  const product = products.data.find((p: { denominations: number[] | null }) => !p.denominations?.length);
  const order = await request.post('/api/v1/orders', {
    headers: { authorization: `Bearer ${senderToken}` },
    data: { product_code: product.code, amount: 30, email: newEmail('waiting'), quantity: 1 },
  });
  expect((await order.json()).status).toBe('pending_approval');

  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto('/approvals');
    await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /dark/ : /^(?!.*dark)/);
    await expect(queue(page).getByRole('listitem')).toHaveCount(1);
    await expectAccessible(page);
    await queue(page)
      .getByRole('button', { name: /^Reject the order/ })
      .click();
    await expect(page.getByRole('dialog', { name: 'Reject this order?' })).toBeVisible();
    const dialogAxe = await axe(page).include('[role="dialog"]').analyze();
    expect(dialogAxe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await page.keyboard.press('Escape');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await page.goto('/settings?tab=approvals');
    await expect(
      page.getByRole('form', { name: 'Approval rules' }).getByLabel('Every order by a sender'),
    ).toBeChecked();
    await expectAccessible(page);
  }
});

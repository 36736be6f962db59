import { expect, type Page, test } from '@playwright/test';
import { apiToken, openSendDialog, ordersOf, toasts } from '../sending/helpers';
import {
  createVerifiedAccount,
  linkIn,
  newEmail,
  PASSWORD,
  signInThroughApi,
  signUpAndSignIn,
  waitForEmail,
} from '../support/accounts';
import { axe } from '../support/axe';
import { chooseCatalog } from '../support/catalog';
import { invite, joinFromMailbox } from '../support/members';

async function expectAccessible(page: Page) {
  const scan = await axe(page).include('main').analyze();
  expect(scan.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}

test('an owner invites a sender and a viewer by email; both join; the sender sends, the viewer reads orders without a Send button', async ({
  page,
  browser,
  request,
}) => {
  // Three people in three browsers, two mailboxes, two axe scans and an order: about three
  // ordinary journeys in one, so three ordinary journeys' slow budget (decision 019).
  test.setTimeout(180_000);
  await signUpAndSignIn(page);
  await page.getByRole('navigation', { name: 'Navigation' }).getByRole('link', { name: 'Settings' }).click();
  // Settings opens on the Organisation tab; Members is one click away.
  await expect(page.getByRole('tab', { name: 'Organisation' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Members' }).click();
  await expect(page.getByRole('tab', { name: 'Members' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('list', { name: 'Members' }).getByTestId('member-row')).toHaveCount(1);
  await expect(page.getByText('No open invitations.')).toBeVisible();

  const senderEmail = newEmail('sender');
  const viewerEmail = newEmail('viewer');
  await invite(page, senderEmail, 'Sender');
  await invite(page, viewerEmail, 'Viewer');

  // The Members tab, in both themes, once the toasts have gone.
  await expect(toasts(page)).toHaveCount(0, { timeout: 15_000 });
  await expectAccessible(page);
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await sidebar.getByRole('button', { name: 'Dark mode' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expectAccessible(page);
  await sidebar.getByRole('button', { name: 'Light mode' }).click();

  // The sender joins and sends.
  const sender = await joinFromMailbox(browser, senderEmail);
  await sender.getByRole('navigation', { name: 'Navigation' }).getByRole('link', { name: 'Catalog' }).click();
  await chooseCatalog(sender, 'United States', 'USD', 'Retail');
  const dialog = await openSendDialog(sender, 'Amazon.com Gift Card');
  const recipient = newEmail('recipient');
  await dialog.getByLabel('Recipient Email').fill(recipient);
  await dialog.getByLabel('Amount').fill('25');
  await dialog.getByRole('button', { name: 'Send now' }).click();
  await expect(toasts(sender).filter({ hasText: 'Reward sent' })).toBeVisible();

  // The viewer joins, reads the organisation's orders, and is offered no Send anywhere.
  const viewer = await joinFromMailbox(browser, viewerEmail);
  const viewerToken = await apiToken(request, { email: viewerEmail, password: PASSWORD });
  expect((await ordersOf(request, viewerToken)).map((o) => o.recipient_email)).toContain(recipient);
  const nav = viewer.getByRole('navigation', { name: 'Navigation' });
  await nav.getByRole('link', { name: 'Order History' }).click();
  await expect(viewer.getByText(recipient).first()).toBeVisible();
  await nav.getByRole('link', { name: 'Catalog' }).click();
  await chooseCatalog(viewer, 'United States', 'USD', 'Retail');
  const card = viewer.getByRole('article', { name: 'Amazon.com Gift Card' });
  await expect(card.getByRole('button', { name: 'Details' })).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Send', exact: true })).toHaveCount(0);
  await expect(viewer.getByRole('note')).toContainText('your role cannot send rewards');
  // Settings explains what the viewer cannot do.
  await nav.getByRole('link', { name: 'Settings' }).click();
  await viewer.getByRole('tab', { name: 'Members' }).click();
  await expect(viewer.getByText('Only owners and admins manage members')).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Invite member' })).toHaveCount(0);

  // The owner sees both as members now.
  await page.reload();
  const members = page.getByRole('list', { name: 'Members' });
  await expect(members.getByText(senderEmail)).toBeVisible();
  await expect(members.getByText(viewerEmail)).toBeVisible();
  await expect(page.getByText('No open invitations.')).toBeVisible();
});

test('@both someone with an account accepts while signed in, then switches between their organisations in the header', async ({
  page,
  request,
}) => {
  const suffix = Date.now().toString(36);
  const owner = await createVerifiedAccount(request, {
    email: newEmail('owner').replace('example.com', `acme${suffix}.com`),
  });
  const member = await createVerifiedAccount(request, {
    email: newEmail('member').replace('example.com', `globex${suffix}.com`),
  });
  const ownerToken = await apiToken(request, owner);
  const invited = await request.post('/api/v1/invitations', {
    data: { email: member.email, role: 'viewer' },
    headers: { authorization: `Bearer ${ownerToken}` },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const link = linkIn(await waitForEmail(request, member.email, /invited/i), '/invitations/');

  await signInThroughApi(page, member);
  const header = page.getByRole('banner');
  await expect(header.getByTestId('organisation-name')).toHaveText(/^Globex/i);
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { level: 1, name: /^Join Acme/i })).toBeVisible();
  await page.getByRole('button', { name: 'Accept and join' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toasts(page).filter({ hasText: /Welcome to Acme/i })).toBeVisible();
  await expect(header.getByTestId('organisation-name')).toHaveText(/^Acme/i);
  // The switcher lists both organisations.
  await page.getByRole('button', { name: /Switch organisation/ }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveCount(2);
  await menu.getByRole('menuitem', { name: /Globex/i }).click();
  await expect(toasts(page).filter({ hasText: /Switched to Globex/i })).toBeVisible();
  await expect(header.getByTestId('organisation-name')).toHaveText(/^Globex/i);
  // The session is the new organisation's, reload included.
  await page.reload();
  await expect(header.getByTestId('organisation-name')).toHaveText(/^Globex/i);
});

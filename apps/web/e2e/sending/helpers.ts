import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import type { Account } from '../support/accounts';

export const sendDialog = (page: Page) => page.getByRole('dialog', { name: 'Send reward' });

export const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');

/** Opens the send dialog from a product card's Send button. */
export async function openSendDialog(page: Page, productName: string): Promise<Locator> {
  await page.getByRole('article', { name: productName }).getByRole('button', { name: 'Send' }).click();
  const dialog = sendDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(productName);
  return dialog;
}

/** The dialog's summary as label → figure, to compare with exact amounts. */
export async function summaryOf(dialog: Locator): Promise<Record<string, string>> {
  const summary = dialog.getByRole('region', { name: 'Summary' });
  const labels = await summary.locator('dt').allInnerTexts();
  const values = await summary.locator('dd').allInnerTexts();
  return Object.fromEntries(labels.map((label, i) => [label, values[i] ?? '']));
}

export async function expectSummary(dialog: Locator, expected: Record<string, string>) {
  await expect.poll(() => summaryOf(dialog)).toEqual(expected);
}

/** An access token for checking through the API what the page did (a context apart from the page's). */
export async function apiToken(request: APIRequestContext, account: Account): Promise<string> {
  const res = await request.post('/api/v1/auth/token?grant_type=password', { data: account });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

export interface ApiOrder {
  order_id: string;
  status: string;
  amount: number;
  quantity: number;
  currency: string;
  total: number;
  recipient_email: string;
  charged: { currency: string; rate: string; subtotal: number; fee: number; total: number };
}

export async function ordersOf(request: APIRequestContext, token: string): Promise<ApiOrder[]> {
  const res = await request.get('/api/v1/orders', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { orders: ApiOrder[] }).orders;
}

export async function balanceOf(request: APIRequestContext, token: string) {
  const res = await request.get('/api/v1/balance', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as { available: number; held: number; currency: string };
}

/** Opens the recipient's email in the built-in mailbox and follows its claim link. */
export async function claimFromMailbox(
  page: Page,
  to: string,
  subject: string | RegExp,
  link: string | RegExp = 'Claim your reward',
) {
  await page.goto('/mailbox');
  // The list refreshes itself: the email appears once the card is issued.
  const message = page.getByRole('list', { name: 'Messages' }).getByRole('button', { name: new RegExp(`To ${to}`) });
  await expect(message).toBeVisible({ timeout: 20_000 });
  await message.click();
  await expect(page.getByRole('heading', { level: 2, name: subject })).toBeVisible();
  // The one email open: its frame is titled with its subject.
  const mail = page.frameLocator('iframe[title^="Email: "]');
  await mail.getByRole('link', { name: link }).click();
  await expect(page).toHaveURL(/\/claim\/[A-Za-z0-9_-]{43}$/);
}

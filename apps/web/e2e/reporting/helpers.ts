import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { openSendDialog, toasts } from '../sending/helpers';
import { newEmail } from '../support/accounts';
import { chooseCatalog } from '../support/catalog';

/** Sends one reward through the catalogue's send dialog, as a person does, and waits for Reward sent. */
export async function sendThroughDialog(
  page: Page,
  reward: { category: string; product: string; amount: string; quantity?: string; to?: string },
): Promise<string> {
  const to = reward.to ?? newEmail('recipient');
  await page.goto('/catalog');
  await chooseCatalog(page, 'United States', 'USD', reward.category);
  const dialog = await openSendDialog(page, reward.product);
  await dialog.getByLabel('Recipient Email').fill(to);
  await dialog.getByLabel('Amount').fill(reward.amount);
  await dialog.getByLabel('Quantity').fill(reward.quantity ?? '1');
  await dialog.getByRole('button', { name: 'Send now' }).click();
  await expect(toasts(page).filter({ hasText: 'Reward sent' }).filter({ hasText: to })).toBeVisible();
  await expect(dialog).toBeHidden();
  return to;
}

/** An order placed through the API, for tests about what the reports show rather than about sending. */
export async function sendThroughApi(
  request: APIRequestContext,
  token: string,
  order: { product_code: string; amount: number; quantity?: number; email?: string },
) {
  const res = await request.post('/api/v1/orders', {
    headers: { authorization: `Bearer ${token}` },
    data: { quantity: 1, email: newEmail('recipient'), ...order },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { order_id: string; total: number; recipient_email: string };
}

/** The summary cards (a definition list) as label → figure. */
export async function figuresOf(list: Locator): Promise<Record<string, string>> {
  const pairs = await list
    .locator('dt')
    .evaluateAll((terms) =>
      terms.map((dt) => [dt.textContent?.trim() ?? '', dt.nextElementSibling?.textContent?.trim() ?? '']),
    );
  return Object.fromEntries(pairs);
}

/** Rows of a table (visible or for screen readers) as their cells' texts joined by " | ". */
export async function rowsOf(table: Locator): Promise<string[]> {
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent?.trim() ?? '').join(' | ')),
    );
}

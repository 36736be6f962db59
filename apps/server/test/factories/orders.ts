import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { decryptSecret } from '../../src/lib/crypto';
import { SandboxProvider } from '../../src/providers/gift-cards/sandbox';
import { bearer } from '../factories';
import type { TestApp } from '../helpers';
import { eventually } from '../helpers';

export interface ProductPick {
  code: string;
  name: string;
  currency: string;
  minValue: number;
  maxValue: number;
  denominations: number[] | null;
}

/** A product from the live catalogue API: a range card unless `fixed` asks for set values. */
export async function pickProduct(
  t: TestApp,
  q: { country?: string; currency?: string; category?: string; fixed?: boolean } = {},
): Promise<ProductPick> {
  const query = new URLSearchParams({
    country: q.country ?? 'US',
    currency: q.currency ?? 'USD',
    category: q.category ?? 'Retail',
  });
  const res = await t.app.inject({ url: `/api/v1/products?${query}&limit=100` });
  if (res.statusCode !== 200) throw new Error(`products: ${res.statusCode} ${res.body}`);
  const products = res.json().products as ProductPick[];
  const pick = products.find((p) => (q.fixed ? p.denominations?.length : !p.denominations?.length));
  if (!pick) throw new Error(`no ${q.fixed ? 'fixed' : 'range'} product for ${query}`);
  return pick;
}

export interface OrderInput {
  product_code: string;
  amount: number | string;
  email: string;
  quantity: number;
  message?: string;
  recipient_name?: string;
}

export function postOrder(t: TestApp, token: string, body: Partial<OrderInput> | string, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}), 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export const recipient = () => `recipient-${randomUUID().slice(0, 8)}@example.com`;

export async function balanceOf(
  t: TestApp,
  token: string,
): Promise<{ available: number; held: number; currency: string }> {
  const res = await t.app.inject({ url: '/api/v1/balance', headers: bearer(token) });
  if (res.statusCode !== 200) throw new Error(`balance: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Waits until the order leaves `pending`, and returns its detail. */
export async function settledOrder(t: TestApp, token: string, orderId: string, timeoutMs = 30_000) {
  return eventually(async () => {
    const res = await t.app.inject({ url: `/api/v1/orders/${orderId}`, headers: bearer(token) });
    const body = res.json();
    return body.status !== 'pending' ? body : undefined;
  }, timeoutMs);
}

export async function countRows(
  t: TestApp,
  table: 'orders' | 'rewards' | 'ledger_entries' | 'sandbox_provider_orders',
  organisationId?: string,
) {
  const where =
    organisationId && table !== 'sandbox_provider_orders' ? sql` WHERE organisation_id = ${organisationId}` : sql``;
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}${where}`.execute(
    t.database.db,
  );
  return rows[0]?.n ?? 0;
}

/** The app's provider as the sandbox, to inject failures. */
export function sandboxOf(t: TestApp): SandboxProvider {
  if (!(t.app.giftCards instanceof SandboxProvider)) throw new Error('these tests need the sandbox provider');
  return t.app.giftCards;
}

/** The claim links' tokens of an order's rewards, by position (as the recipient email has them). */
export async function claimTokensOf(t: TestApp, orderId: string): Promise<string[]> {
  const rows = await t.database.db
    .selectFrom('rewards')
    .select('claim_token_encrypted')
    .where('order_id', '=', orderId)
    .orderBy('position')
    .execute();
  return rows.map((r) => decryptSecret(t.app.secrets.rewardCodeKey, r.claim_token_encrypted));
}

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { replayBalance } from '../src/modules/ledger/repository';
import type { PlaceOrderInput } from '../src/providers/gift-cards/types';
import { type SignedUpUser, signUpVerifiedUser, waitForEmail } from './factories';
import {
  balanceOf,
  type ProductPick,
  pickProduct,
  postOrder,
  recipient,
  sandboxOf,
  settledOrder,
} from './factories/orders';
import { createTestApp, TEST_DB, type TestApp } from './helpers';

// k of N: an order of three rewards where the provider issues the first card and fails on the
// second. Deterministic: the sandbox provider's own failure plan (injectFailures) is set just
// before the order's second call reaches it, counted by a spy that passes every call through.
// Everything else goes through HTTP: the order, its detail, the balance, the mailbox.
let t: TestApp;
let product: ProductPick;
beforeAll(async () => {
  t = await createTestApp({ env: { FULFILMENT_MAX_ATTEMPTS: '3', FULFILMENT_RETRY_DELAY_SECONDS: '1' } });
  product = await pickProduct(t);
});
afterAll(() => t.close());
afterEach(async () => {
  vi.restoreAllMocks();
  await sandboxOf(t).clearFailures();
});

/** Records the references the provider is asked for, and plans `kind` for the second call. */
function failSecondCall(kind: 'declined' | 'provider_error'): string[] {
  const sandbox = sandboxOf(t);
  const placeOrder = sandbox.placeOrder.bind(sandbox);
  const references: string[] = [];
  vi.spyOn(sandbox, 'placeOrder').mockImplementation(async (input: PlaceOrderInput) => {
    references.push(input.reference);
    if (references.length === 2) await sandbox.injectFailures({ kind, times: 1, productCode: input.productCode });
    return placeOrder(input);
  });
  return references;
}

interface RewardView {
  id: string;
  status: string;
  code_masked: string | null;
}

describe(`one reward of three fails at the provider (${TEST_DB})`, () => {
  let user: SignedUpUser;
  beforeAll(async () => {
    user = await signUpVerifiedUser(t);
  });

  it('for good (declined): the order fails, the card already issued stays on record, the rest are failed, the hold is released in full, no email', async () => {
    const issuedBefore = await sandboxOf(t).issuedCount(product.code);
    const references = failSecondCall('declined');
    const to = recipient();
    const res = await postOrder(t, user.accessToken, {
      product_code: product.code,
      amount: 10,
      email: to,
      quantity: 3,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().total).toBe(30.75);

    const order = await settledOrder(t, user.accessToken, res.json().order_id);
    expect(order.status).toBe('failed');
    expect(order.failure_reason).toBe('The gift-card provider declined the order');
    expect(order.history.map((h: { type: string }) => h.type)).toEqual(['order.created', 'order.failed']);
    // The provider was asked twice: the first card, then the refusal; the third was never asked for.
    expect(references).toHaveLength(2);
    const rewards = order.rewards as RewardView[];
    expect(rewards).toHaveLength(3);
    const first = rewards.find((r) => r.id === references[0]);
    expect(first).toMatchObject({ status: 'issued', code_masked: expect.stringMatching(/^•••• [A-Za-z0-9]{4}$/) });
    expect(rewards.filter((r) => r.id !== references[0]).map((r) => [r.status, r.code_masked])).toEqual([
      ['failed', null],
      ['failed', null],
    ]);
    expect((await sandboxOf(t).issuedCount(product.code)) - issuedBefore).toBe(1);

    // The customer pays nothing for a failed order: the whole hold comes back.
    expect(await balanceOf(t, user.accessToken)).toMatchObject({ available: 5000, held: 0 });
    expect(await replayBalance(t.database.db, user.organisationId, 'USD')).toEqual({
      availableMinor: 500_000,
      heldMinor: 0,
      currency: 'USD',
    });
    const mails = await t.app.inject({ url: `/api/mailbox?to=${encodeURIComponent(to)}` });
    expect(mails.json().messages).toEqual([]);
  });

  it('for now (provider error): the retry asks only for the two missing cards, the order completes with three, charged once, one email with three links', async () => {
    const issuedBefore = await sandboxOf(t).issuedCount(product.code);
    const { available: before } = await balanceOf(t, user.accessToken);
    const references = failSecondCall('provider_error');
    const to = recipient();
    const res = await postOrder(t, user.accessToken, {
      product_code: product.code,
      amount: 10,
      email: to,
      quantity: 3,
    });
    expect(res.statusCode).toBe(201);

    const order = await settledOrder(t, user.accessToken, res.json().order_id);
    expect(order.status).toBe('completed');
    // First card, the failed second, then on the retry the second again and the third: the card
    // already issued is not asked for again, and no reference gets two cards.
    expect(references).toHaveLength(4);
    expect(references[2]).toBe(references[1]);
    expect(new Set(references).size).toBe(3);
    const rewards = order.rewards as RewardView[];
    expect(rewards.map((r) => r.status)).toEqual(['issued', 'issued', 'issued']);
    expect(new Set(rewards.map((r) => r.id))).toEqual(new Set(references));
    expect((await sandboxOf(t).issuedCount(product.code)) - issuedBefore).toBe(3);

    expect(await balanceOf(t, user.accessToken)).toMatchObject({ available: before - 30.75, held: 0 });
    expect(await replayBalance(t.database.db, user.organisationId, 'USD')).toEqual({
      availableMinor: Math.round((before - 30.75) * 100),
      heldMinor: 0,
      currency: 'USD',
    });
    const email = await waitForEmail(t, to);
    expect(new Set(email.text.match(/\/claim\/[A-Za-z0-9_-]{43}/g)).size).toBe(3);
  });
});

import { randomUUID } from 'node:crypto';
import { shareOf } from '@giftrelay/money';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type SignedUpUser, signUpVerifiedUser } from '../../../test/factories';
import {
  balanceOf,
  claimTokensOf,
  pickProduct,
  postOrder,
  recipient,
  sandboxOf,
  settledOrder,
} from '../../../test/factories/orders';
import { createTestApp, TEST_DB, type TestApp } from '../../../test/helpers';
import { ProviderError } from '../../providers/gift-cards/types';
import { replayBalance } from '../ledger/repository';

/**
 * Voiding unopened rewards (issue 16, decision 039) through HTTP into the database: refunds by
 * share through the ledger, the claim page without the code, the provider's refusal, a provider
 * that does not answer, retries and the key, and on PostgreSQL the races (a void against the
 * claim page opening, two voids at once).
 */
let t: TestApp;
let range: { code: string; minValue: number };
beforeAll(async () => {
  t = await createTestApp();
  range = await pickProduct(t);
});
afterAll(() => t.close());

const voidOrder = (token: string, orderId: string, payload: unknown = {}, key: string | null = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/orders/${orderId}/void`,
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    payload: payload as object,
  });

async function deliveredOrder(user: SignedUpUser, quantity: number, product = range.code, amount = 25) {
  const res = await postOrder(t, user.accessToken, { product_code: product, amount, email: recipient(), quantity });
  expect(res.statusCode, res.body).toBe(201);
  const order = await settledOrder(t, user.accessToken, res.json().order_id);
  expect(order.status).toBe('completed');
  return order;
}

/** The claim links' tokens of an order's rewards, by position. */
const claimTokens = (orderId: string) => claimTokensOf(t, orderId);
const claim = (token: string) => t.app.inject({ url: `/api/v1/claims/${token}` });

async function ledgerMatches(user: SignedUpUser) {
  const replayed = await replayBalance(t.database.db, user.organisationId, 'USD');
  const balance = await balanceOf(t, user.accessToken);
  expect(replayed.availableMinor).toBe(Math.round(balance.available * 100));
  expect(replayed.heldMinor).toBe(Math.round(balance.held * 100));
}

describe(`POST /api/v1/orders/{id}/void (${TEST_DB})`, () => {
  it('voids the unopened rewards: codes hidden at once, each share refunded through the ledger, recorded everywhere', async () => {
    const user = await signUpVerifiedUser(t);
    // 3 × $25.55: subtotal 7665, fee 192 (7665 × 2.5 % = 191.6), shares 2555 and 64/64/64.
    const order = await deliveredOrder(user, 3, range.code, 25.55);
    const tokens = await claimTokens(order.order_id);
    const opened = await claim(tokens[0] as string);
    expect(opened.json().code).toEqual(expect.any(String));
    const before = (await balanceOf(t, user.accessToken)).available;

    const key = randomUUID();
    const res = await voidOrder(user.accessToken, order.order_id, { note: 'Sent to the wrong team' }, key);
    expect(res.statusCode, res.body).toBe(200);
    const share = (i: number) => shareOf(7665, 3, i) + shareOf(192, 3, i);
    expect(res.json()).toEqual({
      success: true,
      order_id: order.order_id,
      currency: 'USD',
      rewards: [2, 3].map((position) => ({
        reward_id: expect.any(String),
        position,
        state: 'refunded',
        refund: share(position - 1) / 100,
        refund_minor: share(position - 1),
        note: null,
      })),
      // Reward 1 was opened, so the order is partly voided, still `completed` (decision 076).
      order_status: 'completed',
      refunded: (share(1) + share(2)) / 100,
      refunded_minor: share(1) + share(2),
    });
    expect((await balanceOf(t, user.accessToken)).available).toBeCloseTo(before + (share(1) + share(2)) / 100, 2);
    await ledgerMatches(user);

    // The claim page: no code for the voided ones; the opened one still shows its card.
    for (const token of tokens.slice(1)) {
      const c = (await claim(token)).json();
      expect(c).toMatchObject({ status: 'voided', code: null, pin: null, redemption_url: null });
    }
    expect((await claim(tokens[0] as string)).json()).toMatchObject({ status: 'issued', code: opened.json().code });

    const detail = (
      await t.app.inject({ url: `/api/v1/orders/${order.order_id}`, headers: bearer(user.accessToken) })
    ).json();
    const refunded = {
      state: 'refunded',
      voided_at: expect.any(String),
      note: 'Sent to the wrong team',
      provider_note: null,
    };
    expect(detail.rewards.map((r: { void: unknown }) => r.void)).toEqual([null, refunded, refunded]);
    expect(detail.rewards.map((r: { status: string }) => r.status)).toEqual(['issued', 'voided', 'voided']);
    expect(detail).toMatchObject({ status: 'completed', voided_count: 2, issued_count: 3 });
    expect(detail.history.map((h: { type: string }) => h.type)).toEqual(
      expect.arrayContaining(['order.void_requested', 'reward.voided']),
    );
    const requested = detail.history.find((h: { type: string }) => h.type === 'order.void_requested');
    expect(requested.detail).toEqual({ positions: [2, 3], note: 'Sent to the wrong team' });
    const events = (
      await t.app.inject({ url: '/api/v1/events?type=reward.voided', headers: bearer(user.accessToken) })
    ).json().data;
    expect(events).toHaveLength(2);
    expect(events[0].data).toMatchObject({ order_id: order.order_id, refunded: true, currency: 'USD' });
    const audit = (
      await t.app.inject({ url: '/api/v1/audit-events?action=order.voided', headers: bearer(user.accessToken) })
    ).json().data;
    expect(audit).toHaveLength(1);
    expect(audit[0].detail).toEqual({ order_id: order.order_id, rewards: 2, note: 'Sent to the wrong team' });

    // The same request again: the first answer, byte for byte, and nothing refunded twice.
    const again = await voidOrder(user.accessToken, order.order_id, { note: 'Sent to the wrong team' }, key);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(res.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    // A new request: nothing is left to void.
    const nothing = await voidOrder(user.accessToken, order.order_id);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toMatchObject({ code: 'CONFLICT', error: expect.stringContaining('nothing to void') });
    await ledgerMatches(user);
    expect((await balanceOf(t, user.accessToken)).available).toBeCloseTo(before + (share(1) + share(2)) / 100, 2);
  });

  it('takes a refunded reward out of the reports: spend and rewards drop by exactly the refund', async () => {
    const user = await signUpVerifiedUser(t);
    const order = await deliveredOrder(user, 3, range.code, 10);
    const day = new Date().toISOString().slice(0, 10);
    const totals = async () =>
      (await t.app.inject({ url: `/api/v1/analytics?from=${day}&to=${day}`, headers: bearer(user.accessToken) })).json()
        .totals;
    const before = await totals();
    expect(before).toMatchObject({ spend_minor: 3075, rewards_issued: 3, orders: 1 });
    const [first] = await claimTokens(order.order_id);
    await claim(first as string);
    const res = await voidOrder(user.accessToken, order.order_id);
    expect(res.json().refunded_minor).toBe(
      shareOf(3000, 3, 1) + shareOf(75, 3, 1) + shareOf(3000, 3, 2) + shareOf(75, 3, 2),
    );
    const after = await totals();
    expect(after.spend_minor).toBe(3075 - res.json().refunded_minor);
    expect(after.fees_minor).toBe(75 - shareOf(75, 3, 1) - shareOf(75, 3, 2));
    expect(after).toMatchObject({ rewards_issued: 1, rewards_claimed: 1, orders: 1 });
  });

  it('refunds nothing for a card the provider will not cancel, and says why', async () => {
    const user = await signUpVerifiedUser(t);
    const prepaid = await t.database.db
      .selectFrom('products')
      .select(['code', 'min_value'])
      .where('payout_type', '=', 'prepaid_card')
      .where('currency', '=', 'USD')
      .where('available', '=', true)
      .where('denominations', 'is', null)
      .executeTakeFirstOrThrow();
    const order = await deliveredOrder(user, 1, prepaid.code, Number(prepaid.min_value) / 100);
    const before = (await balanceOf(t, user.accessToken)).available;
    const res = await voidOrder(user.accessToken, order.order_id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      refunded_minor: 0,
      rewards: [
        {
          position: 1,
          state: 'not_cancelled',
          refund_minor: 0,
          note: 'Prepaid cards are activated when issued and cannot be cancelled',
        },
      ],
    });
    expect((await balanceOf(t, user.accessToken)).available).toBe(before);
    // The code stays hidden: the sender asked for it to go.
    const [token] = await claimTokens(order.order_id);
    expect((await claim(token as string)).json()).toMatchObject({ status: 'voided', code: null });
    await ledgerMatches(user);
  });

  it('hides the codes when the provider does not answer, answers 503, and finishes on the retry with the key', async () => {
    const user = await signUpVerifiedUser(t);
    const order = await deliveredOrder(user, 2);
    const before = (await balanceOf(t, user.accessToken)).available;
    const provider = sandboxOf(t);
    const cancel = provider.cancelOrder.bind(provider);
    let calls = 0;
    // The provider's edge: its first answer never comes.
    provider.cancelOrder = async (reference: string) => {
      calls++;
      if (calls === 1) throw new ProviderError('timeout', 'The provider did not answer in time');
      return cancel(reference);
    };
    try {
      const key = randomUUID();
      const first = await voidOrder(user.accessToken, order.order_id, {}, key);
      expect(first.statusCode).toBe(503);
      expect(first.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      // The 503 is logged as the server's failure it is; this test expects it.
      expect(t.loggedErrors.join('')).toContain('did not answer for every reward');
      t.loggedErrors.length = 0;
      // Both codes are hidden already; reward 2, which the provider answered for, is refunded.
      for (const token of await claimTokens(order.order_id)) {
        expect((await claim(token)).json()).toMatchObject({ status: 'voided', code: null });
      }
      // Reward 2's share: $25.00 and half the $1.25 fee, the odd cent going to reward 1.
      const share = 2500 + 62;
      expect((await balanceOf(t, user.accessToken)).available).toBeCloseTo(before + share / 100, 2);
      const retry = await voidOrder(user.accessToken, order.order_id, {}, key);
      expect(retry.statusCode, retry.body).toBe(200);
      expect(retry.json().rewards.map((r: { state: string }) => r.state)).toEqual(['refunded', 'refunded']);
      expect(retry.json().refunded_minor).toBe(2 * 2500 + 125);
      expect((await balanceOf(t, user.accessToken)).available).toBeCloseTo(before + (2 * 2500 + 125) / 100, 2);
      await ledgerMatches(user);
    } finally {
      provider.cancelOrder = cancel;
    }
  });

  it('refuses what cannot be voided, and bad input, writing nothing', async () => {
    const user = await signUpVerifiedUser(t);
    const order = await deliveredOrder(user, 1);
    const before = await balanceOf(t, user.accessToken);
    const noKey = await voidOrder(user.accessToken, order.order_id, {}, null);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json()).toMatchObject({ code: 'VALIDATION_ERROR', error: expect.stringContaining('Idempotency-Key') });
    const tooLong = await voidOrder(user.accessToken, order.order_id, { note: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    const control = await voidOrder(user.accessToken, order.order_id, { note: 'bad\u0000note' });
    expect(control.statusCode).toBe(400);
    const badId = await voidOrder(user.accessToken, 'not-an-order');
    expect(badId.statusCode).toBe(400);
    // Unknown (or another organisation's) order: 404, kept for the key.
    const key = randomUUID();
    const unknown = await voidOrder(user.accessToken, randomUUID(), {}, key);
    expect(unknown.statusCode).toBe(404);
    const other = await signUpVerifiedUser(t);
    expect((await voidOrder(other.accessToken, order.order_id)).statusCode).toBe(404);
    // A failed order has nothing to void.
    await sandboxOf(t).injectFailures({ kind: 'declined', productCode: range.code });
    const failedRes = await postOrder(t, user.accessToken, {
      product_code: range.code,
      amount: 25,
      email: recipient(),
      quantity: 1,
    });
    const failed = await settledOrder(t, user.accessToken, failedRes.json().order_id);
    expect(failed.status).toBe('failed');
    const refused = await voidOrder(user.accessToken, failed.order_id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toContain('failed');
    expect(await balanceOf(t, user.accessToken)).toEqual(before);
    const voided = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM rewards WHERE organisation_id = ${user.organisationId} AND void_state IS NOT NULL`.execute(
      t.database.db,
    );
    expect(voided.rows[0]?.n).toBe(0);
  });

  it.runIf(TEST_DB === 'postgres')(
    'a void racing the claim page: each reward is either shown or refunded, never both',
    async () => {
      const user = await signUpVerifiedUser(t);
      for (let round = 0; round < 5; round++) {
        const order = await deliveredOrder(user, 2);
        const tokens = await claimTokens(order.order_id);
        const [voided, ...claims] = await Promise.all([
          voidOrder(user.accessToken, order.order_id),
          ...tokens.map((token) => claim(token)),
        ]);
        const refunded =
          voided.statusCode === 200 ? voided.json().rewards.map((r: { position: number }) => r.position) : [];
        // A deadlock or any other failure is a 500, not a code shown: each answer must be a page.
        expect([200, 409]).toContain(voided.statusCode);
        claims.forEach((c, i) => {
          expect(c.statusCode, `round ${round}, reward ${i + 1}`).toBe(200);
          const shown = c.json().code !== null;
          expect(shown && refunded.includes(i + 1), `round ${round}, reward ${i + 1}`).toBe(false);
          expect(shown || refunded.includes(i + 1), `round ${round}, reward ${i + 1}`).toBe(true);
        });
      }
      await ledgerMatches(user);
    },
  );

  it.runIf(TEST_DB === 'postgres')('two voids at once with different keys refund each reward once', async () => {
    const user = await signUpVerifiedUser(t);
    const order = await deliveredOrder(user, 3);
    const before = (await balanceOf(t, user.accessToken)).available;
    const answers = await Promise.all([1, 2, 3].map(() => voidOrder(user.accessToken, order.order_id)));
    expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    for (const a of answers) expect([200, 409]).toContain(a.statusCode);
    const refunds = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ledger_entries WHERE order_id = ${order.order_id} AND kind = 'refund'`.execute(
      t.database.db,
    );
    expect(refunds.rows[0]?.n).toBe(3);
    expect((await balanceOf(t, user.accessToken)).available).toBeCloseTo(before + (3 * 2500 + 188) / 100, 2);
    await ledgerMatches(user);
  });
});

import { RewardExpiredEventDataSchema } from '@giftrelay/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type SignedUpUser, signUpVerifiedUser, waitForEmail } from '../../../test/factories';
import {
  balanceOf,
  claimTokensOf,
  pickProduct,
  postOrder,
  recipient,
  settledOrder,
} from '../../../test/factories/orders';
import { createTestApp, TEST_DB, type TestApp } from '../../../test/helpers';
import { hashToken } from '../../lib/crypto';
import { replayBalance } from '../ledger/repository';
import { expireDueRewards } from './expire-rewards';
import { recordClaimOpened } from './reward-events';

/**
 * Expiry that returns the value (issue 32, decision 081), through HTTP into the database: the
 * organisation's default and the order's own value, their refusals, the sweep's refund through the
 * ledger, and a claim racing the expiry. Time is moved by moving the order's `expires_at` back,
 * never by waiting. One organisation for the file: each test works on its own orders.
 */
let t: TestApp;
let product: { code: string };
let owner: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  product = await pickProduct(t);
  owner = await signUpVerifiedUser(t);
});
afterAll(() => t.close());

const DAY = 86_400_000;
const patchSettings = (payload: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/v1/organisation',
    headers: bearer(owner.accessToken),
    payload: payload as object,
  });

async function delivered(extra: Record<string, unknown> = {}, quantity = 1) {
  const res = await postOrder(t, owner.accessToken, {
    product_code: product.code,
    amount: 25,
    email: recipient(),
    quantity,
    ...extra,
  } as never);
  expect(res.statusCode, res.body).toBe(201);
  const order = await settledOrder(t, owner.accessToken, res.json().order_id);
  expect(order.status).toBe('completed');
  return order as { order_id: string; expires_at: string | null; charged: { total_minor: number } };
}

/** Moves the order's expiry a minute into the past: the sweep's next run takes it. */
const expireNow = (orderIds: string[]) =>
  sql`UPDATE orders SET expires_at = now() - interval '1 minute' WHERE id IN (${sql.join(orderIds)})`.execute(
    t.database.db,
  );

const detail = async (orderId: string) =>
  (await t.app.inject({ url: `/api/v1/orders/${orderId}`, headers: bearer(owner.accessToken) })).json();

describe(`expiry that returns the value (${TEST_DB})`, () => {
  it('refuses hostile or out-of-range expiries with 400 and writes nothing', async () => {
    const base = { product_code: product.code, amount: 25, email: recipient(), quantity: 1 };
    const before = (
      await t.database.db.selectFrom('orders').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()
    ).n;
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    const far = new Date(Date.now() + 800 * DAY).toISOString();
    const sendAt = new Date(Date.now() + 10 * DAY).toISOString();
    for (const extra of [
      { expires_at: new Date(Date.now() - DAY).toISOString() },
      { expires_at: soon },
      { expires_at: far },
      { expires_at: 'tomorrow' },
      { expires_at: '2027-01-01T00:00:00Z\u0000' },
      { expires_at: 12 },
      { expires_in_days: 0 },
      { expires_in_days: 731 },
      { expires_in_days: 1.5 },
      { expires_in_days: '5' },
      { expires_in_days: 1e308 },
      { expires_in_days: 5, expires_at: new Date(Date.now() + 5 * DAY).toISOString() },
      // Before the reward is even sent.
      { send_at: sendAt, expires_at: new Date(Date.now() + 5 * DAY).toISOString() },
    ]) {
      const res = await postOrder(t, owner.accessToken, { ...base, ...extra } as never);
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    for (const value of [0, 731, -1, 2.5, '30', true, '\ud800']) {
      const res = await patchSettings({ reward_expiry_days: value });
      expect(res.statusCode, String(value)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    const after = (
      await t.database.db.selectFrom('orders').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()
    ).n;
    expect(after).toBe(before);
  });

  it('takes the organisation’s default, the order’s own value, or none', async () => {
    expect((await patchSettings({ reward_expiry_days: 90 })).statusCode).toBe(200);
    const settings = await t.app.inject({ url: '/api/v1/organisation', headers: bearer(owner.accessToken) });
    expect(settings.json().reward_expiry_days).toBe(90);

    const byDefault = await delivered();
    const at = new Date(byDefault.expires_at ?? 0).getTime();
    expect(Math.abs(at - (Date.now() + 90 * DAY))).toBeLessThan(120_000);

    const own = new Date(Date.now() + 10 * DAY);
    own.setMilliseconds(0);
    expect((await delivered({ expires_at: own.toISOString() })).expires_at).toBe(own.toISOString());
    const inDays = await delivered({ expires_in_days: 3 });
    expect(Math.abs(new Date(inDays.expires_at ?? 0).getTime() - (Date.now() + 3 * DAY))).toBeLessThan(120_000);

    // Counted from a scheduled send.
    const sendAt = new Date(Date.now() + 5 * DAY);
    const scheduled = await postOrder(t, owner.accessToken, {
      product_code: product.code,
      amount: 25,
      email: recipient(),
      quantity: 1,
      send_at: sendAt.toISOString(),
      expires_in_days: 2,
    } as never);
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    expect(new Date(scheduled.json().expires_at).getTime()).toBe(sendAt.getTime() + 2 * DAY);

    expect((await patchSettings({ reward_expiry_days: null })).statusCode).toBe(200);
    expect((await delivered()).expires_at).toBeNull();
  });

  it('voids and refunds the unopened reward at expiry, keeps the opened one, and says why, once', async () => {
    const order = await delivered({ expires_in_days: 30 }, 2);
    const [opened, unopened] = await claimTokensOf(t, order.order_id);
    const first = await t.app.inject({ url: `/api/v1/claims/${opened}` });
    expect(first.json().claim_by).toBe(order.expires_at);
    expect(first.json().code).toBeTruthy();
    const before = (await balanceOf(t, owner.accessToken)).available;

    await expireNow([order.order_id]);
    // Past its expiry the unopened reward shows no code, even before the sweep; the opened one still does.
    const late = await t.app.inject({ url: `/api/v1/claims/${unopened}` });
    expect(late.statusCode).toBe(200);
    expect(late.json()).toMatchObject({ status: 'expired', code: null, pin: null });
    expect((await t.app.inject({ url: `/api/v1/claims/${opened}` })).json().status).toBe('issued');

    // The sweep (or housekeeping's own round, which may come first: every 30 s when one is due).
    await expireDueRewards(t.app);
    // Exactly the second reward's share: half the charged total, the fee split as the ledger does.
    const share = order.charged.total_minor - Math.floor(order.charged.total_minor / 2);
    const after = (await balanceOf(t, owner.accessToken)).available;
    expect(Math.round((after - before) * 100)).toBeGreaterThanOrEqual(share - 1);
    expect(Math.round((after - before) * 100)).toBeLessThanOrEqual(share);

    const d = await detail(order.order_id);
    expect(d.status).toBe('completed');
    expect(d.voided_count).toBe(1);
    expect(d.expiry).toMatchObject({ refunded_count: 1 });
    expect(d.expiry.note).toContain('opened before it expired');
    expect(d.rewards[1].status).toBe('voided');
    expect(d.history.map((h: { type: string }) => h.type)).toEqual(
      expect.arrayContaining(['order.expired', 'reward.expired']),
    );
    expect((await t.app.inject({ url: `/api/v1/claims/${unopened}` })).json().status).toBe('expired');

    const events = await t.app.inject({
      url: '/api/v1/events?type=reward.expired',
      headers: bearer(owner.accessToken),
    });
    const mine = (events.json().data as { data: { order_id: string } }[])
      .filter((e) => e.data.order_id === order.order_id)
      // Exactly the documented shape (decision 066), nothing more.
      .map((e) => RewardExpiredEventDataSchema.strict().parse(e.data));
    expect(mine.map((e) => e.refunded).sort()).toEqual([false, true]);
    expect(mine.find((e) => !e.refunded)?.reason).toContain('Opened before it expired');
    expect(mine.find((e) => e.refunded)?.refund_minor).toBe(Math.round((after - before) * 100));
    const audit = await t.app.inject({
      url: '/api/v1/audit-events?action=order.expired',
      headers: bearer(owner.accessToken),
    });
    expect(JSON.stringify(audit.json())).toContain(order.order_id);

    // A second sweep finds nothing: claimed once.
    expect(await expireDueRewards(t.app)).toMatchObject({ orders: 0, refunded: 0 });
    expect((await balanceOf(t, owner.accessToken)).available).toBe(after);
    const replayed = await replayBalance(t.database.db, owner.organisationId, 'USD');
    expect(replayed.availableMinor).toBe(Math.round(after * 100));
  });

  it('the browser journeys’ clock seam (APP_ENV=test only) expires the order it names', async () => {
    const order = await delivered({ expires_in_days: 30 });
    const hook = (id: string) => t.app.inject({ method: 'POST', url: `/api/test/orders/${id}/expire` });
    expect((await hook('0b7c9d2e-1f3a-4b5c-8d6e-7f8091a2b3c4')).statusCode).toBe(404);
    expect((await hook('not-a-uuid')).statusCode).toBe(400);
    expect((await detail(order.order_id)).expiry).toBeNull();
    const res = await hook(order.order_id);
    expect(res.statusCode, res.body).toBe(200);
    expect((await detail(order.order_id)).expiry).toMatchObject({ refunded_count: 1 });
  });

  it('refunds an unchosen choice reward’s whole hold at expiry, and a pick after it is refused', async () => {
    const to = recipient();
    const res = await postOrder(t, owner.accessToken, {
      choice: { product_codes: [product.code] },
      currency: 'USD',
      amount: 25,
      email: to,
      expires_in_days: 7,
    } as never);
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json().order_id as string;
    await waitForEmail(t, to);
    const before = (await balanceOf(t, owner.accessToken)).available;
    await expireNow([orderId]);
    const [token] = await claimTokensOf(t, orderId);
    expect((await t.app.inject({ url: `/api/v1/claims/${token}` })).json()).toMatchObject({ code: null });

    // Housekeeping's 30-second round settles it, not only the 10-minute sweep (decision 089).
    await t.app.housekeeping.run();
    const d = await detail(orderId);
    expect(d).toMatchObject({ status: 'cancelled', expiry: { refunded_count: 1 } });
    const after = (await balanceOf(t, owner.accessToken)).available;
    expect(Math.round((after - before) * 100)).toBe(d.charged.total_minor);
    const pick = await t.app.inject({
      method: 'POST',
      url: `/api/v1/claims/${token}/choice`,
      payload: { product_code: product.code },
    });
    expect(pick.statusCode).toBe(409);
    expect(pick.json().code).toBe('CHOICE_CLOSED');
    // With nothing due, the round does no expiry work: one probe of the index, no sweep.
    expect((await t.app.housekeeping.run()).expired).toBeUndefined();
  });

  it('keeps a card chosen before the expiry but issued or shown after it: the pick was the claim', async () => {
    const res = await postOrder(t, owner.accessToken, {
      choice: { product_codes: [product.code] },
      currency: 'USD',
      amount: 25,
      email: recipient(),
      expires_in_days: 7,
    } as never);
    const orderId = res.json().order_id as string;
    const [token] = await claimTokensOf(t, orderId);
    // Picked through the API, the claim page never opened: then the expiry passes.
    const pick = await t.app.inject({
      method: 'POST',
      url: `/api/v1/claims/${token}/choice`,
      payload: { product_code: product.code },
    });
    expect(pick.statusCode, pick.body).toBe(200);
    expect((await settledOrder(t, owner.accessToken, orderId)).status).toBe('completed');
    const before = (await balanceOf(t, owner.accessToken)).available;
    await expireNow([orderId]);
    await expireDueRewards(t.app);
    const claim = (await t.app.inject({ url: `/api/v1/claims/${token}` })).json();
    expect(claim).toMatchObject({ status: 'issued' });
    expect(claim.code).toEqual(expect.any(String));
    const d = await detail(orderId);
    expect(d).toMatchObject({ status: 'completed', voided_count: 0 });
    expect(d.rewards[0].void).toBeNull();
    expect((await balanceOf(t, owner.accessToken)).available).toBe(before);
  });

  // A race needs connections that wait on each other: PostgreSQL's.
  it.skipIf(TEST_DB === 'pglite')(
    'a claim racing the expiry settles one way: a code shown is never refunded, a refund never shows a code',
    async () => {
      const orders = await Promise.all(Array.from({ length: 6 }, () => delivered({ expires_in_days: 30 })));
      const ids = orders.map((o) => o.order_id);
      const tokens = (await Promise.all(ids.map((id) => claimTokensOf(t, id)))).map((x) => x[0] as string);
      const rewards = await t.database.db
        .selectFrom('rewards')
        .select(['id', 'order_id'])
        .where('order_id', 'in', ids)
        .execute();
      const before = (await balanceOf(t, owner.accessToken)).available;
      await expireNow(ids);
      // Each opening started a moment before the expiry (its `at`), and reaches the row as the sweep does.
      const justBefore = new Date(Date.now() - 3_600_000);
      const [opened] = await Promise.all([
        Promise.all(
          ids.map((id, i) =>
            recordClaimOpened(
              t.app.db,
              rewards.find((r) => r.order_id === id)?.id as string,
              justBefore,
              hashToken(tokens[i] as string),
            ),
          ),
        ),
        expireDueRewards(t.app),
        expireDueRewards(t.app),
      ]);
      let refundedMinor = 0;
      for (const [i, id] of ids.entries()) {
        const d = await detail(id);
        const refunded = d.expiry?.refunded_count === 1;
        expect(refunded, `order ${i}`).toBe(!opened[i]);
        if (refunded) refundedMinor += orders[i]?.charged.total_minor ?? 0;
        else expect(d.rewards[0].claim.first_opened_at).not.toBeNull();
      }
      const after = (await balanceOf(t, owner.accessToken)).available;
      expect(Math.round((after - before) * 100)).toBe(refundedMinor);
    },
  );
});

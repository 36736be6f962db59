import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type SignedUpUser, signUpVerifiedUser, waitForEmail } from './factories';
import { creditBalance, goLive, makeOperator, tangoEnv } from './factories/live';
import { balanceOf, postOrder, recipient } from './factories/orders';
import { FAKE_TANGO, FakeTango } from './fake-tango';
import { createTestApp, eventually, TEST_DB, type TestApp } from './helpers';

// A card that may exist is never refunded without a person deciding (decision 058). Tango, faked
// at its HTTP edge, takes the order and never answers; the look-up that follows fails, and so does
// the worker's own. The reward waits in review with its money held; an operator decides.
let t: TestApp;
let fake: FakeTango;
let owner: SignedUpUser;
let operator: SignedUpUser;
beforeAll(async () => {
  fake = new FakeTango();
  t = await createTestApp({
    env: { ...tangoEnv(fake, await fake.start()), TANGO_TIMEOUT_MS: '8000', FULFILMENT_MAX_ATTEMPTS: '1' },
  });
  await t.app.catalogSync.run('manual');
  operator = await makeOperator(t);
  owner = await signUpVerifiedUser(t);
  await goLive(t, owner, operator);
  await creditBalance(t, owner.organisationId, 10_000);
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

const TANGO_DOWN = { i18nKey: 'internal.error', message: 'Internal error' };

/** An order of one card that Tango takes without answering, and cannot be asked about. */
async function orderLostInFlight() {
  // Only the order's requests: a look at the account's funds may come in between.
  fake.hangNext(1, { method: 'POST', path: '/orders' });
  fake.failNext(500, TANGO_DOWN, 2, { method: 'GET', path: '/orders' });
  const to = recipient();
  const res = await postOrder(t, owner.accessToken, {
    product_code: FAKE_TANGO.activeRangeUtid,
    amount: 10,
    email: to,
    quantity: 1,
  });
  expect(res.statusCode, res.body).toBe(201);
  const orderId = res.json().order_id as string;
  const order = await eventually(async () => {
    const detail = (
      await t.app.inject({ url: `/api/v1/orders/${orderId}`, headers: bearer(owner.accessToken) })
    ).json();
    return detail.rewards[0].status === 'review' ? detail : undefined;
  }, 30_000);
  return { orderId, to, order };
}

const reviews = (user: SignedUpUser) =>
  t.app.inject({ url: '/api/v1/operator/reward-reviews', headers: bearer(user.accessToken) });
const decide = (user: SignedUpUser, rewardId: string, decision: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/operator/reward-reviews/${rewardId}`,
    headers: bearer(user.accessToken),
    payload: { decision, note: 'Checked with Tango support' },
  });

describe(`a reward Tango may have issued waits for an operator (${TEST_DB})`, () => {
  it('held, listed for operators only; decided issued: the card is fetched, delivered and charged, once', async () => {
    const { orderId, to, order } = await orderLostInFlight();
    // The card exists at Tango (it took the order): nothing is released, the order waits.
    expect(fake.ordersPlaced()).toBeGreaterThan(0);
    expect(order).toMatchObject({ status: 'pending', issued_count: 0, failed_count: 0 });
    expect(order.history.map((h: { type: string }) => h.type)).toContain('reward.review_needed');
    expect(await balanceOf(t, owner.accessToken)).toMatchObject({ available: 100 - 10.25, held: 10.25 });

    const rewardId = order.rewards[0].id as string;
    expect((await reviews(owner)).statusCode).toBe(404);
    expect((await decide(owner, rewardId, 'not_issued')).statusCode).toBe(404);
    const listed = await reviews(operator);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data).toContainEqual(
      expect.objectContaining({ reward_id: rewardId, order_id: orderId, held_minor: 1025, charge_currency: 'USD' }),
    );

    const decided = await decide(operator, rewardId, 'issued');
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json().order).toMatchObject({ status: 'completed', issued_count: 1, failed_count: 0 });
    expect(await balanceOf(t, owner.accessToken)).toMatchObject({ available: 100 - 10.25, held: 0 });
    await waitForEmail(t, to);
    expect((await reviews(operator)).json().data.map((r: { reward_id: string }) => r.reward_id)).not.toContain(
      rewardId,
    );
    // A second decision changes nothing.
    expect((await decide(operator, rewardId, 'not_issued')).statusCode).toBe(409);
    expect(await balanceOf(t, owner.accessToken)).toMatchObject({ available: 100 - 10.25, held: 0 });
    const audit = await t.database.db
      .selectFrom('audit_events')
      .select(['action', 'actor_user_id', 'detail'])
      .where('organisation_id', '=', owner.organisationId)
      .where('action', '=', 'reward.review_resolved')
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({
        actor_user_id: operator.user.id,
        detail: expect.objectContaining({ decision: 'issued' }),
      }),
    ]);
  });

  it('decided not issued: the order fails and its hold comes back, with reward.failed', async () => {
    const { available } = await balanceOf(t, owner.accessToken);
    const { order } = await orderLostInFlight();
    expect(await balanceOf(t, owner.accessToken)).toMatchObject({ held: 10.25 });
    const decided = await decide(operator, order.rewards[0].id, 'not_issued');
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json().order).toMatchObject({
      status: 'failed',
      failed_count: 1,
      charged: { released_minor: 1025 },
    });
    expect(await balanceOf(t, owner.accessToken)).toMatchObject({ available, held: 0 });
  });
});

import { randomUUID } from 'node:crypto';
import { EVENT_TYPES, type EventType } from '@giftrelay/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type SignedUpUser, signUpVerifiedUser } from './factories';
import { parsedEventsOf } from './factories/events';
import { joinAs } from './factories/members';
import {
  balanceOf,
  claimTokensOf,
  type ProductPick,
  pickProduct,
  postOrder,
  recipient,
  sandboxOf,
  settledOrder,
} from './factories/orders';
import { addWebhookEndpoint, sandboxTopUp } from './factories/webhooks';
import { createTestApp, eventually, TEST_DB, type TestApp } from './helpers';

/**
 * Every event type, produced through the API and read back through `GET /api/v1/events`, each
 * parsed with its own schema and held to what the database stored (decision 066). A type made
 * where this file cannot make it cheaply is parsed the same way in the test named beside it.
 */
let t: TestApp;
let product: ProductPick;
let owner: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp({
    env: { FULFILMENT_MAX_ATTEMPTS: '2', FULFILMENT_RETRY_DELAY_SECONDS: '1', WEBHOOKS_ALLOW_PRIVATE: 'true' },
  });
  product = await pickProduct(t);
  owner = await signUpVerifiedUser(t);
});
afterAll(() => t.close());

const call = (method: 'POST' | 'PATCH', url: string, token: string, payload: object = {}) =>
  t.app.inject({ method, url, headers: bearer(token), payload });
const order = (token: string, extra: Record<string, unknown> = {}) =>
  postOrder(t, token, {
    product_code: product.code,
    amount: Math.max(25, product.minValue),
    email: recipient(),
    quantity: 1,
    ...extra,
  });
async function settled(token: string, extra: Record<string, unknown> = {}) {
  const res = await order(token, extra);
  expect(res.statusCode, res.body).toBe(201);
  return settledOrder(t, token, res.json().order_id);
}

/** How each type is made here: a function that makes at least one, or the test file that does. */
const PRODUCED: Record<EventType, (() => Promise<unknown>) | string> = {
  'balance.funded': () => sandboxTopUp(t, owner.accessToken, 20),
  'order.created': () => order(owner.accessToken),
  'order.completed': () => settled(owner.accessToken),
  'reward.delivered': () => settled(owner.accessToken),
  'reward.opened': async () => {
    const { order_id } = await settled(owner.accessToken);
    const [token] = await claimTokensOf(t, order_id);
    expect((await t.app.inject({ url: `/api/v1/claims/${token}` })).statusCode).toBe(200);
  },
  'order.failed': async () => {
    await sandboxOf(t).injectFailures({ kind: 'declined', times: 1, productCode: product.code });
    expect((await settled(owner.accessToken)).status).toBe('failed');
  },
  // The sandbox issues one card for an address with `+issue-1`: the second reward fails.
  'reward.failed': async () => {
    const partly = await settled(owner.accessToken, { email: recipient().replace('@', '+issue-1@'), quantity: 2 });
    expect(partly).toMatchObject({ status: 'completed', issued_count: 1, failed_count: 1 });
  },
  'reward.voided': async () => {
    const { order_id } = await settled(owner.accessToken);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order_id}/void`,
      headers: { ...bearer(owner.accessToken), 'idempotency-key': randomUUID() },
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
  },
  'order.cancelled': async () => {
    const send_at = new Date(Date.now() + 3_600_000).toISOString();
    const res = await order(owner.accessToken, { send_at });
    expect(res.json().status).toBe('scheduled');
    const cancel = await call('POST', `/api/v1/orders/${res.json().order_id}/cancel`, owner.accessToken);
    expect(cancel.statusCode).toBe(200);
  },
  'balance.low': () => crossingTheThreshold(() => settled(owner.accessToken)),
  'order.approved': async () => {
    const sender = await approvalsForSenders();
    const waiting = await order(sender.accessToken);
    expect(waiting.json().status).toBe('pending_approval');
    const url = `/api/v1/orders/${waiting.json().order_id}/approve`;
    expect((await call('POST', url, owner.accessToken)).statusCode).toBe(200);
  },
  'order.rejected': async () => {
    const sender = await approvalsForSenders();
    const waiting = await order(sender.accessToken);
    const url = `/api/v1/orders/${waiting.json().order_id}/reject`;
    expect((await call('POST', url, owner.accessToken, { note: 'Not this quarter' })).statusCode).toBe(200);
  },
  // The batch's own statements write its orders' order.created and its hold's balance.low.
  'batch.completed': () =>
    crossingTheThreshold(async () => {
      const rows = [{ email: batchRecipient, amount: 25, product_code: product.code }];
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/batches',
        headers: { ...bearer(owner.accessToken), 'idempotency-key': randomUUID() },
        payload: { rows },
      });
      expect(res.statusCode, res.body).toBe(202);
    }),
  // Risk rules (decision 083): the sandbox's hold trigger holds an order; one is released, one blocked.
  'reward.held': () => heldReview(),
  'reward.released': async () => {
    const res = await call('POST', `/api/v1/risk/reviews/${await heldReview()}/release`, owner.accessToken);
    expect(res.statusCode, res.body).toBe(200);
  },
  'reward.blocked': async () => {
    const res = await call('POST', `/api/v1/risk/reviews/${await heldReview()}/block`, owner.accessToken);
    expect(res.statusCode, res.body).toBe(200);
  },
  'webhook.test': async () => {
    const { endpoint } = await addWebhookEndpoint(t, owner.accessToken, { url: 'http://127.0.0.1:9/hooks' });
    expect((await call('POST', `/api/v1/webhook-endpoints/${endpoint.id}/test`, owner.accessToken)).statusCode).toBe(
      202,
    );
  },
  'reward.expired': 'apps/server/src/modules/orders/expiry.test.ts (the sweep past an order’s expires_at)',
  'reward.email_bounced': 'apps/server/src/modules/webhooks/lifecycle-events.test.ts (an SMTP server that refuses)',
  'reward.sms_failed': 'apps/server/src/modules/sms/sms.test.ts (a fake Twilio: undelivered, and a 4xx refusal)',
  'reward.choice_made': 'apps/server/src/modules/orders/choice.test.ts (a recipient’s pick on the claim page)',
  'balance.debited': 'apps/server/src/modules/card-funding/card-funding.test.ts (a refund and a dispute)',
  'balance.frozen': 'apps/server/src/modules/card-funding/card-funding.test.ts (a debit beyond the balance)',
  'balance.unfrozen': 'apps/server/src/modules/card-funding/card-funding.test.ts (the shortfall paid)',
};

const batchRecipient = recipient();

/** An order held by the sandbox's hold trigger; its review's id. */
async function heldReview(): Promise<string> {
  const res = await order(owner.accessToken, { email: `${randomUUID().slice(0, 8)}@hold.sandbox.giftrelay.test` });
  expect(res.json().status, res.body).toBe('pending_review');
  const reviews = await t.app.inject({
    url: '/api/v1/risk/reviews?status=pending',
    headers: bearer(owner.accessToken),
  });
  const review = reviews.json().data.find((r: { order_id: string }) => r.order_id === res.json().order_id);
  return review.id;
}

/** Runs `send` with the balance's threshold just under what is available, so its hold crosses it. */
async function crossingTheThreshold(send: () => Promise<unknown>) {
  const { available } = await balanceOf(t, owner.accessToken);
  const threshold = { low_balance_threshold_minor: Math.round(available * 100) - 100 };
  expect((await call('PATCH', '/api/v1/organisation', owner.accessToken, threshold)).statusCode).toBe(200);
  await send();
  const off = { low_balance_threshold_minor: null };
  expect((await call('PATCH', '/api/v1/organisation', owner.accessToken, off)).statusCode).toBe(200);
}

let sender: SignedUpUser | undefined;
/** A sender whose every order waits for an owner or admin. */
async function approvalsForSenders() {
  if (sender) return sender;
  sender = await joinAs(t, owner, 'sender');
  const rules = await call('PATCH', '/api/v1/approval-rules', owner.accessToken, { every_sender_order: true });
  expect(rules.statusCode, rules.body).toBe(200);
  return sender;
}

describe(`every event type has the shape its schema says (${TEST_DB})`, () => {
  it('lists every type, each made here or in a named test', () => {
    expect(Object.keys(PRODUCED).sort()).toEqual([...EVENT_TYPES].sort());
  });

  const made = EVENT_TYPES.filter((type) => typeof PRODUCED[type] === 'function');
  it.each(made)('%s: made through the API, listed, parsed with its schema, stored as documented', async (type) => {
    await (PRODUCED[type] as () => Promise<unknown>)();
    const events = await parsedEventsOf(t, owner.accessToken, type);
    expect(events.every((e) => e.type === type)).toBe(true);
  });

  it('a partly delivered order’s order.completed carries its reason; a sandbox top-up names no source', async () => {
    const completed = await eventually(async () =>
      (await parsedEventsOf(t, owner.accessToken, 'order.completed')).find((e) => e.data.order.failed_count > 0),
    );
    expect(completed.data.reason).toEqual(expect.any(String));
    const [funded] = await parsedEventsOf(t, owner.accessToken, 'balance.funded');
    expect(funded?.data).not.toHaveProperty('source');
  });

  it('a batch’s order.created and balance.low, written by its own statements, have the same shapes', async () => {
    const created = await parsedEventsOf(t, owner.accessToken, 'order.created');
    expect(created.filter((e) => e.data.order.recipient_email === batchRecipient)).toHaveLength(1);
    // One crossing by a single order, one by the batch's hold.
    expect(await parsedEventsOf(t, owner.accessToken, 'balance.low')).toHaveLength(2);
  });
});

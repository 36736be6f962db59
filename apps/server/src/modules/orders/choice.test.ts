import { randomUUID } from 'node:crypto';
import { CHOICE_PRODUCT_CODE } from '@giftrelay/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type SignedUpUser, signUpVerifiedUser } from '../../../test/factories';
import { parsedEventsOf } from '../../../test/factories/events';
import {
  balanceOf,
  claimTokensOf,
  postOrder,
  recipient,
  sandboxOf,
  settledOrder,
} from '../../../test/factories/orders';
import { createTestApp, eventually, TEST_DB, type TestApp } from '../../../test/helpers';
import { replayBalance } from '../ledger/repository';

/**
 * Recipient's choice (issue 32, decision 080) on the money path, through HTTP into the database:
 * the total held at send and nothing asked of the provider; the pick on the claim page issues the
 * card through fulfilment and captures the hold (charged = issued); a product out of stock at the
 * pick goes back to the recipient; a double pick settles one way; bad input writes nothing.
 */
let t: TestApp;
let owner: SignedUpUser;
/** US dollar range products that take 25. */
let codes: string[];
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpVerifiedUser(t);
  const usd = (await t.app.inject({ url: '/api/v1/products?currency=USD&country=US&limit=100' })).json().products as {
    code: string;
    minValue: number;
    maxValue: number;
    denominations: number[] | null;
  }[];
  codes = usd.filter((p) => !p.denominations && p.minValue <= 25 && p.maxValue >= 100).map((p) => p.code);
});
afterAll(() => t.close());

const choiceOrder = (token: string, choice: object, extra: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: bearer(token),
    payload: { choice, currency: 'USD', amount: 25, email: recipient(), ...extra },
  });
const pick = (token: string, product_code: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1/claims/${token}/choice`, payload: { product_code } });
const options = (token: string) => t.app.inject({ url: `/api/v1/claims/${token}/choice` });
const detail = async (orderId: string, token = owner.accessToken) =>
  (await t.app.inject({ url: `/api/v1/orders/${orderId}`, headers: bearer(token) })).json();

/** A choice order placed and its claim link out (the invitation queued): its token. */
async function awaitingChoice(choice: object = { product_codes: codes.slice(0, 3) }, user = owner) {
  const res = await choiceOrder(user.accessToken, choice);
  expect(res.statusCode, res.body).toBe(201);
  const orderId = res.json().order_id as string;
  await eventually(async () =>
    (await detail(orderId, user.accessToken)).history.some((h: { type: string }) => h.type === 'choice.invited'),
  );
  const [token] = await claimTokensOf(t, orderId);
  return { orderId, token: token as string, order: res.json() };
}

async function ledgerMatches(user: SignedUpUser) {
  const replayed = await replayBalance(t.database.db, user.organisationId, 'USD');
  const balance = await balanceOf(t, user.accessToken);
  expect(replayed.availableMinor).toBe(Math.round(balance.available * 100));
  expect(replayed.heldMinor).toBe(Math.round(balance.held * 100));
}

describe(`Recipient's choice (${TEST_DB})`, () => {
  it('holds the total at send, asks the provider nothing until the pick, then issues the chosen card and captures the hold', async () => {
    const before = await balanceOf(t, owner.accessToken);
    const issuedBefore = await sandboxOf(t).issuedCount();
    const { orderId, token, order } = await awaitingChoice();
    expect(order).toMatchObject({
      status: 'pending',
      product_code: CHOICE_PRODUCT_CODE,
      currency: 'USD',
      amount: 25,
      quantity: 1,
      choice: { choice_set_id: null, product_codes: codes.slice(0, 3), chosen_product_code: null },
    });
    const held = await balanceOf(t, owner.accessToken);
    expect(held.held - before.held).toBeCloseTo(order.charged.total, 2);
    expect(await sandboxOf(t).issuedCount()).toBe(issuedBefore);
    expect((await detail(orderId)).rewards[0]).toMatchObject({ status: 'awaiting_choice', chosen_product_code: null });

    const claim = await t.app.inject({ url: `/api/v1/claims/${token}` });
    expect(claim.json()).toMatchObject({ status: 'awaiting_choice', code: null });
    // Its claim link may be sent again while it waits for the pick.
    const resent = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${orderId}/resend`,
      headers: bearer(owner.accessToken),
      payload: {},
    });
    expect(resent.statusCode, resent.body).toBe(200);
    const listed = await options(token);
    expect(listed.json()).toMatchObject({ status: 'awaiting_choice', amount: 25, currency: 'USD', problem: null });
    expect(listed.json().options.map((o: { code: string }) => o.code)).toEqual(codes.slice(0, 3));

    const chosen = codes[1] as string;
    const picked = await pick(token, chosen);
    expect(picked.statusCode, picked.body).toBe(200);
    const done = await settledOrder(t, owner.accessToken, orderId);
    expect(done).toMatchObject({
      status: 'completed',
      product_code: chosen,
      issued_count: 1,
      choice: { chosen_product_code: chosen },
      charged: { released: 0 },
    });
    expect(done.brand).not.toBe('Recipient’s choice');
    // Top Brands counts the chosen brand (the rollups follow the order to it).
    const brands = await eventually(async () => {
      const d = (await t.app.inject({ url: '/api/v1/dashboard/charts', headers: bearer(owner.accessToken) })).json();
      const names = (d.top_brands ?? []).map((b: { brand: string }) => b.brand) as string[];
      return names.includes(done.brand) ? names : undefined;
    });
    expect(brands).not.toContain('Recipient’s choice');
    expect(await sandboxOf(t).issuedCount(chosen)).toBeGreaterThanOrEqual(1);
    const code = (await t.app.inject({ url: `/api/v1/claims/${token}` })).json();
    expect(code).toMatchObject({ status: 'issued', product_name: done.product_name });
    expect(code.code).toEqual(expect.any(String));
    // Charged = issued: the hold captured, the balance back to what it was less the total.
    const after = await balanceOf(t, owner.accessToken);
    expect(after.held).toBeCloseTo(before.held, 2);
    expect(before.available - after.available).toBeCloseTo(done.charged.total, 2);
    await ledgerMatches(owner);

    // The same pick again answers the same; another is refused.
    expect((await pick(token, chosen)).json()).toMatchObject({ status: 'issued', chosen_product_code: chosen });
    const other = await pick(token, codes[0] as string);
    expect([other.statusCode, other.json().code]).toEqual([409, 'CHOICE_ALREADY_MADE']);

    const [event] = (await parsedEventsOf(t, owner.accessToken, 'reward.choice_made')).filter(
      (e) => e.data.order_id === orderId,
    );
    expect(event?.data).toMatchObject({ product_code: chosen, choice_set_id: null, position: 1 });
  });

  it('shows a product the provider ran out of as unavailable, and lets the recipient pick another', async () => {
    const { orderId, token } = await awaitingChoice();
    const gone = codes[0] as string;
    await sandboxOf(t).injectFailures({ kind: 'out_of_stock', productCode: gone });
    const refused = await pick(token, gone);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'CHOICE_OUT_OF_STOCK']);
    const listed = (await options(token)).json();
    expect(listed).toMatchObject({ status: 'awaiting_choice', problem: 'out_of_stock', chosen_product_code: null });
    expect(listed.options.find((o: { code: string }) => o.code === gone).available).toBe(false);
    const again = await pick(token, gone);
    expect(again.json().code).toBe('CHOICE_OUT_OF_STOCK');
    // The order still holds its total and waits; another pick issues its card.
    expect((await detail(orderId)).status).toBe('pending');
    expect((await pick(token, codes[2] as string)).statusCode).toBe(200);
    expect(await settledOrder(t, owner.accessToken, orderId)).toMatchObject({
      status: 'completed',
      product_code: codes[2],
    });
    await ledgerMatches(owner);
  });

  it('tells the recipient to try again later when the provider refuses, and keeps the value', async () => {
    const { orderId, token } = await awaitingChoice();
    await sandboxOf(t).injectFailures({ kind: 'declined', productCode: codes[1] });
    const refused = await pick(token, codes[1] as string);
    expect([refused.statusCode, refused.json().code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
    // A 503 is logged as an error: this one was expected.
    expect(t.loggedErrors.join('\n')).toContain('try again later');
    t.loggedErrors.length = 0;
    expect((await options(token)).json()).toMatchObject({ status: 'awaiting_choice', problem: 'try_again_later' });
    expect((await detail(orderId)).status).toBe('pending');
    expect((await pick(token, codes[1] as string)).statusCode).toBe(200);
    expect((await settledOrder(t, owner.accessToken, orderId)).status).toBe('completed');
  });

  it('places a choice from a saved set, a rule resolved at the order’s value', async () => {
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/v1/choice-sets',
      headers: bearer(owner.accessToken),
      payload: { name: 'US cards', rule: { country: 'US', currency: 'USD' } },
    });
    const { order } = await awaitingChoice({ choice_set_id: set.json().choice_set.id });
    expect(order.choice).toMatchObject({ choice_set_id: set.json().choice_set.id, choice_set_name: 'US cards' });
    expect(order.choice.product_codes).toEqual(expect.arrayContaining(codes.slice(0, 3)));
  });

  it('sends choice rows of a bulk batch: a set and a currency per row, or the batch’s default set', async () => {
    const make = async (token: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/choice-sets',
          headers: bearer(token),
          payload: { name: 'Bulk', product_codes: codes.slice(0, 2) },
        })
      ).json().choice_set.id as string;
    const mine = await make(owner.accessToken);
    const theirs = await make((await signUpVerifiedUser(t)).accessToken);
    const batch = await t.app.inject({
      method: 'POST',
      url: '/api/v1/batches',
      headers: { ...bearer(owner.accessToken), 'idempotency-key': randomUUID() },
      payload: {
        mode: 'send_what_fits',
        default_choice_set_id: mine,
        rows: [
          { email: recipient(), amount: 25, choice_set: mine, currency: 'usd' },
          { email: recipient(), amount: 25, currency: 'USD' },
          { email: recipient(), amount: 25, choice_set: theirs, currency: 'USD' },
          { email: recipient(), amount: 25, choice_set: mine },
          { email: recipient(), amount: 25, choice_set: mine, currency: 'USD', quantity: 2 },
        ],
      },
    });
    expect(batch.statusCode, batch.body).toBe(202);
    const rows = await eventually(async () => {
      const res = await t.app.inject({
        url: `/api/v1/batches/${batch.json().batch_id}/rows`,
        headers: bearer(owner.accessToken),
      });
      const data = res.json().data as { status: string; order_id: string | null; errors: { code: string }[] }[];
      return data.every((r) => r.status !== 'queued') ? data : undefined;
    });
    expect(rows.map((r) => [r.status, r.errors.map((e) => e.code)])).toEqual([
      ['ordered', []],
      ['ordered', []],
      ['invalid', ['UNKNOWN_CHOICE_SET']],
      ['invalid', ['MISSING_FIELD']],
      ['invalid', ['INVALID_QUANTITY']],
    ]);
    const order = await detail(rows[1]?.order_id as string);
    expect(order).toMatchObject({
      status: 'pending',
      choice: { choice_set_id: mine, product_codes: codes.slice(0, 2) },
    });
    expect(order.rewards[0].status).toBe('awaiting_choice');
    const foreignDefault = await t.app.inject({
      method: 'POST',
      url: '/api/v1/batches',
      headers: { ...bearer(owner.accessToken), 'idempotency-key': randomUUID() },
      payload: { default_choice_set_id: theirs, rows: [{ email: recipient(), amount: 25, currency: 'USD' }] },
    });
    expect([foreignDefault.statusCode, foreignDefault.json().code]).toEqual([404, 'CHOICE_SET_NOT_FOUND']);
  });

  it('refuses bad choices, foreign sets and forged links with a clear code, and writes nothing', async () => {
    const other = await signUpVerifiedUser(t);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/v1/choice-sets',
      headers: bearer(other.accessToken),
      payload: { name: 'Theirs', product_codes: codes.slice(0, 2) },
    });
    const gbpSet = await t.app.inject({
      method: 'POST',
      url: '/api/v1/choice-sets',
      headers: bearer(owner.accessToken),
      payload: { name: 'Pounds', rule: { currency: 'GBP' } },
    });
    const gbp = (await t.app.inject({ url: '/api/v1/products?currency=GBP&limit=1' })).json().products[0].code;
    const orders = async () =>
      (await t.app.inject({ url: '/api/v1/orders?limit=100', headers: bearer(owner.accessToken) })).json().data.length;
    const before = { orders: await orders(), balance: await balanceOf(t, owner.accessToken) };
    const cases: [object, string, string][] = [
      [
        { product_code: codes[0], choice: { product_codes: [codes[0]] }, currency: 'USD' },
        'VALIDATION_ERROR',
        'body.choice',
      ],
      [{ choice: { product_codes: [codes[0]] } }, 'VALIDATION_ERROR', 'body.currency'],
      [{ choice: { product_codes: [codes[0]] }, currency: 'USD', quantity: 2 }, 'VALIDATION_ERROR', 'body.quantity'],
      [{ choice: { product_codes: [] }, currency: 'USD' }, 'VALIDATION_ERROR', 'body.choice'],
      [
        { choice: { product_codes: [codes[0]], choice_set_id: randomUUID() }, currency: 'USD' },
        'VALIDATION_ERROR',
        'body.choice',
      ],
      [
        { choice: { product_codes: [codes[0], 'NOPE-XX'] }, currency: 'USD' },
        'INVALID_PRODUCT',
        'body.choice.product_codes.1',
      ],
      [{ choice: { product_codes: [gbp] }, currency: 'USD' }, 'INVALID_PRODUCT', 'body.choice.product_codes.0'],
      [
        { choice: { product_codes: [codes[0]] }, currency: 'USD', amount: 100_000 },
        'INVALID_PRODUCT',
        'body.choice.product_codes.0',
      ],
      [{ choice: { choice_set_id: foreign.json().choice_set.id }, currency: 'USD' }, 'CHOICE_SET_NOT_FOUND', ''],
      [
        { choice: { choice_set_id: gbpSet.json().choice_set.id }, currency: 'USD' },
        'CHOICE_EMPTY',
        'body.choice.choice_set_id',
      ],
      [{ choice: { product_codes: ['A\u0000'] }, currency: 'USD' }, 'VALIDATION_ERROR', 'body.choice'],
      [{ choice: { product_codes: [codes[0]] }, currency: 'XXQ' }, 'VALIDATION_ERROR', 'body.currency'],
      [{ choice: 'AMAZON-US', currency: 'USD' }, 'VALIDATION_ERROR', 'body.choice'],
    ];
    for (const [payload, code, path] of cases) {
      const res = await postOrder(t, owner.accessToken, { amount: 25, email: recipient(), ...payload } as never);
      expect(res.json().code, `${JSON.stringify(payload)}: ${res.body}`).toBe(code);
      expect(res.statusCode).toBeLessThan(500);
      if (path)
        expect(
          res
            .json()
            .details.map((d: { path: string }) => d.path)
            .join(' '),
        ).toContain(path);
    }
    expect(await orders()).toBe(before.orders);
    expect((await balanceOf(t, owner.accessToken)).held).toBe(before.balance.held);

    // A forged link is a 404; a pick outside the options a 400; a fixed reward has no choice.
    expect((await pick('x'.repeat(43), codes[0] as string)).statusCode).toBe(404);
    expect((await options('not a token')).statusCode).toBe(404);
    const { token } = await awaitingChoice();
    const outside = await pick(token, 'NOPE-XX');
    expect([outside.statusCode, outside.json().code]).toEqual([400, 'INVALID_PRODUCT']);
    expect((await pick(token, 'x'.repeat(101))).statusCode).toBe(400);
    const fixed = await postOrder(t, owner.accessToken, {
      product_code: codes[0],
      amount: 25,
      email: recipient(),
      quantity: 1,
    });
    const [fixedToken] = await claimTokensOf(t, fixed.json().order_id);
    expect((await pick(fixedToken as string, codes[0] as string)).statusCode).toBe(404);
  });

  // The void tests' own organisation: its balance moves by their orders only.
  let sender: SignedUpUser;
  const voidOf = (orderId: string, key: string = randomUUID(), payload: object = { note: 'Wrong team' }) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${orderId}/void`,
      headers: { ...bearer(sender.accessToken), 'idempotency-key': key },
      payload,
    });

  it('voids a choice reward before the pick: the hold back exactly, the void’s events, the claim page voided', async () => {
    sender = await signUpVerifiedUser(t);
    const before = await balanceOf(t, sender.accessToken);
    const issuedBefore = await sandboxOf(t).issuedCount();
    const { orderId, token, order } = await awaitingChoice(undefined, sender);
    const key = randomUUID();
    const res = await voidOf(orderId, key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      order_id: orderId,
      order_status: 'cancelled',
      refunded: order.charged.total,
      rewards: [{ position: 1, state: 'refunded', refund: order.charged.total, note: 'Wrong team' }],
    });
    // The same key replays the answer; another void finds nothing left.
    expect((await voidOf(orderId, key)).body).toBe(res.body);
    const again = await voidOf(orderId);
    expect([again.statusCode, again.json().code]).toEqual([409, 'CONFLICT']);
    // Nothing issued, nothing charged: the balance is what it was, the ledger agrees.
    const after = await balanceOf(t, sender.accessToken);
    expect([after.available, after.held]).toEqual([before.available, before.held]);
    expect(await sandboxOf(t).issuedCount()).toBe(issuedBefore);
    await ledgerMatches(sender);
    const d = await detail(orderId, sender.accessToken);
    expect(d).toMatchObject({ status: 'cancelled', charged: { released: order.charged.total } });
    expect(d.rewards[0].void).toMatchObject({ state: 'refunded', note: 'Wrong team' });
    expect(d.history.map((h: { type: string }) => h.type)).toEqual(
      expect.arrayContaining(['order.void_requested', 'reward.voided']),
    );
    const [event] = (await parsedEventsOf(t, sender.accessToken, 'reward.voided')).filter(
      (e) => e.data.order_id === orderId,
    );
    expect(event?.data).toMatchObject({ refunded: true, refund_minor: Math.round(order.charged.total * 100) });
    // The recipient sees the neutral voided state, and can no longer pick.
    expect((await t.app.inject({ url: `/api/v1/claims/${token}` })).json()).toMatchObject({
      status: 'voided',
      code: null,
    });
    expect((await options(token)).json()).toMatchObject({ status: 'voided', chosen_product_code: null });
    const late = await pick(token, codes[0] as string);
    expect([late.statusCode, late.json().code]).toEqual([409, 'CHOICE_CLOSED']);
    expect(await sandboxOf(t).issuedCount()).toBe(issuedBefore);
  });

  it.runIf(TEST_DB === 'postgres')('settles a void racing a pick one way: exactly one wins, money exact', async () => {
    sender = await signUpVerifiedUser(t);
    for (let round = 0; round < 4; round++) {
      const { orderId, token, order } = await awaitingChoice(undefined, sender);
      const before = await balanceOf(t, sender.accessToken);
      const [voided, picked] = await Promise.all([voidOf(orderId), pick(token, codes[round % 2] as string)]);
      const done = await settledOrder(t, sender.accessToken, orderId);
      if (voided.statusCode === 200) {
        // The void won: the pick is closed, the hold released in full, no card.
        expect([picked.statusCode, picked.json().code]).toEqual([409, 'CHOICE_CLOSED']);
        expect(done).toMatchObject({ status: 'cancelled', issued_count: 0 });
        const after = await balanceOf(t, sender.accessToken);
        expect(after.available - before.available).toBeCloseTo(order.charged.total, 2);
      } else {
        // The pick won: the void says the card is on its way, and the card is issued and charged.
        expect([voided.statusCode, voided.json().code, picked.statusCode]).toEqual([409, 'CONFLICT', 200]);
        expect(done).toMatchObject({ status: 'completed', issued_count: 1, product_code: codes[round % 2] });
        const after = await balanceOf(t, sender.accessToken);
        expect(after.available).toBeCloseTo(before.available, 2);
      }
      expect((await balanceOf(t, sender.accessToken)).held).toBeCloseTo(before.held - order.charged.total, 2);
    }
    await ledgerMatches(sender);
  });

  it.runIf(TEST_DB === 'postgres')('settles two picks racing one way: one card, one capture', async () => {
    const { orderId, token } = await awaitingChoice();
    const answers = await Promise.all([
      pick(token, codes[0] as string),
      pick(token, codes[1] as string),
      pick(token, codes[0] as string),
      pick(token, codes[1] as string),
    ]);
    const done = await settledOrder(t, owner.accessToken, orderId);
    expect(done).toMatchObject({ status: 'completed', issued_count: 1 });
    for (const a of answers) {
      if (a.statusCode === 200) expect(a.json().chosen_product_code).toBe(done.product_code);
      else expect([a.statusCode, a.json().code]).toEqual([409, 'CHOICE_ALREADY_MADE']);
    }
    const made = (await parsedEventsOf(t, owner.accessToken, 'reward.choice_made')).filter(
      (e) => e.data.order_id === orderId,
    );
    expect(made).toHaveLength(1);
    await ledgerMatches(owner);
  });
});

import { cardLabel, SANDBOX_REWARD_NOTICE } from '@giftrelay/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type SignedUpUser, signUpVerifiedUser, waitForEmail } from '../../../test/factories';
import {
  balanceOf,
  countRows,
  type ProductPick,
  pickProduct,
  postOrder,
  recipient,
  sandboxOf,
  settledOrder,
} from '../../../test/factories/orders';
import { createTestApp, eventually, TEST_DB, type TestApp } from '../../../test/helpers';
import { replayBalance } from '../ledger/repository';
import { EMAIL_FALLBACK_QUEUE } from './recipient-email';

// Over 250 lines on purpose: every use case's tests share this one app (and its catalogue), as one
// more file would start one more app and pay its boot in the suite's time budget (decision 019).
let t: TestApp;
let range: ProductPick;
let fixed: ProductPick;
beforeAll(async () => {
  t = await createTestApp({ env: { FULFILMENT_MAX_ATTEMPTS: '3', FULFILMENT_RETRY_DELAY_SECONDS: '1' } });
  range = await pickProduct(t);
  fixed = await pickProduct(t, { fixed: true });
});
afterAll(() => t.close());

const amountIn = (p: ProductPick) => p.denominations?.[0] ?? Math.min(Math.max(25, p.minValue), p.maxValue);

describe(`POST /api/v1/orders (${TEST_DB})`, () => {
  let user: SignedUpUser;
  beforeAll(async () => {
    user = await signUpVerifiedUser(t);
  });

  it('a new sandbox organisation starts with 5,000.00 USD', async () => {
    expect(await balanceOf(t, user.accessToken)).toEqual({
      success: true,
      currency: 'USD',
      available: 5000,
      held: 0,
      available_minor: 500_000,
      held_minor: 0,
      sandbox: true,
      // The tests' configuration has no daily cap of outside recipients (test/helpers.ts).
      sandbox_limits: { max_balance: 100_000, outside_recipients_per_day: null, outside_recipients_today: 0 },
    });
  });

  it('builds every order from the organisation as it is now, though the process remembers it between orders', async () => {
    // Decision 093: no read before the statement; the statement checks the state the order was built
    // from. Changed behind the process's back (as another process would), the next order sees it.
    const owner = await signUpVerifiedUser(t);
    const place = () =>
      postOrder(t, owner.accessToken, { product_code: range.code, amount: 25, email: recipient(), quantity: 1 });
    const order = async () => {
      const res = await place();
      expect(res.statusCode, res.body).toBe(201);
      const detail = await t.app.inject({
        url: `/api/v1/orders/${res.json().order_id}`,
        headers: bearer(owner.accessToken),
      });
      return detail.json() as { message: string | null; expires_at: string | null };
    };
    expect((await order()).message).toBeNull();
    const change = (set: string, value: unknown) =>
      sql`UPDATE organisations SET ${sql.raw(set)} = ${value} WHERE id = ${owner.organisationId}`.execute(
        t.database.db,
      );
    await change('default_message', 'Thanks from elsewhere');
    expect((await order()).message).toBe('Thanks from elsewhere');
    await change('reward_expiry_days', 30);
    expect((await order()).expires_at).not.toBeNull();
    // A shortfall freezes sending (decision 046); paid, sending resumes at the next order.
    const freeze = (frozen: boolean) =>
      sql`UPDATE organisations SET funding_shortfall_minor = ${frozen ? 100 : 0},
            sending_frozen_at = ${frozen ? new Date() : null} WHERE id = ${owner.organisationId}`.execute(
        t.database.db,
      );
    await freeze(true);
    const frozen = await place();
    expect(frozen.statusCode, frozen.body).toBe(402);
    expect(frozen.json().code).toBe('SENDING_FROZEN');
    await freeze(false);
    expect((await order()).message).toBe('Thanks from elsewhere');
  });

  it('sends a reward: 201 with the sums, the hold, fulfilment, the recipient email and a claim link with the code', async () => {
    const to = recipient();
    const res = await postOrder(t, user.accessToken, {
      product_code: range.code,
      amount: 25,
      email: to,
      quantity: 1,
      message: 'Thanks for <b>everything</b>!',
      recipient_name: 'Pat <Lee>',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      status: 'pending',
      delivery_method: 'email',
      product_code: range.code,
      currency: 'USD',
      amount: 25,
      quantity: 1,
      subtotal: 25,
      fee: 0.63,
      total: 25.63,
      charged: { currency: 'USD', rate: '1', subtotal: 25, fee: 0.63, total: 25.63 },
      recipient_email: to,
    });
    // The hold left `available` at once; `held` is 25.63 until fulfilment captures it (maybe already).
    const during = await balanceOf(t, user.accessToken);
    expect(during.available).toBe(4974.37);
    expect([25.63, 0]).toContain(during.held);

    const order = await settledOrder(t, user.accessToken, body.order_id);
    expect(order.status).toBe('completed');
    expect(order.rewards).toHaveLength(1);
    expect(order.rewards[0]).toMatchObject({
      status: 'issued',
      code_masked: expect.stringMatching(/^•••• [A-Za-z0-9]{4}$/),
    });
    expect(order.history.map((h: { type: string }) => h.type)).toEqual([
      'order.created',
      'order.completed',
      'email.queued',
    ]);
    expect(await balanceOf(t, user.accessToken)).toMatchObject({ available: 4974.37, held: 0 });

    const email = await waitForEmail(t, to);
    // Article, formatted amount, the card's name; tagged and said plainly: a sandbox card has no value.
    expect(email.subject).toBe(`[Sandbox] Example sent you a $25.00 ${cardLabel(range.name, range.name)}`);
    expect(email.text).toContain(SANDBOX_REWARD_NOTICE);
    expect(email.html).toContain(SANDBOX_REWARD_NOTICE);
    expect(email.html).toContain('Hi Pat &lt;Lee&gt;,');
    expect(email.html).toContain('Claim your reward');
    expect(email.html).toContain('Thanks for &lt;b&gt;everything&lt;/b&gt;!');
    const link = /\/claim\/([A-Za-z0-9_-]{43})/.exec(email.text)?.[1];
    expect(link).toBeDefined();

    const claim = await t.app.inject({ url: `/api/v1/claims/${link}` });
    expect(claim.statusCode).toBe(200);
    expect(claim.headers['cache-control']).toBe('no-store');
    expect(claim.headers['x-robots-tag']).toBe('noindex, nofollow');
    const c = claim.json();
    expect(c).toMatchObject({
      success: true,
      status: 'issued',
      amount: 25,
      currency: 'USD',
      message: 'Thanks for <b>everything</b>!',
      sender: 'Example',
      sandbox: true,
    });
    expect(c.code).toMatch(/\w{4}/);
    expect(c.code.replace(/[^A-Za-z0-9]/g, '').slice(-4)).toBe(order.rewards[0].code_masked.slice(-4));
    // The code is stored encrypted, never in the clear.
    const stored = await t.database.db
      .selectFrom('rewards')
      .select('code_encrypted')
      .where('order_id', '=', body.order_id)
      .executeTakeFirstOrThrow();
    expect(stored.code_encrypted).not.toContain(c.code);

    const after = await t.app.inject({ url: `/api/v1/orders/${body.order_id}`, headers: bearer(user.accessToken) });
    expect(after.json().rewards[0].claim.open_count).toBe(1);
    expect(after.json().rewards[0].claim.first_opened_at).not.toBeNull();
  });

  it('the recipient email goes out right after completion; its fallback job, if it runs, sends the same email once', async () => {
    const to = recipient();
    const res = await postOrder(t, user.accessToken, { product_code: range.code, amount: 25, email: to, quantity: 1 });
    expect(res.statusCode).toBe(201);
    const first = await waitForEmail(t, to);
    // Sent directly: the fallback written with the completion is discarded, so none is left to run.
    await eventually(async () => {
      const left = await sql<{ n: string }>`
        SELECT count(*) AS n FROM pgboss.job WHERE name = ${EMAIL_FALLBACK_QUEUE} AND data->>'orderId' = ${res.json().order_id}
      `.execute(t.database.db);
      return Number(left.rows[0]?.n) === 0 ? true : undefined;
    });
    // A fallback that runs anyway (its worker died after sending) sends the same email, under the
    // same Message-ID, which the mailbox keeps once.
    const row = await t.database.db
      .selectFrom('mailbox_messages')
      .select(['message_id', 'subject', 'text_body'])
      .where('to_address', '=', to)
      .executeTakeFirstOrThrow();
    const boss = t.app.queue.boss;
    const repeat = await boss.send(EMAIL_FALLBACK_QUEUE, {
      orderId: res.json().order_id,
      to,
      messageId: row.message_id,
    });
    await eventually(async () =>
      (await boss.getJobById(EMAIL_FALLBACK_QUEUE, repeat as string))?.state === 'completed' ? true : undefined,
    );
    const copiesTo = async (address: string) =>
      Number(
        (
          await t.database.db
            .selectFrom('mailbox_messages')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('to_address', '=', address)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await copiesTo(to)).toBe(1);
    // Under a new Message-ID it is the same email again (a resend to the same address).
    await boss.send(EMAIL_FALLBACK_QUEUE, { orderId: res.json().order_id, to, messageId: `<again-${to}>` });
    await eventually(async () => ((await copiesTo(to)) === 2 ? true : undefined));
    const again = await t.database.db
      .selectFrom('mailbox_messages')
      .select(['subject', 'text_body'])
      .where('message_id', '=', `<again-${to}>`)
      .executeTakeFirstOrThrow();
    expect(again.subject).toBe(first.subject);
    expect(again.text_body).toBe(row.text_body);
    // A job for an address that is not the order's (it moved since) sends nothing (decision 062).
    const other = recipient();
    const stale = await boss.send(EMAIL_FALLBACK_QUEUE, {
      orderId: res.json().order_id,
      to: other,
      messageId: `<${other}>`,
    });
    await eventually(async () =>
      (await boss.getJobById(EMAIL_FALLBACK_QUEUE, stale as string))?.state === 'completed' ? true : undefined,
    );
    expect(await copiesTo(other)).toBe(0);
  });

  it('an order of quantity N issues N rewards to one recipient, one email with N claim links', async () => {
    const to = recipient();
    const res = await postOrder(t, user.accessToken, {
      product_code: fixed.code,
      amount: amountIn(fixed),
      email: to,
      quantity: 3,
    });
    expect(res.statusCode).toBe(201);
    const order = await settledOrder(t, user.accessToken, res.json().order_id);
    expect(order.status).toBe('completed');
    expect(order.rewards.map((r: { status: string }) => r.status)).toEqual(['issued', 'issued', 'issued']);
    const email = await waitForEmail(t, to);
    const links = new Set(email.text.match(/\/claim\/[A-Za-z0-9_-]{43}/g));
    expect(links.size).toBe(3);
  });

  it('answers 401 UNAUTHORIZED without a valid token, and writes nothing', async () => {
    const before = await countRows(t, 'orders');
    for (const headers of [{}, { authorization: 'Bearer nope' }, { authorization: 'Basic abc' }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/orders',
        headers,
        payload: { product_code: range.code, amount: 25, email: 'a@b.co', quantity: 1 },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    }
    expect(await countRows(t, 'orders')).toBe(before);
  });

  it('a token whose session has ended gets 401 and writes nothing, whatever the order or its key', async () => {
    const leaving = await signUpVerifiedUser(t);
    const body = { product_code: range.code, amount: 25, email: recipient(), quantity: 1 };
    const first = await postOrder(t, leaving.accessToken, body, 'before-logout');
    expect(first.statusCode).toBe(201);
    await settledOrder(t, leaving.accessToken, first.json().order_id);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: bearer(leaving.accessToken),
    });
    expect(logout.statusCode).toBeLessThan(300);
    const before = {
      orders: await countRows(t, 'orders', leaving.organisationId),
      entries: await countRows(t, 'ledger_entries', leaving.organisationId),
    };
    for (const [payload, key] of [
      [body, undefined], // a new order
      [body, 'after-logout'], // a new order with a key
      [body, 'before-logout'], // a replay of the answer given before
      [{ ...body, amount: 26 }, 'before-logout'], // the key with another body
      [{ ...body, product_code: 'NO-SUCH-CARD' }, 'refused-after-logout'], // a refusal that would be stored
    ] as const) {
      const res = await postOrder(t, leaving.accessToken, payload, key);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED', error: 'Session has ended' });
    }
    expect(await countRows(t, 'orders', leaving.organisationId)).toBe(before.orders);
    expect(await countRows(t, 'ledger_entries', leaving.organisationId)).toBe(before.entries);
    const keys = await t.database.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('organisation_id', '=', leaving.organisationId)
      .execute();
    expect(keys.map((k) => k.key)).toEqual(['before-logout']);
  });

  describe('bad input gets its code and writes nothing', () => {
    const cases: [string, () => Record<string, unknown> | string, number, string, RegExp?][] = [
      [
        'an unknown product',
        () => ({ product_code: 'NO-SUCH-CARD', amount: 25, email: 'a@b.co', quantity: 1 }),
        400,
        'INVALID_PRODUCT',
      ],
      [
        'a missing product code',
        () => ({ amount: 25, email: 'a@b.co', quantity: 1 }),
        400,
        'VALIDATION_ERROR',
        /product_code/,
      ],
      [
        'an amount under the minimum',
        () => ({ product_code: range.code, amount: range.minValue - 1, email: 'a@b.co', quantity: 1 }),
        400,
        'VALIDATION_ERROR',
        /amount must be between/,
      ],
      [
        'an amount over the maximum',
        () => ({ product_code: range.code, amount: range.maxValue + 1, email: 'a@b.co', quantity: 1 }),
        400,
        'VALIDATION_ERROR',
        /amount must be between/,
      ],
      [
        'a value a fixed card does not come in',
        () => ({ product_code: fixed.code, amount: amountIn(fixed) + 0.01, email: 'a@b.co', quantity: 1 }),
        400,
        'VALIDATION_ERROR',
        /comes in/,
      ],
      [
        'fractions of a cent',
        () => ({ product_code: range.code, amount: '25.005', email: 'a@b.co', quantity: 1 }),
        400,
        'VALIDATION_ERROR',
        /two decimals/,
      ],
      [
        'a negative amount',
        () => ({ product_code: range.code, amount: -5, email: 'a@b.co', quantity: 1 }),
        400,
        'VALIDATION_ERROR',
      ],
      [
        'a non-numeric amount',
        () => ({ product_code: range.code, amount: 'ten', email: 'a@b.co', quantity: 1 }),
        400,
        'VALIDATION_ERROR',
      ],
      [
        'a malformed email',
        () => ({ product_code: range.code, amount: 25, email: 'not-an-email', quantity: 1 }),
        400,
        'VALIDATION_ERROR',
        /email/,
      ],
      [
        'an over-long email',
        () => ({ product_code: range.code, amount: 25, email: `${'a'.repeat(251)}@b.co`, quantity: 1 }),
        400,
        'VALIDATION_ERROR',
        /255/,
      ],
      [
        'quantity 0',
        () => ({ product_code: range.code, amount: 25, email: 'a@b.co', quantity: 0 }),
        400,
        'VALIDATION_ERROR',
        /quantity/,
      ],
      [
        'quantity 101',
        () => ({ product_code: range.code, amount: 25, email: 'a@b.co', quantity: 101 }),
        400,
        'VALIDATION_ERROR',
        /quantity/,
      ],
      [
        'a fractional quantity',
        () => ({ product_code: range.code, amount: 25, email: 'a@b.co', quantity: 1.5 }),
        400,
        'VALIDATION_ERROR',
        /quantity/,
      ],
      ['malformed JSON', () => '{"product_code": ', 400, 'VALIDATION_ERROR'],
    ];
    it.each(cases)('%s', async (_name, body, status, code, message) => {
      const user2 = user;
      const before = {
        orders: await countRows(t, 'orders', user2.organisationId),
        available: (await balanceOf(t, user2.accessToken)).available,
      };
      const res = await postOrder(t, user2.accessToken, body());
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ success: false, code });
      if (message) expect(res.json().error).toMatch(message);
      expect(await countRows(t, 'orders', user2.organisationId)).toBe(before.orders);
      expect((await balanceOf(t, user2.accessToken)).available).toBe(before.available);
    });

    it('an over-long Idempotency-Key', async () => {
      const res = await postOrder(
        t,
        user.accessToken,
        { product_code: range.code, amount: 25, email: 'a@b.co', quantity: 1 },
        'k'.repeat(256),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.json().error).toMatch(/Idempotency-Key/);
    });
  });

  it('too little balance: 402 INSUFFICIENT_FUNDS, "Insufficient balance", nothing written', async () => {
    const poor = await signUpVerifiedUser(t);
    const before = await countRows(t, 'ledger_entries', poor.organisationId);
    const res = await postOrder(t, poor.accessToken, {
      product_code: range.code,
      amount: range.maxValue,
      email: recipient(),
      quantity: 100,
    });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({
      success: false,
      request_id: expect.any(String),
      error: 'Insufficient balance',
      code: 'INSUFFICIENT_FUNDS',
    });
    expect(await countRows(t, 'orders', poor.organisationId)).toBe(0);
    expect(await countRows(t, 'rewards', poor.organisationId)).toBe(0);
    expect(await countRows(t, 'ledger_entries', poor.organisationId)).toBe(before);
    expect(await balanceOf(t, poor.accessToken)).toMatchObject({ available: 5000, held: 0 });
  });
});

describe(`Idempotency-Key (${TEST_DB})`, () => {
  let user: SignedUpUser;
  beforeAll(async () => {
    user = await signUpVerifiedUser(t);
  });

  it('50 retries with one key: one order, one charge, identical bodies', async () => {
    const body = { product_code: range.code, amount: 10, email: recipient(), quantity: 1 };
    const first = await postOrder(t, user.accessToken, body, 'retry-key-1');
    expect(first.statusCode).toBe(201);
    for (let i = 0; i < 49; i++) {
      // The same request serialised with its keys in another order is still the same request.
      const replay = await postOrder(
        t,
        user.accessToken,
        i % 2 ? body : { quantity: 1, email: body.email, amount: 10, product_code: range.code },
        'retry-key-1',
      );
      expect(replay.statusCode).toBe(201);
      expect(replay.body).toBe(first.body);
      expect(replay.headers['idempotent-replayed']).toBe('true');
    }
    expect(await countRows(t, 'orders', user.organisationId)).toBe(1);
    expect(await balanceOf(t, user.accessToken)).toMatchObject({ available: 5000 - 10.25 });
  });

  it('20 simultaneous requests with one key: one execution', async () => {
    const before = await countRows(t, 'orders', user.organisationId);
    const body = { product_code: range.code, amount: 11, email: recipient(), quantity: 1 };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => postOrder(t, user.accessToken, body, 'burst-key')),
    );
    const created = answers.filter((a) => a.statusCode === 201);
    const busy = answers.filter((a) => a.statusCode === 409);
    expect(created.length + busy.length).toBe(20);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((a) => a.body)).size).toBe(1);
    for (const b of busy) expect(b.json().code).toBe('IDEMPOTENCY_KEY_IN_USE');
    expect(await countRows(t, 'orders', user.organisationId)).toBe(before + 1);
  });

  it('the same key with a different body: 422 IDEMPOTENCY_KEY_REUSED, nothing written', async () => {
    const first = await postOrder(
      t,
      user.accessToken,
      { product_code: range.code, amount: 12, email: recipient(), quantity: 1 },
      'reuse-key',
    );
    expect(first.statusCode).toBe(201);
    const before = {
      orders: await countRows(t, 'orders', user.organisationId),
      available: (await balanceOf(t, user.accessToken)).available,
    };
    const res = await postOrder(
      t,
      user.accessToken,
      { product_code: range.code, amount: 13, email: recipient(), quantity: 1 },
      'reuse-key',
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await countRows(t, 'orders', user.organisationId)).toBe(before.orders);
    expect((await balanceOf(t, user.accessToken)).available).toBe(before.available);
  });

  it('keys belong to one organisation: another organisation may use the same key', async () => {
    const other = await signUpVerifiedUser(t);
    const body = { product_code: range.code, amount: 14, email: recipient(), quantity: 1 };
    const a = await postOrder(t, user.accessToken, body, 'shared-key');
    const b = await postOrder(t, other.accessToken, body, 'shared-key');
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().order_id).not.toBe(b.json().order_id);
  });
});

describe(`reading orders (${TEST_DB})`, () => {
  it('lists newest first with a cursor, and hides other organisations’ orders behind a 404', async () => {
    const owner = await signUpVerifiedUser(t);
    const stranger = await signUpVerifiedUser(t);
    const ids: string[] = [];
    for (const amount of [5, 6, 7]) {
      const res = await postOrder(t, owner.accessToken, {
        product_code: range.code,
        amount: Math.max(amount, range.minValue),
        email: recipient(),
        quantity: 1,
      });
      ids.push(res.json().order_id);
    }
    const page1 = await t.app.inject({ url: '/api/v1/orders?limit=2', headers: bearer(owner.accessToken) });
    expect(page1.json().orders.map((o: { order_id: string }) => o.order_id)).toEqual([ids[2], ids[1]]);
    const cursor = page1.json().next_cursor;
    expect(cursor).toEqual(expect.any(String));
    const page2 = await t.app.inject({
      url: `/api/v1/orders?limit=2&cursor=${cursor}`,
      headers: bearer(owner.accessToken),
    });
    expect(page2.json()).toMatchObject({ next_cursor: null });
    expect(page2.json().orders.map((o: { order_id: string }) => o.order_id)).toEqual([ids[0]]);

    const theirs = await t.app.inject({ url: `/api/v1/orders/${ids[0]}`, headers: bearer(stranger.accessToken) });
    const missing = await t.app.inject({
      url: '/api/v1/orders/00000000-0000-4000-8000-000000000000',
      headers: bearer(stranger.accessToken),
    });
    expect(theirs.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    // Byte for byte the same answer, apart from each one's own request_id.
    const withoutRequestId = (body: string) => body.replace(/,"request_id":"[^"]*"/, '');
    expect(theirs.json().request_id).toEqual(expect.any(String));
    expect(missing.json().request_id).toEqual(expect.any(String));
    expect(withoutRequestId(theirs.body)).toBe(withoutRequestId(missing.body));
    const list = await t.app.inject({ url: '/api/v1/orders', headers: bearer(stranger.accessToken) });
    expect(list.json().orders).toEqual([]);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['cursor=garbage', 'cursor'],
    ['status=shipped', 'status'],
  ])('bad query %s answers 400 naming %s', async (query, field) => {
    const owner = await signUpVerifiedUser(t);
    const res = await t.app.inject({ url: `/api/v1/orders?${query}`, headers: bearer(owner.accessToken) });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(res.json().error).toContain(field);
  });

  it('an unknown or malformed claim token is a 404 like any other, not to be indexed either', async () => {
    for (const token of ['x', 'A'.repeat(43), '../../etc/passwd']) {
      const res = await t.app.inject({ url: `/api/v1/claims/${encodeURIComponent(token)}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});

describe(`provider failures (${TEST_DB})`, () => {
  it('retryable failures are retried and the order still completes', async () => {
    const user = await signUpVerifiedUser(t);
    await sandboxOf(t).injectFailures({ kind: 'timeout', times: 1, productCode: range.code });
    const res = await postOrder(t, user.accessToken, {
      product_code: range.code,
      amount: 20,
      email: recipient(),
      quantity: 1,
    });
    const order = await settledOrder(t, user.accessToken, res.json().order_id);
    expect(order.status).toBe('completed');
  });

  it('when retries run out the order fails, the hold is released in full and no email is sent', async () => {
    const user = await signUpVerifiedUser(t);
    const to = recipient();
    const failedOrders = async () =>
      (await t.app.metrics.ordersSettled.get()).values.find(
        (v) => v.labels.mode === 'sandbox' && v.labels.outcome === 'failed',
      )?.value ?? 0;
    const failedBefore = await failedOrders();
    await sandboxOf(t).injectFailures({ kind: 'provider_error', times: 10, productCode: fixed.code });
    const res = await postOrder(t, user.accessToken, {
      product_code: fixed.code,
      amount: amountIn(fixed),
      email: to,
      quantity: 2,
    });
    expect(res.statusCode).toBe(201);
    const order = await settledOrder(t, user.accessToken, res.json().order_id, 60_000);
    await sandboxOf(t).clearFailures();
    expect(order.status).toBe('failed');
    expect(order.failure_reason).toBe('The gift-card provider reported an error');
    // Each reward named as failed (decision 058): asked for before, looked up, no card at the provider.
    expect(order.history.map((h: { type: string }) => h.type)).toEqual([
      'order.created',
      'order.failed',
      'reward.failed',
      'reward.failed',
    ]);
    expect(order).toMatchObject({ issued_count: 0, failed_count: 2 });
    expect(await balanceOf(t, user.accessToken)).toMatchObject({ available: 5000, held: 0 });
    expect(await replayBalance(t.database.db, user.organisationId, 'USD')).toEqual({
      availableMinor: 500_000,
      heldMinor: 0,
      currency: 'USD',
    });
    const mails = await t.app.inject({ url: `/api/mailbox?to=${encodeURIComponent(to)}` });
    expect(mails.json().messages).toEqual([]);
    // Counted once on /metrics as a failed sandbox order (decision 072).
    expect(await failedOrders()).toBe(failedBefore + 1);
  });

  it('a refusal that cannot pass (declined) fails at once, without retrying', async () => {
    const user = await signUpVerifiedUser(t);
    await sandboxOf(t).injectFailures({ kind: 'declined', times: 1, productCode: range.code });
    const res = await postOrder(t, user.accessToken, {
      product_code: range.code,
      amount: 15,
      email: recipient(),
      quantity: 1,
    });
    const order = await settledOrder(t, user.accessToken, res.json().order_id);
    expect(order.status).toBe('failed');
    expect(order.failure_reason).toBe('The gift-card provider declined the order');
    const { rows } = await sql<{
      attempts: number;
    }>`SELECT attempts FROM rewards WHERE order_id = ${res.json().order_id}`.execute(t.database.db);
    expect(rows[0]?.attempts).toBe(1);
  });
});

describe.runIf(TEST_DB === 'postgres')('overspend race (PostgreSQL)', () => {
  it('funds for exactly 100 orders, 200 concurrent orders: 100 succeed, 100 INSUFFICIENT_FUNDS, balance 0, journal balances, 100 codes', async () => {
    const user = await signUpVerifiedUser(t);
    // 48.78 + fee 1.22 = 50.00; 100 of them are the starting 5,000.00.
    const codesBefore = await countRows(t, 'sandbox_provider_orders');
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        postOrder(
          t,
          user.accessToken,
          { product_code: range.code, amount: 48.78, email: recipient(), quantity: 1 },
          `race-${i}`,
        ),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(100);
    expect(statuses.filter((s) => s === 402)).toHaveLength(100);
    for (const a of answers.filter((x) => x.statusCode === 402)) expect(a.json().code).toBe('INSUFFICIENT_FUNDS');
    await eventually(
      async () =>
        (await countRows(t, 'sandbox_provider_orders')) - codesBefore === 100 &&
        (await balanceOf(t, user.accessToken)).held === 0,
      60_000,
    );
    expect(await balanceOf(t, user.accessToken)).toMatchObject({ available: 0, held: 0 });
    expect(await replayBalance(t.database.db, user.organisationId, 'USD')).toEqual({
      availableMinor: 0,
      heldMinor: 0,
      currency: 'USD',
    });
    expect((await countRows(t, 'sandbox_provider_orders')) - codesBefore).toBe(100);
    // Fulfilled side by side, their completions grouped into shared statements (decision 094):
    // still one capture, one order.completed, one email.queued and one delivery per order.
    const perOrder = await sql<{ captures: number; entries: number; completed: number; queued: number }>`
      SELECT (SELECT count(DISTINCT order_id)::int FROM ledger_entries WHERE organisation_id = ${user.organisationId} AND kind = 'capture') AS captures,
             (SELECT count(*)::int FROM order_events WHERE organisation_id = ${user.organisationId} AND type = 'order.completed') AS completed,
             (SELECT count(*)::int FROM order_events WHERE organisation_id = ${user.organisationId} AND type = 'email.queued') AS queued,
             (SELECT count(*)::int FROM ledger_entries WHERE organisation_id = ${user.organisationId} AND kind = 'capture') AS entries`.execute(
      t.database.db,
    );
    expect(perOrder.rows[0]).toEqual({ captures: 100, entries: 100, completed: 100, queued: 100 });
    await eventually(
      async () =>
        (
          await sql<{
            n: number;
          }>`SELECT count(*)::int AS n FROM events WHERE organisation_id = ${user.organisationId} AND type = 'reward.delivered'`.execute(
            t.database.db,
          )
        ).rows[0]?.n === 100,
      30_000,
    );
  }, 120_000);
});

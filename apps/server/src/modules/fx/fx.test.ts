import { convertMinor, parseAmount, processingFee } from '@giftrelay/money';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUpVerifiedUser } from '../../../test/factories';
import { balanceOf, pickProduct, postOrder, recipient } from '../../../test/factories/orders';
import { createTestApp, TEST_DB, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rates = (query: string) => t.app.inject({ url: `/api/v1/fx/rates?${query}` });

describe(`GET /api/v1/fx/rates (${TEST_DB})`, () => {
  it('gives the rate to the billing currency without signing in, in any letter case', async () => {
    const res = await rates('from=gbp&to=USD');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, from: 'GBP', to: 'USD', rate: '1.2700', source: 'sandbox-reference' });
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect((await rates('from=USD&to=USD')).json()).toMatchObject({ rate: '1', source: 'identity' });
  });

  it('is the rate an order is charged at: the preview from it equals the order’s charge', async () => {
    const user = await signUpVerifiedUser(t);
    const product = await pickProduct(t, { country: 'UK', currency: 'GBP' });
    const amount = Math.max(product.minValue, 17.35 <= product.maxValue ? 17.35 : product.minValue);
    const { rate } = (await rates(`from=${product.currency}&to=USD`)).json() as { rate: string };
    const order = await postOrder(t, user.accessToken, {
      product_code: product.code,
      amount,
      email: recipient(),
      quantity: 3,
    });
    expect(order.statusCode).toBe(201);
    const subtotal = convertMinor((parseAmount(amount, 'GBP') ?? 0) * 3, 'GBP', 'USD', rate);
    const fee = processingFee(subtotal);
    // The order keeps the rate as a number column, so its text drops trailing zeros.
    const trimmed = (r: string) => r.replace(/\.?0+$/, '');
    expect(trimmed(order.json().charged.rate)).toBe(trimmed(rate));
    expect(order.json().charged).toEqual({
      currency: 'USD',
      rate: expect.any(String),
      subtotal: subtotal / 100,
      fee: fee / 100,
      total: (subtotal + fee) / 100,
      subtotal_minor: subtotal,
      fee_minor: fee,
      total_minor: subtotal + fee,
      // Nothing went back: every reward was issued (decision 058).
      released: 0,
      released_minor: 0,
    });
  });

  it('answers 404 NOT_FOUND for a pair it has no rate for', async () => {
    const res = await rates('from=XXX&to=USD');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      request_id: expect.any(String),
      error: 'No exchange rate from XXX to USD',
      code: 'NOT_FOUND',
    });
  });

  it.each([
    ['from=GBP', 'query.to'],
    ['from=POUNDS&to=USD', 'query.from'],
    ['from=GBP&to=U1D', 'query.to'],
  ])('answers 400 VALIDATION_ERROR for %s', async (query, path) => {
    const res = await rates(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(res.json().error).toContain(path);
  });
});

const quote = (token: string | undefined, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/fx/quotes',
    headers: { ...(token ? bearer(token) : {}), 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
const orderCount = async (organisationId: string) =>
  Number(
    (
      await sql<{
        n: string;
      }>`SELECT count(*)::text AS n FROM orders WHERE organisation_id = ${organisationId}`.execute(t.database.db)
    ).rows[0]?.n,
  );

describe(`POST /api/v1/fx/quotes and orders with quote_id (${TEST_DB})`, () => {
  it('locks the rate to the billing currency for 60 seconds', async () => {
    const user = await signUpVerifiedUser(t);
    const res = await quote(user.accessToken, { from: 'gbp' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      quote_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      from: 'GBP',
      to: 'USD',
      rate: '1.2700',
      source: 'sandbox-reference',
      created_at: expect.any(String),
      expires_at: expect.any(String),
      expires_in: 60,
    });
    expect(Date.parse(body.expires_at) - Date.parse(body.created_at)).toBe(60_000);
  });

  it('charges an order at the quoted rate even when the rate has moved since', async () => {
    const user = await signUpVerifiedUser(t);
    const product = await pickProduct(t, { country: 'UK', currency: 'GBP' });
    const q = (await quote(user.accessToken, { from: 'GBP', to: 'USD' })).json();
    // The market moves after the quote: the order must still pay the quote's rate.
    await sql`UPDATE fx_quotes SET rate = 1.3113 WHERE id = ${q.quote_id}`.execute(t.database.db);
    const amount = product.minValue;
    const res = await postOrder(t, user.accessToken, {
      product_code: product.code,
      amount,
      email: recipient(),
      quantity: 2,
      quote_id: q.quote_id,
    } as never);
    expect(res.statusCode, res.body).toBe(201);
    const subtotal = convertMinor((parseAmount(amount, 'GBP') ?? 0) * 2, 'GBP', 'USD', '1.3113');
    const fee = processingFee(subtotal);
    expect(res.json().charged).toMatchObject({ rate: '1.3113', subtotal_minor: subtotal, total_minor: subtotal + fee });
    // The same quote serves more orders while it is held (a batch's rows, a second send).
    const again = await postOrder(t, user.accessToken, {
      product_code: product.code,
      amount,
      email: recipient(),
      quantity: 1,
      quote_id: q.quote_id,
    } as never);
    expect(again.statusCode).toBe(201);
    expect(again.json().charged.rate).toBe('1.3113');
  });

  it('refuses an order on an expired quote with 409 QUOTE_EXPIRED, charging nothing; a retry replays its answer', async () => {
    const user = await signUpVerifiedUser(t);
    const product = await pickProduct(t, { country: 'UK', currency: 'GBP' });
    const q = (await quote(user.accessToken, { from: 'GBP' })).json();
    const body = {
      product_code: product.code,
      amount: product.minValue,
      email: recipient(),
      quantity: 1,
      quote_id: q.quote_id,
    };
    // A first order inside the minute, then the minute ends.
    const key = `quote-${q.quote_id}`;
    const first = await postOrder(t, user.accessToken, body as never, key);
    expect(first.statusCode).toBe(201);
    await sql`UPDATE fx_quotes SET created_at = created_at - interval '61 seconds', expires_at = expires_at - interval '61 seconds'
              WHERE id = ${q.quote_id}`.execute(t.database.db);
    const before = (await balanceOf(t, user.accessToken)).available;
    const late = await postOrder(t, user.accessToken, { ...body, email: recipient() } as never);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ success: false, code: 'QUOTE_EXPIRED' });
    expect(late.json().error).toContain('ask for a new quote');
    expect((await balanceOf(t, user.accessToken)).available).toBe(before);
    expect(await orderCount(user.organisationId)).toBe(1);
    // The retry of the order placed in time replays it; nothing more is charged.
    const retry = await postOrder(t, user.accessToken, body as never, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().order_id).toBe(first.json().order_id);
    expect((await balanceOf(t, user.accessToken)).available).toBe(before);
    expect(await orderCount(user.organisationId)).toBe(1);
  });

  it('refuses another organisation’s quote, a quote for another pair, and a made-up id with 400 on body.quote_id', async () => {
    const user = await signUpVerifiedUser(t);
    const other = await signUpVerifiedUser(t);
    const gbp = await pickProduct(t, { country: 'UK', currency: 'GBP' });
    const theirs = (await quote(other.accessToken, { from: 'GBP' })).json().quote_id;
    const eur = (await quote(user.accessToken, { from: 'EUR' })).json().quote_id;
    for (const quoteId of [theirs, eur, '00000000-0000-4000-8000-000000000000']) {
      const res = await postOrder(t, user.accessToken, {
        product_code: gbp.code,
        amount: gbp.minValue,
        email: recipient(),
        quantity: 1,
        quote_id: quoteId,
      } as never);
      expect(res.statusCode, quoteId).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'body.quote_id' }] });
    }
    expect(await orderCount(user.organisationId)).toBe(0);
    const malformed = await postOrder(t, user.accessToken, {
      product_code: gbp.code,
      amount: gbp.minValue,
      email: recipient(),
      quantity: 1,
      quote_id: 'not-a-uuid\u0000',
    } as never);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toContain('quote_id');
  });

  it.each([
    ['no currency', {}, 400, 'VALIDATION_ERROR'],
    ['a currency that is not a code', { from: 'POUNDS' }, 400, 'VALIDATION_ERROR'],
    ['a number', { from: 12 }, 400, 'VALIDATION_ERROR'],
    ['a control character', { from: 'GB\u0000' }, 400, 'VALIDATION_ERROR'],
    ['another billing currency', { from: 'GBP', to: 'EUR' }, 400, 'VALIDATION_ERROR'],
    ['a currency without a rate', { from: 'XXX' }, 404, 'NOT_FOUND'],
  ])('refuses %s', async (_name, payload, status, code) => {
    const user = await signUpVerifiedUser(t);
    const res = await quote(user.accessToken, payload);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ success: false, code });
  });

  it('needs a signed-in caller and a JSON body', async () => {
    expect((await quote(undefined, { from: 'GBP' })).statusCode).toBe(401);
    const user = await signUpVerifiedUser(t);
    const text = await quote(user.accessToken, 'from=GBP', { 'content-type': 'text/plain' });
    expect(text.statusCode).toBe(415);
    const broken = await quote(user.accessToken, '{"from": ');
    expect(broken.statusCode).toBe(400);
  });
});

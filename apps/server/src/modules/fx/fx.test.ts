import { convertMinor, parseAmount, processingFee } from '@giftrelay/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerifiedUser } from '../../../test/factories';
import { pickProduct, postOrder, recipient } from '../../../test/factories/orders';
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, randomIp, signUpVerifiedUser } from '../../test/factories';
import { countRows, pickProduct, postOrder, recipient } from '../../test/factories/orders';
import { createTestApp, TEST_DB, type TestApp } from '../../test/helpers';

describe(`rate limits per organisation (${TEST_DB})`, () => {
  let t: TestApp;
  let productCode: string;
  beforeAll(async () => {
    t = await createTestApp({
      env: { RATE_LIMIT_API_PER_MINUTE: '5', RATE_LIMIT_ORDERS_PER_MINUTE: '2', RATE_LIMIT_EXPORTS_PER_MINUTE: '1' },
    });
    productCode = (await pickProduct(t)).code;
  }, 180_000);
  afterAll(() => t.close());

  const balance = (token: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({ url: '/api/v1/balance', headers: bearer(token), remoteAddress });

  it('every authenticated answer counts down the budget; past it, 429 RATE_LIMITED with Retry-After', async () => {
    const user = await signUpVerifiedUser(t);
    for (let left = 4; left >= 0; left--) {
      const res = await balance(user.accessToken);
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-limit']).toBe('5');
      expect(res.headers['ratelimit-remaining']).toBe(String(left));
      expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(1);
      expect(Number(res.headers['ratelimit-reset'])).toBeLessThanOrEqual(60);
    }
    const refused = await balance(user.accessToken);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, code: 'RATE_LIMITED', request_id: expect.any(String) });
    expect(refused.headers['ratelimit-limit']).toBe('5');
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers['ratelimit-reset']).toBe(refused.headers['retry-after']);
    // Every authenticated route spends the same budget: an order, the dashboard.
    const dashboard = await t.app.inject({ url: '/api/v1/dashboard', headers: bearer(user.accessToken) });
    expect(dashboard.statusCode).toBe(429);
  });

  it('counts per organisation: other addresses do not escape it, other organisations are untouched', async () => {
    const [a, b] = await Promise.all([signUpVerifiedUser(t), signUpVerifiedUser(t)]);
    for (let i = 0; i < 5; i++) expect((await balance(a.accessToken, randomIp())).statusCode).toBe(200);
    expect((await balance(a.accessToken, randomIp())).statusCode).toBe(429);
    const other = await balance(b.accessToken);
    expect(other.statusCode).toBe(200);
    expect(other.headers['ratelimit-remaining']).toBe('4');
  });

  it('order creation has its own budget, and a refused order writes nothing', async () => {
    const user = await signUpVerifiedUser(t);
    const order = () =>
      postOrder(t, user.accessToken, { product_code: productCode, amount: 25, email: recipient(), quantity: 1 });
    const first = await order();
    expect(first.statusCode).toBe(201);
    expect(first.headers['ratelimit-limit']).toBe('2');
    expect(first.headers['ratelimit-remaining']).toBe('1');
    expect((await order()).statusCode).toBe(201);
    const refused = await order();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(refused.headers['retry-after']).toBeDefined();
    expect(await countRows(t, 'orders', user.organisationId)).toBe(2);
    // Reads still have their whole budget.
    expect((await balance(user.accessToken)).headers['ratelimit-remaining']).toBe('4');
  });

  it('both CSV exports share the exports budget', async () => {
    const user = await signUpVerifiedUser(t);
    const orders = await t.app.inject({ url: '/api/v1/orders/export', headers: bearer(user.accessToken) });
    expect(orders.statusCode).toBe(200);
    expect(orders.headers['ratelimit-limit']).toBe('1');
    expect(orders.headers['ratelimit-remaining']).toBe('0');
    const analytics = await t.app.inject({ url: '/api/v1/analytics/export', headers: bearer(user.accessToken) });
    expect(analytics.statusCode).toBe(429);
    expect(analytics.headers['content-type']).toContain('application/json');
    expect(analytics.json().code).toBe('RATE_LIMITED');
    expect((await balance(user.accessToken)).statusCode).toBe(200);
  });

  it('public routes and requests without a valid token spend no organisation budget and carry no headers', async () => {
    const products = await t.app.inject({ url: '/api/v1/products?country=US' });
    expect(products.statusCode).toBe(200);
    expect(products.headers['ratelimit-limit']).toBeUndefined();
    const anonymous = await t.app.inject({ url: '/api/v1/balance' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['ratelimit-limit']).toBeUndefined();
  });
});

describe(`RATE_LIMIT_FACTOR multiplies the organisation budgets (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_API_PER_MINUTE: '2', RATE_LIMIT_FACTOR: '3' } });
  }, 180_000);
  afterAll(() => t.close());

  it('2 × 3 = 6 requests a minute', async () => {
    const user = await signUpVerifiedUser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await t.app.inject({ url: '/api/v1/auth/user', headers: bearer(user.accessToken) })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
  });
});

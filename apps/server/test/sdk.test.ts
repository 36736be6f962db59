import type { AddressInfo } from 'node:net';
import { createClient } from '@giftrelay/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkToken, uniqueEmail } from './factories';
import { createTestApp, eventually, type TestApp } from './helpers';

// The generated SDK (packages/sdk) against the real server listening on a port, as an integrator
// would use it: the Docs page's SDK example is this code.
describe('the SDK drives the money path', () => {
  let t: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(() => t?.close());

  it('signs up, verifies, signs in, lists products, sends an order with an Idempotency-Key and reads it back', async () => {
    const anonymous = createClient({ baseUrl });
    const email = uniqueEmail('sdk');
    const password = 'violet-Harbour-42';

    const signUp = await anonymous.POST('/api/v1/auth/signup', { body: { email, password } });
    expect(signUp.response.status).toBe(200);
    const verification = await eventually(async () => {
      const { data } = await anonymous.GET('/api/mailbox', { params: { query: { to: email } } });
      return data?.messages.find((m) => /verify/i.test(m.subject));
    });
    // An API client has no sign-up cookie: it verifies with the password it chooses (decision 054).
    const verified = await anonymous.POST('/api/v1/auth/verify', {
      body: { token: linkToken(verification, '/verify/'), password },
    });
    expect(verified.data?.email).toBe(email);
    const signIn = await anonymous.POST('/api/v1/auth/token', {
      params: { query: { grant_type: 'password' } },
      body: { email, password },
    });
    if (!signIn.data) throw new Error(`sign-in failed: ${JSON.stringify(signIn.error)}`);
    // An account with two-factor sign-in would answer a challenge instead (grant_type=two_factor next).
    if ('two_factor_required' in signIn.data) throw new Error('this account has no second factor');
    expect(signIn.data.user.organisation.sandbox).toBe(true);

    // The Docs page's example, line for line.
    const api = createClient({ baseUrl, token: signIn.data.access_token });
    const { data: catalog } = await api.GET('/api/v1/products', {
      params: { query: { country: 'US', currency: 'USD' } },
    });
    const product = catalog?.data.find((p) => p.denominations === null && p.minValue <= 25 && p.maxValue >= 25);
    if (!product) throw new Error('no range product for 25 USD in the catalogue');
    const { data: order, error } = await api.POST('/api/v1/orders', {
      params: { header: { 'idempotency-key': 'referral-bonus-8841' } },
      body: { product_code: product.code, amount: 25, email: 'sam@example.com', quantity: 1 },
    });
    if (error) throw new Error(`${error.code}: ${error.error}`);

    expect(order.status).toBe('pending');
    expect(order.product_code).toBe(product.code);
    expect(order.amount).toBe(25);
    expect(order.total).toBeGreaterThan(25);

    // The same key again: the first answer, and no second order.
    const replay = await api.POST('/api/v1/orders', {
      params: { header: { 'idempotency-key': 'referral-bonus-8841' } },
      body: { product_code: product.code, amount: 25, email: 'sam@example.com', quantity: 1 },
    });
    expect(replay.response.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.data?.order_id).toBe(order.order_id);

    const delivered = await eventually(async () => {
      const { data } = await api.GET('/api/v1/orders/{id}', { params: { path: { id: order.order_id } } });
      return data?.status === 'completed' && data;
    });
    expect(delivered.recipient_email).toBe('sam@example.com');
    expect(delivered.rewards).toHaveLength(1);
    expect(delivered.rewards[0]?.status).toBe('issued');
    expect(delivered.history.map((e) => e.type)).toContain('order.created');

    const listed = await api.GET('/api/v1/orders');
    expect(listed.data?.orders.map((o) => o.order_id)).toEqual([order.order_id]);
    const balance = await api.GET('/api/v1/balance');
    expect(balance.data?.available).toBe(5000 - order.charged.total);

    // Errors are typed too: the body is the API's error.
    const missing = await api.GET('/api/v1/orders/{id}', {
      params: { path: { id: '00000000-0000-4000-8000-000000000000' } },
    });
    expect(missing.response.status).toBe(404);
    expect(missing.error?.code).toBe('NOT_FOUND');
    const signedOut = await createClient({ baseUrl, token: 'not-a-token' }).GET('/api/v1/balance');
    expect(signedOut.error?.code).toBe('UNAUTHORIZED');
  });
});

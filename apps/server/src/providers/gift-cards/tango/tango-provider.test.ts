import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerifiedUser, waitForEmail } from '../../../../test/factories';
import { creditBalance, goLive, makeOperator } from '../../../../test/factories/live';
import { claimTokensOf, postOrder, recipient, settledOrder } from '../../../../test/factories/orders';
import { FAKE_TANGO, FakeTango } from '../../../../test/fake-tango';
import { createMigratedTestDatabase, createTestApp, TEST_DB, type TestApp } from '../../../../test/helpers';
import type { DatabaseHandle } from '../../../db/database';
import { syncCatalog } from '../../../modules/catalog/sync';
import { alertLowProviderFunds } from '../../../modules/operators';
import { ProviderError } from '../types';
import { TangoOrderRequestSchema } from './schemas';
import { TangoProvider } from './tango-provider';

/**
 * The Tango Card RaaS adapter (issue 17) against a fake Tango at the HTTP edge (test/fake-tango.ts,
 * shaped as their public documentation): the catalogue, the full money path through the app,
 * every failure kind, a timeout resolved by looking the order up, a 429 storm, and the rate limit
 * kept across two limiters that share nothing but the database.
 */
const errorOf = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    return err as ProviderError;
  }
  throw new Error('expected the call to fail');
};

describe(`Tango Card adapter (${TEST_DB})`, () => {
  let fake: FakeTango;
  let baseUrl: string;
  let database: DatabaseHandle;
  const provider = (over: Partial<ConstructorParameters<typeof TangoProvider>[0]> = {}) =>
    new TangoProvider({
      db: database.db,
      baseUrl,
      platformName: fake.options.platformName,
      platformKey: fake.options.platformKey,
      customerId: FAKE_TANGO.customerId,
      accountId: FAKE_TANGO.accountId,
      requestsPerSecond: 50,
      timeoutMs: 2_000,
      ...over,
    });
  const order = (p: TangoProvider, over: object = {}) =>
    p.placeOrder({
      reference: randomUUID(),
      productCode: FAKE_TANGO.activeRangeUtid,
      amountMinor: 1000,
      currency: 'USD',
      ...over,
    });

  beforeAll(async () => {
    fake = new FakeTango({ extraItems: 5_000 });
    baseUrl = await fake.start();
    database = await createMigratedTestDatabase();
  });
  afterAll(async () => {
    await fake.stop();
    await database.close();
  });

  it('reads the whole catalogue in one request and syncs 5,000+ items, skipping inactive ones', async () => {
    const before = fake.requests.length;
    const result = await syncCatalog(database.db, provider(), 'manual');
    expect(fake.requests.length - before).toBe(1);
    expect(result).toMatchObject({ added: 5_002, skipped: 0 });
    const fixed = await database.db
      .selectFrom('products')
      .selectAll()
      .where('code', '=', FAKE_TANGO.activeFixedUtid)
      .executeTakeFirstOrThrow();
    expect(fixed).toMatchObject({ provider: 'tango', brand: 'Tango Fixed', currency: 'USD', country: 'US' });
    expect(fixed.redemption_instructions).toBe('Redeem at checkout.');
    expect(fixed.description).toBe('Tango Fixed gift card');
    const inactive = await database.db
      .selectFrom('products')
      .select('code')
      .where('code', '=', FAKE_TANGO.inactiveUtid)
      .executeTakeFirst();
    expect(inactive).toBeUndefined();
    // A second sync changes nothing and writes nothing.
    expect(await syncCatalog(database.db, provider(), 'manual')).toMatchObject({ added: 0, updated: 0 });
  });

  it('places an order once per reference, with the card’s code, PIN and link, and reads it back', async () => {
    const p = provider();
    const reference = randomUUID();
    const first = await order(p, { reference });
    expect(first).toMatchObject({
      reference,
      productCode: FAKE_TANGO.activeRangeUtid,
      amountMinor: 1000,
      currency: 'USD',
    });
    expect(first.code).toMatch(/^TNG-/);
    expect(first.pin).toMatch(/^\d{4}$/);
    expect(first.redemptionUrl).toBe('https://www.example.com/redeem');
    const again = await order(p, { reference });
    expect(again.code).toBe(first.code);
    expect(await p.getOrder(reference)).toMatchObject({ code: first.code, providerOrderId: first.providerOrderId });
    expect(await p.getOrder(randomUUID())).toBeNull();
  });

  it('maps every documented failure to its kind, retryable or not', async () => {
    const p = provider();
    fake.failNext(500, { i18nKey: 'internal.error', message: 'Internal error' });
    expect(await errorOf(order(p))).toMatchObject({ kind: 'provider_error', retryable: true });
    expect(await errorOf(order(p, { productCode: FAKE_TANGO.inactiveUtid }))).toMatchObject({
      kind: 'out_of_stock',
      retryable: false,
    });
    expect(await errorOf(order(p, { productCode: FAKE_TANGO.activeFixedUtid, amountMinor: 3000 }))).toMatchObject({
      kind: 'declined',
      retryable: false,
    });
    const balance = fake.balance;
    fake.balance = 5;
    expect(await errorOf(order(p))).toMatchObject({ kind: 'insufficient_funds', retryable: false });
    fake.balance = balance;
    const wrongKey = await errorOf(order(provider({ platformKey: 'not-the-key' })));
    expect(wrongKey).toMatchObject({ kind: 'provider_error', retryable: false });
    expect(wrongKey.message).not.toContain('not-the-key');
    fake.failNext(200, { surprise: true });
    expect(await errorOf(p.getOrder(randomUUID()))).toMatchObject({ kind: 'provider_error', retryable: true });
  });

  it('resolves a timeout after sending by looking the order up: one card, not lost, not twice', async () => {
    const p = provider({ timeoutMs: 1_000 });
    const reference = randomUUID();
    const placedBefore = fake.ordersPlaced();
    fake.hangNext(1);
    const card = await order(p, { reference });
    expect(fake.ordersPlaced()).toBe(placedBefore + 1);
    expect(card.code).toBe(fake.orders.get(reference)?.code);
    // The lookup by reference went after the timeout; a retry gets the same card.
    const lookups = fake.requests.filter((r) => r.method === 'GET' && r.query.get('externalRefID') === reference);
    expect(lookups.length).toBeGreaterThanOrEqual(1);
    expect((await order(p, { reference })).code).toBe(card.code);
    expect(fake.ordersPlaced()).toBe(placedBefore + 1);
    // No answer and nothing placed: a retryable timeout.
    fake.hangNext(1);
    expect(await errorOf(p.getOrder(randomUUID()))).toMatchObject({ kind: 'timeout', retryable: true });
  });

  it('rides out a 429 storm: backs off, and the retry places exactly one card', async () => {
    const p = provider();
    const reference = randomUUID();
    fake.failNext(429, { i18nKey: 'rate.limit.exceeded', message: 'Too many requests' }, 3);
    const started = Date.now();
    let card: Awaited<ReturnType<TangoProvider['placeOrder']>> | undefined;
    const kinds: string[] = [];
    for (let attempt = 0; attempt < 6 && !card; attempt++) {
      try {
        card = await order(p, { reference });
      } catch (err) {
        expect(err).toBeInstanceOf(ProviderError);
        expect((err as ProviderError).retryable).toBe(true);
        kinds.push((err as ProviderError).kind);
      }
    }
    expect(kinds).toEqual(['rate_limited', 'rate_limited', 'rate_limited']);
    expect(card?.reference).toBe(reference);
    expect([...fake.orders.values()].filter((o) => o.externalRefID === reference)).toHaveLength(1);
    // Each 429 paused every caller for the documented pause (2 s without Retry-After).
    expect(Date.now() - started).toBeGreaterThanOrEqual(3 * 2_000 - 100);
  }, 30_000);

  it('keeps to one request a second across two limiters that share only the database', async () => {
    const limited = new FakeTango({ requestsPerSecond: 1 });
    const url = await limited.start();
    // Two "processes": two providers with nothing in common but the database (a limiter keeps no
    // state in memory: every slot is taken on the database's row).
    try {
      const make = (db: DatabaseHandle) =>
        new TangoProvider({
          db: db.db,
          baseUrl: url,
          platformName: limited.options.platformName,
          platformKey: limited.options.platformKey,
          customerId: FAKE_TANGO.customerId,
          accountId: FAKE_TANGO.accountId,
          requestsPerSecond: 1,
          timeoutMs: 5_000,
        });
      const a = make(database);
      const b = make(database);
      await Promise.all([
        ...Array.from({ length: 3 }, () => a.getOrder(randomUUID())),
        ...Array.from({ length: 3 }, () => b.getOrder(randomUUID())),
      ]);
      expect(limited.rateLimited).toBe(0);
      const times = limited.requests.map((r) => r.at).sort((x, y) => x - y);
      expect(times).toHaveLength(6);
      for (let i = 1; i < times.length; i++)
        expect((times[i] as number) - (times[i - 1] as number)).toBeGreaterThanOrEqual(900);
    } finally {
      await limited.stop();
    }
  }, 30_000);

  it('sends exactly the documented order request (contract)', async () => {
    const posts = fake.requests.filter((r) => r.method === 'POST' && r.path === '/orders');
    expect(posts.length).toBeGreaterThan(5);
    const auth = `Basic ${Buffer.from(`${fake.options.platformName}:${fake.options.platformKey}`).toString('base64')}`;
    for (const post of posts) {
      if (post.authorization !== auth) continue;
      const body = TangoOrderRequestSchema.parse(post.body);
      expect(body).toMatchObject({
        accountIdentifier: FAKE_TANGO.accountId,
        customerIdentifier: FAKE_TANGO.customerId,
        sendEmail: false,
      });
      expect(body.externalRefID).toMatch(/^[0-9a-f-]{36}$/);
    }
    const reads = fake.requests.filter((r) => r.method === 'GET' && r.path === '/orders');
    expect(reads.every((r) => r.query.has('externalRefID'))).toBe(true);
  });
});

describe(`the money path on Tango Card (${TEST_DB})`, () => {
  let fake: FakeTango;
  let t: TestApp;
  beforeAll(async () => {
    fake = new FakeTango();
    const baseUrl = await fake.start();
    t = await createTestApp({
      env: {
        GIFT_CARD_PROVIDER: 'tango',
        TANGO_BASE_URL: baseUrl,
        TANGO_PLATFORM_NAME: fake.options.platformName,
        TANGO_PLATFORM_KEY: fake.options.platformKey,
        TANGO_CUSTOMER_ID: FAKE_TANGO.customerId,
        TANGO_ACCOUNT_ID: FAKE_TANGO.accountId,
        TANGO_REQUESTS_PER_SECOND: '50',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  it('syncs, orders, completes, emails the recipient and shows the card on the claim page', async () => {
    await t.app.catalogSync.run('manual');
    const owner = await signUpVerifiedUser(t);
    // Only a live organisation's orders reach Tango (decision 045): approved, then funded.
    await goLive(t, owner, await makeOperator(t));
    await creditBalance(t, owner.organisationId, 10_000);
    const to = recipient();
    const res = await postOrder(t, owner.accessToken, {
      product_code: FAKE_TANGO.activeRangeUtid,
      amount: 10,
      email: to,
      quantity: 2,
    });
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json().order_id;
    const done = await settledOrder(t, owner.accessToken, orderId);
    expect(done.status).toBe('completed');
    // Two cards from Tango, each under its reward's id, none emailed by Tango.
    const rewards = await t.database.db
      .selectFrom('rewards')
      .select(['id', 'code_last4'])
      .where('order_id', '=', orderId)
      .execute();
    expect(rewards).toHaveLength(2);
    for (const r of rewards) {
      const placed = fake.orders.get(r.id);
      expect(placed).toBeDefined();
      expect(r.code_last4).toBe(placed?.code.replace(/[^A-Za-z0-9]/g, '').slice(-4));
    }
    await waitForEmail(t, to);
    const [token] = await claimTokensOf(t, orderId);
    const claim = await t.app.inject({ url: `/api/v1/claims/${token}` });
    expect(claim.statusCode, claim.body).toBe(200);
    const codes = [...fake.orders.values()].map((o) => o.code);
    expect(codes).toContain(claim.json().code);
  });

  it('reports low funds on /api/health to operators and emails the operators once a day', async () => {
    // The figures are for operators (decision 057); anyone else learns only that the provider is ok.
    const asOperator = { authorization: `Bearer ${(await makeOperator(t)).accessToken}` };
    expect((await t.app.inject({ url: '/api/health' })).json().gift_cards).toEqual({ ok: true });
    const health = await t.app.inject({ url: '/api/health', headers: asOperator });
    expect(health.json().gift_cards).toMatchObject({ provider: 'tango', sandbox: false, ok: true, funds_low: false });
    // The public health check answers from a recent look: polling it costs Tango nothing.
    const looks = () => fake.requests.filter((r) => r.path === `/accounts/${FAKE_TANGO.accountId}`).length;
    const before = looks();
    fake.balance = 250;
    expect((await t.app.inject({ url: '/api/health', headers: asOperator })).json().gift_cards.funds_low).toBe(false);
    expect(looks()).toBe(before);
    // The first verified account of the instance is an operator (decision 041).
    const operator = await t.database.db
      .selectFrom('platform_operators as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select('u.email')
      .executeTakeFirstOrThrow();
    expect(await alertLowProviderFunds(t.app)).toBe(true);
    const mail = await waitForEmail(t, operator.email, /account is low/);
    expect(mail.subject).toContain('$250.00 left');
    expect(await alertLowProviderFunds(t.app)).toBe(false);
    // The sweep's fresh look is the health check's too.
    expect((await t.app.inject({ url: '/api/health', headers: asOperator })).json().gift_cards.funds_low).toBe(true);
  });
});
